/** The stale-build recovery wired to the browser: session storage, location, Vite's preload event. */
import { APP_VERSION } from '../../config/version.ts';
import { isChunkError, reloadForNewBuild } from './stale-build.ts';

/** Reload to / for a failed chunk, once per build; false when already tried. */
export function recoverFromStaleBuild(): boolean {
  try {
    return reloadForNewBuild({
      storage: sessionStorage,
      go: (url) => window.location.replace(url),
      version: APP_VERSION,
      home: import.meta.env.BASE_URL,
    });
  } catch {
    return false; // storage refused: never loop
  }
}

/**
 * Vite raises `vite:preloadError` when a lazy chunk or its CSS fails to load.
 * The error still propagates (no preventDefault), so the error boundary shows
 * "updating" while the new build loads.
 */
export function watchStaleBuild(): void {
  window.addEventListener('vite:preloadError', () => void recoverFromStaleBuild());
  // A failed lazy load outside React (a locale file, a panel prefetch).
  window.addEventListener('unhandledrejection', (e) => {
    if (isChunkError(e.reason)) recoverFromStaleBuild();
  });
}

/**
 * The entry, kept tiny: it starts what needs no React (the config fetch, the
 * worker, the first locale files: boot/early.ts), then loads the app, so
 * they run while the app's chunk downloads and compiles. Its stylesheet comes
 * with the app's chunk; until then index.html's boot shell is the page.
 */
import { routePath } from './machines/route-path.ts';
import { watchStaleBuild } from './ui/boot/stale-build-browser.ts';
import { startEarly } from './ui/boot/early.ts';
import { afterStartUp } from './ui/boot/after-start-up.ts';
import { mayPrecache, whenIdleAfterLive, type ConnectionHints } from './ui/boot/precache.ts';
import { yieldToMain } from './ui/boot/yield.ts';

// Start-up stages are marked in the page and the worker (boot:*, sim:*), for traces and the bench.
performance.mark('boot:main');
// Before anything lazy loads: a redeploy under this tab leads to the new build.
watchStaleBuild();
startEarly();
const root = document.getElementById('root');
let started = false;
const load = () => {
  if (started || !root) return;
  started = true;
  void loadApp(root);
};
/**
 * The app's code evaluates in stages, a task each (issue 14: none over 50 ms;
 * as one module graph it was a single 100 ms task, 300 ms at 4x throttling):
 * React DOM, the state machines, then the app itself. All of it
 * is preloaded by index.html (build/preload-app.ts), so the stages only split
 * evaluation, not downloads.
 */
async function loadApp(el: HTMLElement): Promise<void> {
  await import('react-dom/client');
  performance.mark('boot:react-dom');
  await yieldToMain();
  await import('xstate');
  performance.mark('boot:machines');
  await yieldToMain();
  const m = await import('./ui/root.tsx');
  performance.mark('boot:root');
  await yieldToMain();
  // A page opened on a lazy screen (the chart) renders it at once, not a skeleton first.
  await m.startRouteScreen(routePath(location.pathname, import.meta.env.BASE_URL));
  performance.mark('boot:route-screen');
  m.mount(el);
}

// The boot shell paints first (its chunks are preloaded meanwhile); the timer
// covers a tab opened in the background, which gets no animation frames.
requestAnimationFrame(() => setTimeout(load, 0));
setTimeout(load, 100);

// The shell and chunks cached for offline starts (build/pwa.ts): after start-up, the first live
// price and an idle moment, so its precache never competes with the first screen; not on a
// connection that asks to save data (boot/precache.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterStartUp(() =>
    whenIdleAfterLive(() => {
      const hints = (navigator as { connection?: ConnectionHints }).connection;
      if (!mayPrecache(hints)) return;
      navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
        /* no worker: the app still runs online */
      });
    }),
  );
}

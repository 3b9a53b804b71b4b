/**
 * The entry, kept tiny: it starts what needs no React (the config fetch, the
 * worker, the first locale files: boot/early.ts), then loads the app, so
 * they run while the app's chunk downloads and compiles. Its stylesheet comes
 * with the app's chunk; until then index.html's boot shell is the page.
 */
import { watchStaleBuild } from './ui/boot/stale-build-browser.ts';
import { startEarly } from './ui/boot/early.ts';

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
  void import('./ui/root.tsx').then((m) => m.mount(root));
};
// The boot shell paints first (its chunks are preloaded meanwhile); the timer
// covers a tab opened in the background, which gets no animation frames.
requestAnimationFrame(() => setTimeout(load, 0));
setTimeout(load, 100);

/** Once the page has loaded and the first prices are in (the load event alone can come before the app's chunk now). */
function afterStartUp(fn: () => void): void {
  const loaded = new Promise<void>((r) =>
    document.readyState === 'complete' ? r() : window.addEventListener('load', () => r()),
  );
  const priced = new Promise<void>((r) => {
    if (performance.getEntriesByName('boot:product-list').length) return r();
    const po = new PerformanceObserver((l) => {
      if (!l.getEntriesByName('boot:product-list').length) return;
      po.disconnect();
      r();
    });
    po.observe({ type: 'mark' });
  });
  void Promise.all([loaded, priced]).then(fn);
}

// The shell and chunks cached for offline starts (build/pwa.ts); after start-up, so it never competes with the first price.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterStartUp(() => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
      /* no worker: the app still runs online */
    });
  });
}

/**
 * Work the first screen does not need waits until the page has loaded, the
 * first prices are in (the `boot:product-list` mark) and the page is idle,
 * so it never competes with the first price nor with the first screen's
 * render: the service worker's registration, the after-start chunk (the
 * reality check, stop notices), the screens' loaders. On a chart route the
 * after-start chunks' evaluation once fell between the product list and the
 * chart's render, about 150 ms before Buy was enabled on slow 4G (issue 31).
 */
import { whenIdle, whenMarked } from './when.ts';

/** Longest wait for an idle moment once start-up is over (prices re-render five times a second). */
const IDLE_WAIT_MS = 1_000;

const started = new Promise<void>((resolve) => {
  const loaded = new Promise<void>((r) =>
    document.readyState === 'complete' ? r() : window.addEventListener('load', () => r()),
  );
  void Promise.all([loaded, whenMarked('boot:product-list')]).then(() =>
    whenIdle(resolve, IDLE_WAIT_MS),
  );
});

export function afterStartUp(fn: () => void): void {
  void started.then(fn);
}

/**
 * Work the first screen does not need waits until the page has loaded and
 * the first prices are in (the `boot:product-list` mark), so it never
 * competes with the first price: the service worker's registration,
 * the back-office handle, the reality check.
 */
const started = new Promise<void>((resolve) => {
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
  void Promise.all([loaded, priced]).then(() => resolve());
});

export function afterStartUp(fn: () => void): void {
  void started.then(fn);
}

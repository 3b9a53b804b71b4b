/** Start-up waits: for a performance mark, for an idle moment. No side effect on import. */

/** Resolves once a `performance.mark(name)` exists (or after `timeoutMs`, if given). */
export function whenMarked(name: string, timeoutMs?: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (performance.getEntriesByName(name).length) return resolve();
    const po = new PerformanceObserver((l) => {
      if (!l.getEntriesByName(name).length) return;
      po.disconnect();
      resolve();
    });
    po.observe({ type: 'mark' });
    if (timeoutMs !== undefined)
      setTimeout(() => {
        po.disconnect();
        resolve();
      }, timeoutMs);
  });
}

/** Runs `fn` when the page is idle, or after `timeoutMs` at most (at once where there is no idle callback). */
export function whenIdle(fn: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 0);
}

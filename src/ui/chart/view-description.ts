/**
 * A text description of what the chart shows (visible bars and drawings),
 * for screen readers and tests. It is rewritten only when a number changes,
 * so a live update costs a comparison, not a DOM write.
 */
import type { Chart } from 'klinecharts';

export type Describe = (v: { from: number; to: number; total: number; drawings: number }) => string;

export function createViewDescription(el: HTMLElement, describe: Describe) {
  let last = '';
  let drawings = 0;
  const update = (chart: Chart) => {
    const r = chart.getVisibleRange();
    const total = chart.getDataList().length;
    const from = total === 0 ? 0 : Math.min(r.from + 1, total);
    const to = Math.min(r.to, total);
    const k = `${from}|${to}|${total}|${drawings}`;
    if (k === last) return;
    last = k;
    el.textContent = describe({ from, to, total, drawings });
  };
  return {
    update,
    setDrawings(chart: Chart, n: number) {
      drawings = n;
      update(chart);
    },
  };
}

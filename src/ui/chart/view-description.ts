/**
 * A text description of what the chart shows, read back from the chart
 * itself (period, candle type, visible bars, indicators, drawings), for
 * screen readers and tests. A visible-range change (every live bar) costs a
 * comparison of three numbers; the DOM is written only when something changed.
 */
import type { Chart } from 'klinecharts';
import { PERIODS } from '../../api/wire.ts';
import {
  CANDLE_TYPES,
  KLINE_CANDLE,
  type CandleKind,
  type DrawingTool,
  type Period,
} from './chart-types.ts';
import { finishedDrawings } from './drawings.ts';
import { klinePeriod } from './kline-data.ts';

export interface ViewSummary {
  period: Period | undefined;
  candle: CandleKind | undefined;
  from: number;
  to: number;
  total: number;
  main: string[];
  sub: string[];
  drawings: DrawingTool[];
}

function periodOf(chart: Chart): Period | undefined {
  const p = chart.getPeriod();
  return PERIODS.find((x) => klinePeriod(x).type === p?.type && klinePeriod(x).span === p.span);
}

const names = (chart: Chart, prefix: string) =>
  chart
    .getIndicators()
    .filter((i) => i.id.startsWith(prefix))
    .map((i) => i.name);

export function createViewDescription(el: HTMLElement, describe: (v: ViewSummary) => string) {
  const cur: ViewSummary = {
    period: undefined,
    candle: undefined,
    from: 0,
    to: 0,
    total: 0,
    main: [],
    sub: [],
    drawings: [],
  };
  let text = '';
  const write = () => {
    const next = describe(cur);
    if (next !== text) el.textContent = text = next;
  };
  return {
    /** The visible range moved (a live bar, a zoom, a scroll). */
    update(chart: Chart) {
      const r = chart.getVisibleRange();
      const total = chart.getDataList().length;
      const from = total === 0 ? 0 : Math.min(r.from + 1, total);
      const to = Math.min(r.to, total);
      if (from === cur.from && to === cur.to && total === cur.total) return;
      Object.assign(cur, { from, to, total });
      write();
    },
    /** Period, candle type, indicators or drawings may have changed. */
    refresh(chart: Chart) {
      const type = chart.getStyles().candle.type;
      cur.period = periodOf(chart);
      cur.candle = CANDLE_TYPES.find((c) => KLINE_CANDLE[c] === type);
      cur.main = names(chart, 'main_');
      cur.sub = names(chart, 'sub_');
      cur.drawings = finishedDrawings(chart).map((d) => d.tool);
      write();
    },
  };
}

/** The description's text: what a sighted user reads off the chart. */
export function summarise(
  t: (k: string, o?: Record<string, unknown>) => string,
  v: ViewSummary,
): string {
  const list = (xs: string[]) => (xs.length > 0 ? xs.join(', ') : t('chart.none'));
  return t('chart.summary', {
    period: v.period ? t(`chart.periods.${v.period}`) : '',
    candle: v.candle ? t(`chart.candles.${v.candle}`) : '',
    from: v.from,
    to: v.to,
    total: v.total,
    main: list(v.main),
    sub: list(v.sub),
    drawings: list(v.drawings.map((d) => t(`chart.tools.${d}`))),
  });
}

/**
 * Indicators on the chart: the parameters we give klinecharts' built-in
 * calculations, and keeping the chart's indicators equal to the user's choice.
 * The parameters are the conventional ones; tests/unit/chart compares the
 * results with an independent library, so a wrong parameter shows there.
 */
import type { Chart, IndicatorCreate } from 'klinecharts';
import type { IndicatorChoice, IndicatorKind, MainIndicator, SubIndicator } from './chart-types.ts';

export type IndicatorName = MainIndicator | SubIndicator;

export const INDICATOR_PARAMS: Record<IndicatorName, number[]> = {
  MA: [5, 10, 30, 60],
  EMA: [6, 12, 20],
  // klinecharts' SMA(N, M) is the weighted average (M·close + (N−M+1)·prev) / (N+1).
  SMA: [12, 2],
  BOLL: [20, 2],
  BBI: [3, 6, 12, 24],
  VOL: [5, 10, 20],
  MACD: [12, 26, 9],
  KDJ: [9, 3, 3],
  RSI: [6, 12, 24],
};

/** The main indicators share the candle pane; each sub indicator has a pane of its own. */
export const CANDLE_PANE = 'candle_pane';
export const indicatorId = (kind: IndicatorKind, name: IndicatorName): string => `${kind}_${name}`;
const subPane = (name: IndicatorName) => `sub_pane_${name}`;

export function indicatorCreate(kind: IndicatorKind, name: IndicatorName): IndicatorCreate {
  return {
    id: indicatorId(kind, name),
    name,
    calcParams: INDICATOR_PARAMS[name],
    paneId: kind === 'main' ? CANDLE_PANE : subPane(name),
  };
}

/** Oscillators on a 0–100 scale; MACD is in price units, shown at the symbol's precision. */
const PRECISION: Partial<Record<IndicatorName, number>> = { KDJ: 2, RSI: 2 };

/** Add and remove indicators so the chart shows exactly `choice`. */
export function syncIndicators(chart: Chart, choice: IndicatorChoice): void {
  const want = new Map<string, [IndicatorKind, IndicatorName]>();
  for (const n of choice.main) want.set(indicatorId('main', n), ['main', n]);
  for (const n of choice.sub) want.set(indicatorId('sub', n), ['sub', n]);
  const have = new Set<string>();
  for (const ind of chart.getIndicators()) {
    if (!ind.id.startsWith('main_') && !ind.id.startsWith('sub_')) continue;
    if (want.has(ind.id)) have.add(ind.id);
    else chart.removeIndicator({ id: ind.id });
  }
  for (const [id, [kind, name]] of want) {
    // Main indicators stack on the candle pane; a sub indicator owns its pane.
    if (!have.has(id)) chart.createIndicator(indicatorCreate(kind, name), kind === 'main');
    const precision = name === 'MACD' ? chart.getSymbol()?.pricePrecision : PRECISION[name];
    if (kind === 'sub' && precision !== undefined) chart.overrideIndicator({ id, name, precision });
  }
}

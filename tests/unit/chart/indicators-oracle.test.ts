/**
 * The chart's indicators, as klinecharts calculates them with the parameters
 * we give it (src/ui/chart/indicators.ts), against technicalindicators as an
 * independent oracle with the conventional parameters written out here. A
 * wrong parameter, a swapped one or a line read under the wrong key fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BollingerBands, EMA, MACD, RSI, SMA, Stochastic } from 'technicalindicators';
import type { Chart, KLineData } from 'klinecharts';
import { createWorld, type TestWorld } from '../../support/sim.ts';
import { toKLineData } from '../../../src/ui/chart/kline-data.ts';
import {
  syncIndicators,
  indicatorId,
  type IndicatorName,
} from '../../../src/ui/chart/indicators.ts';
import {
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type IndicatorKind,
} from '../../../src/ui/chart/chart-types.ts';
import { headlessChart, settle } from './headless-chart.ts';

let world: TestWorld;
let bars: KLineData[];
let chart: Chart;

beforeAll(async () => {
  world = await createWorld();
  const r = await world.api.call('klineHistoryLimit', {
    symbol: 'BTCUSDT',
    period: '1min',
    limit: 300,
  });
  bars = (r.data ?? []).map(toKLineData);
  chart = await headlessChart(bars);
  syncIndicators(chart, { main: MAIN_INDICATORS, sub: SUB_INDICATORS });
  await settle();
});
afterAll(() => world.sim.stop());

const close = () => bars.map((b) => b.close);

/** One line of an indicator: klinecharts' values under `key`, from the first bar that has one. */
function line(kind: IndicatorKind, name: IndicatorName, key: string): number[] {
  const ind = chart.getIndicators({ id: indicatorId(kind, name) })[0];
  if (!ind) throw new Error(`${kind} ${name} is not on the chart`);
  expect(ind.result).toHaveLength(bars.length);
  return (ind.result as Array<Record<string, number | undefined>>).flatMap((r) =>
    typeof r[key] === 'number' ? [r[key]] : [],
  );
}

/** Both series end at the last bar: compare them aligned at the end, with the same length. */
function same(actual: number[], expected: number[], tolerance = 1e-6) {
  expect(actual.length, 'number of values').toBe(expected.length);
  expect(actual.length).toBeGreaterThan(100);
  actual.forEach((v, i) => {
    const e = expected[i] as number;
    expect(Math.abs(v - e), `value ${i}: ${v} vs ${e}`).toBeLessThanOrEqual(
      tolerance * Math.max(1, Math.abs(e)),
    );
  });
}

const kinds = (name: IndicatorName): IndicatorKind[] =>
  [
    ...((MAIN_INDICATORS as readonly string[]).includes(name) ? (['main'] as const) : []),
    ...((SUB_INDICATORS as readonly string[]).includes(name) ? (['sub'] as const) : []),
  ] as IndicatorKind[];

describe('chart indicators against technicalindicators (BTCUSDT, 300 one-minute bars from the simulator)', () => {
  it('has 300 bars to work on', () => {
    expect(bars).toHaveLength(300);
  });

  it.each(kinds('MA'))('MA (%s): simple averages of close over 5, 10, 30, 60', (kind) => {
    [5, 10, 30, 60].forEach((period, i) =>
      same(line(kind, 'MA', `ma${i + 1}`), SMA.calculate({ period, values: close() })),
    );
  });

  it.each(kinds('EMA'))('EMA (%s): exponential averages of close over 6, 12, 20', (kind) => {
    [6, 12, 20].forEach((period, i) =>
      same(line(kind, 'EMA', `ema${i + 1}`), EMA.calculate({ period, values: close() })),
    );
  });

  it('SMA (main): weight 2 over 12, which is the 12-bar exponential average', () => {
    same(line('main', 'SMA', 'sma'), EMA.calculate({ period: 12, values: close() }));
  });

  it.each(kinds('BOLL'))('BOLL (%s): 20 bars, 2 standard deviations', (kind) => {
    const bb = BollingerBands.calculate({ period: 20, stdDev: 2, values: close() });
    same(
      line(kind, 'BOLL', 'mid'),
      bb.map((b) => b.middle),
    );
    same(
      line(kind, 'BOLL', 'up'),
      bb.map((b) => b.upper),
    );
    same(
      line(kind, 'BOLL', 'dn'),
      bb.map((b) => b.lower),
    );
  });

  it('BBI (main): the mean of the 3, 6, 12 and 24 bar averages', () => {
    const mas = [3, 6, 12, 24].map((period) => SMA.calculate({ period, values: close() }));
    const n = mas[3]!.length;
    const bbi = Array.from(
      { length: n },
      (_, i) => mas.reduce((s, m) => s + m[m.length - n + i]!, 0) / 4,
    );
    same(line('main', 'BBI', 'bbi'), bbi);
  });

  it('VOL (sub): volume and its 5, 10, 20 bar averages', () => {
    const volume = bars.map((b) => b.volume ?? 0);
    same(line('sub', 'VOL', 'volume'), volume);
    [5, 10, 20].forEach((period, i) =>
      same(line('sub', 'VOL', `ma${i + 1}`), SMA.calculate({ period, values: volume })),
    );
  });

  it('MACD (sub): 12/26/9; DIF, DEA, and the bar at twice their difference', () => {
    const m = MACD.calculate({
      values: close(),
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      SimpleMAOscillator: false,
      SimpleMASignal: false,
    });
    same(
      line('sub', 'MACD', 'dif'),
      m.map((x) => x.MACD as number),
    );
    const full = m.filter((x) => x.signal !== undefined);
    same(
      line('sub', 'MACD', 'dea'),
      full.map((x) => x.signal as number),
    );
    same(
      line('sub', 'MACD', 'macd'),
      full.map((x) => 2 * (x.histogram as number)),
    );
  });

  it('RSI (sub): Wilder RSI over 6, 12, 24 (the oracle rounds to 2 decimals)', () => {
    [6, 12, 24].forEach((period, i) => {
      const expected = RSI.calculate({ period, values: close() });
      const actual = line('sub', 'RSI', `rsi${i + 1}`);
      expect(actual.length).toBe(expected.length);
      actual.forEach((v, j) => expect(Math.abs(v - expected[j]!)).toBeLessThanOrEqual(0.0051));
    });
  });

  it('KDJ (sub): 9/3/3; K and D smooth the 9-bar stochastic from 50, J = 3K − 2D', () => {
    const st = Stochastic.calculate({
      high: bars.map((b) => b.high),
      low: bars.map((b) => b.low),
      close: close(),
      period: 9,
      signalPeriod: 3,
    });
    // The oracle gives the raw stochastic (RSV); KDJ's smoothing is its textbook definition.
    const k: number[] = [];
    const d: number[] = [];
    st.forEach((s, i) => {
      k.push((2 * (k[i - 1] ?? 50) + s.k) / 3);
      d.push((2 * (d[i - 1] ?? 50) + k[i]!) / 3);
    });
    same(line('sub', 'KDJ', 'k'), k);
    same(line('sub', 'KDJ', 'd'), d);
    same(
      line('sub', 'KDJ', 'j'),
      k.map((x, i) => 3 * x - 2 * d[i]!),
    );
  });
});

/**
 * The chart's settings. Period, candle type and colour theme are one choice
 * for every chart (a valtio store, so the desktop top bar and the chart panel
 * share it); indicators are kept per symbol.
 */
import { useCallback, useState } from 'react';
import { proxy, subscribe } from 'valtio';
import { PERIODS, type Period } from '../../api/wire.ts';
import { MAX_INDICATORS_PER_KIND } from '../../config/constants.ts';
import { preferences } from '../../state/preferences.ts';
import { readJson, writeJson } from '../../state/persist.ts';
import {
  CANDLE_TYPES,
  COLOUR_THEMES,
  isOneOf,
  type CandleKind,
  type ColourTheme,
  type IndicatorChoice,
  type IndicatorKind,
  type MainIndicator,
  type SubIndicator,
} from './chart-types.ts';
import { readSymbolChart, writeSymbolChart } from './chart-storage.ts';

export interface ChartView {
  period: Period;
  candleType: CandleKind;
  colours: ColourTheme;
}

const KEY = 'chart-view';
const saved = readJson<Partial<Record<keyof ChartView, unknown>>>(KEY) ?? {};

export const chartView = proxy<ChartView>({
  period: isOneOf(PERIODS, saved.period) ? saved.period : '1min',
  candleType: isOneOf(CANDLE_TYPES, saved.candleType) ? saved.candleType : 'solid',
  colours: isOneOf(COLOUR_THEMES, saved.colours)
    ? saved.colours
    : preferences.redUp
      ? 'red_up'
      : 'green_up',
});
subscribe(chartView, () => writeJson(KEY, { ...chartView }));

/** Add or remove one indicator; adding past the limit is refused (the list comes back unchanged). */
export function toggleIndicator<T extends string>(
  list: readonly T[],
  name: T,
): { list: T[]; refused: boolean } {
  if (list.includes(name)) return { list: list.filter((n) => n !== name), refused: false };
  if (list.length >= MAX_INDICATORS_PER_KIND) return { list: [...list], refused: true };
  return { list: [...list, name], refused: false };
}

export interface IndicatorSettings {
  choice: IndicatorChoice;
  /** False when the choice was refused (already at the limit). */
  toggle(kind: IndicatorKind, name: string): boolean;
}

/** The symbol's indicators, saved on every change. */
export function useIndicatorSettings(symbol: string): IndicatorSettings {
  const [state, setState] = useState(() => ({ symbol, choice: pick(symbol) }));
  // A new symbol reads its own choice (state reset during render, as React recommends).
  let current = state;
  if (state.symbol !== symbol) {
    current = { symbol, choice: pick(symbol) };
    setState(current);
  }
  const choice = current.choice;
  const toggle = useCallback(
    (kind: IndicatorKind, name: string) => {
      const r = toggleIndicator<string>(choice[kind], name);
      if (r.refused) return false;
      const next = { ...choice, [kind]: r.list } as IndicatorChoice;
      writeSymbolChart(symbol, { main: [...next.main], sub: [...next.sub] });
      setState({ symbol, choice: next });
      return true;
    },
    [choice, symbol],
  );
  return { choice, toggle };
}

function pick(symbol: string): IndicatorChoice {
  const s = readSymbolChart(symbol);
  return { main: s.main as MainIndicator[], sub: s.sub as SubIndicator[] };
}

/**
 * The chart view shared by every chart: period, candle type and up/down
 * colour theme, in one valtio store (the desktop top bar and the chart panel
 * both bind to it), kept across reloads. Light on purpose: the app shell
 * imports it on the first route.
 */
import { proxy, subscribe } from 'valtio';
import { PERIODS, type Period } from '../../api/wire.ts';
import { preferences } from '../../state/preferences.ts';
import { readJson, writeJson } from '../../state/persist.ts';
import {
  CANDLE_TYPES,
  COLOUR_THEMES,
  isOneOf,
  type CandleKind,
  type ColourTheme,
} from './view-options.ts';

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

/**
 * The chart view's options that the app shell also shows (period and candle
 * type selects, the shared chart view store): kept apart from the rest of the
 * chart's vocabulary so the first route carries only these few names.
 */
import type { Period } from '../../api/wire.ts';

export type { Period };

export const CANDLE_TYPES = [
  'solid',
  'stroke',
  'up_stroke',
  'down_stroke',
  'ohlc',
  'area',
] as const;
export type CandleKind = (typeof CANDLE_TYPES)[number];

export const COLOUR_THEMES = ['green_up', 'red_up', 'blue_up'] as const;
export type ColourTheme = (typeof COLOUR_THEMES)[number];

export const isOneOf = <T extends string>(list: readonly T[], x: unknown): x is T =>
  typeof x === 'string' && (list as readonly string[]).includes(x);

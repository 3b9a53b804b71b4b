/**
 * The chart's vocabulary (trading.md §9): candle types, indicators, drawing
 * tools and up/down colour themes, each with the klinecharts name it maps to.
 * No klinecharts import here, so the toolbar can use these without the chart.
 */
import type { CandleKind, ColourTheme } from './view-options.ts';

export {
  CANDLE_TYPES,
  COLOUR_THEMES,
  isOneOf,
  type CandleKind,
  type ColourTheme,
  type Period,
} from './view-options.ts';

/** klinecharts' own names for our candle types. */
export const KLINE_CANDLE: Record<CandleKind, string> = {
  solid: 'candle_solid',
  stroke: 'candle_stroke',
  up_stroke: 'candle_up_stroke',
  down_stroke: 'candle_down_stroke',
  ohlc: 'ohlc',
  area: 'area',
};

export const MAIN_INDICATORS = ['MA', 'EMA', 'SMA', 'BOLL', 'BBI'] as const;
export const SUB_INDICATORS = ['MA', 'EMA', 'VOL', 'MACD', 'BOLL', 'KDJ', 'RSI'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export type SubIndicator = (typeof SUB_INDICATORS)[number];
export type IndicatorKind = 'main' | 'sub';

export interface IndicatorChoice {
  main: readonly MainIndicator[];
  sub: readonly SubIndicator[];
}

export const DRAWING_TOOLS = [
  'horizontal',
  'vertical',
  'straight',
  'ray',
  'segment',
  'price',
  'parallel',
  'channel',
  'fibonacci',
] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

/** The built-in klinecharts overlay behind each tool. */
export const TOOL_OVERLAY: Record<DrawingTool, string> = {
  horizontal: 'horizontalStraightLine',
  vertical: 'verticalStraightLine',
  straight: 'straightLine',
  ray: 'rayLine',
  segment: 'segment',
  price: 'priceLine',
  parallel: 'parallelStraightLine',
  channel: 'priceChannelLine',
  fibonacci: 'fibonacciLine',
};

export interface UpDown {
  up: string;
  down: string;
}

/**
 * Up and down colours per theme: the site's own pair (trading.md §9: the
 * template decides), the same swapped, or blue/orange, which stays readable
 * with red-green colour blindness.
 */
export function themeColours(theme: ColourTheme, site: UpDown): UpDown {
  if (theme === 'red_up') return { up: site.down, down: site.up };
  if (theme === 'blue_up') return { up: '#2563eb', down: '#ea580c' };
  return site;
}

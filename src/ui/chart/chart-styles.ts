/** klinecharts styles for light or dark mode, a candle type and an up/down colour theme. */
import type { CandleType, DeepPartial, Styles } from 'klinecharts';
import {
  KLINE_CANDLE,
  themeColours,
  type CandleKind,
  type ColourTheme,
  type UpDown,
} from './chart-types.ts';

/** Page panel colours (styles.css --panel), so a screenshot has the background the user saw. */
export const BACKGROUND = { light: '#ffffff', dark: '#111a2e' } as const;

export function colourStyles(colours: ColourTheme, site: UpDown): DeepPartial<Styles> {
  const { up, down } = themeColours(colours, site);
  return {
    candle: {
      bar: {
        upColor: up,
        downColor: down,
        upBorderColor: up,
        downBorderColor: down,
        upWickColor: up,
        downWickColor: down,
      },
      priceMark: { last: { upColor: up, downColor: down } },
    },
    indicator: {
      ohlc: { upColor: up, downColor: down },
      bars: [{ upColor: `${up}b3`, downColor: `${down}b3` }],
    },
  };
}

export function modeStyles(dark: boolean): DeepPartial<Styles> {
  const grid = dark ? '#1e293b' : '#eef2f7';
  const text = dark ? '#94a3b8' : '#64748b';
  const line = dark ? '#334155' : '#e2e8f0';
  return {
    grid: { horizontal: { color: grid }, vertical: { color: grid } },
    xAxis: { axisLine: { color: line }, tickLine: { color: line }, tickText: { color: text } },
    yAxis: { axisLine: { color: line }, tickLine: { color: line }, tickText: { color: text } },
    separator: { color: line },
    candle: {
      area: {
        lineColor: '#3b82f6',
        backgroundColor: [
          { offset: 0, color: 'rgba(59, 130, 246, 0.02)' },
          { offset: 1, color: 'rgba(59, 130, 246, 0.25)' },
        ],
      },
    },
  };
}

export const candleStyles = (kind: CandleKind): DeepPartial<Styles> => ({
  candle: { type: KLINE_CANDLE[kind] as CandleType },
});

/** The page's font everywhere the chart writes text (klinecharts defaults to Helvetica Neue). */
export function fontStyles(family: string): DeepPartial<Styles> {
  const text = { family };
  const mark = { textFamily: family };
  return {
    candle: {
      tooltip: { title: text, legend: text },
      priceMark: { high: mark, low: mark, last: { text } },
    },
    indicator: { tooltip: { title: text, legend: text }, lastValueMark: { text } },
    xAxis: { tickText: text },
    yAxis: { tickText: text },
    crosshair: { horizontal: { text }, vertical: { text } },
    overlay: { text },
  };
}

/** On a phone the OHLC legend would cover the candles: it shows only while the crosshair is up. */
export const compactStyles = (compact: boolean): DeepPartial<Styles> => {
  // Small legends on a phone, so a sub pane's legend fits on one line above its bars.
  const size = compact ? 10 : 12;
  return {
    candle: {
      tooltip: { showRule: compact ? 'follow_cross' : 'always', title: { show: !compact } },
    },
    indicator: { tooltip: { title: { showParams: !compact, size }, legend: { size } } },
  };
};

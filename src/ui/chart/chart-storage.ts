/**
 * What the chart keeps per symbol across reloads (localStorage): the chosen
 * indicators and the drawings. Anything unreadable falls back to defaults.
 */
import { readJson, writeJson } from '../../state/persist.ts';
import { MAX_INDICATORS_PER_KIND } from '../../config/constants.ts';
import {
  DRAWING_TOOLS,
  MAIN_INDICATORS,
  SUB_INDICATORS,
  isOneOf,
  type DrawingTool,
  type MainIndicator,
  type SubIndicator,
} from './chart-types.ts';

export interface SavedPoint {
  timestamp: number;
  value: number;
}
export interface SavedDrawing {
  tool: DrawingTool;
  points: SavedPoint[];
}
export interface SymbolChart {
  main: MainIndicator[];
  sub: SubIndicator[];
  drawings: SavedDrawing[];
}

export const DEFAULT_CHOICE = { main: ['MA'], sub: ['VOL'] } as const satisfies Pick<
  SymbolChart,
  'main' | 'sub'
>;

const key = (symbol: string) => `chart:${symbol}`;

const list = <T extends string>(all: readonly T[], x: unknown, fallback: readonly T[]): T[] =>
  Array.isArray(x)
    ? [...new Set(x.filter((v): v is T => isOneOf(all, v)))].slice(0, MAX_INDICATORS_PER_KIND)
    : [...fallback];

const isPoint = (p: unknown): p is SavedPoint =>
  typeof p === 'object' &&
  p !== null &&
  Number.isFinite((p as SavedPoint).timestamp) &&
  Number.isFinite((p as SavedPoint).value);

const drawings = (x: unknown): SavedDrawing[] =>
  Array.isArray(x)
    ? x.filter(
        (d): d is SavedDrawing =>
          typeof d === 'object' &&
          d !== null &&
          isOneOf(DRAWING_TOOLS, d.tool) &&
          Array.isArray(d.points) &&
          d.points.every(isPoint),
      )
    : [];

export function readSymbolChart(symbol: string): SymbolChart {
  const raw = readJson<Partial<Record<keyof SymbolChart, unknown>>>(key(symbol)) ?? {};
  return {
    main: list(MAIN_INDICATORS, raw.main, DEFAULT_CHOICE.main),
    sub: list(SUB_INDICATORS, raw.sub, DEFAULT_CHOICE.sub),
    drawings: drawings(raw.drawings),
  };
}

export function writeSymbolChart(symbol: string, patch: Partial<SymbolChart>): void {
  writeJson(key(symbol), { ...readSymbolChart(symbol), ...patch });
}

/** The indicators chosen for a symbol: at most 3 of each kind, saved per symbol. */
import { useCallback, useState } from 'react';
import { MAX_INDICATORS_PER_KIND } from '../../config/constants.ts';
import type { IndicatorChoice, IndicatorKind, MainIndicator, SubIndicator } from './chart-types.ts';
import { readSymbolChart, writeSymbolChart } from './chart-storage.ts';

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

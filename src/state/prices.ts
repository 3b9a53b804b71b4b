/**
 * The price board. Ticks arrive in batches; they are held and applied once
 * per animation frame, and each row reads only its own symbol, so a tick
 * re-renders only the rows whose price changed.
 */
import { proxy } from 'valtio';
import type { PriceEntry } from '../api/types/trading.ts';
import { learnFromQuotes, serverNow } from './server-clock.ts';

export interface PriceBoard {
  bySymbol: Record<string, PriceEntry>;
  /** Symbols in display order (by `sort`). */
  symbols: string[];
  /** When the last tick was applied (server time, epoch ms), 0 before any. */
  updatedAt: number;
}

export const prices = proxy<PriceBoard>({ bySymbol: {}, symbols: [], updatedAt: 0 });

let pending: Record<string, PriceEntry> | undefined;
let scheduled = false;

const schedule: (fn: () => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (fn) => void requestAnimationFrame(fn)
    : (fn) => void setTimeout(fn, 16);

/** Apply a full list (the product list call): replaces the board. */
export function setAllPrices(all: Record<string, PriceEntry>): void {
  learnFromQuotes(Object.values(all));
  prices.bySymbol = { ...all };
  prices.symbols = Object.values(all)
    .sort((a, b) => a.sort - b.sort)
    .map((p) => p.name);
  prices.updatedAt = serverNow();
}

function flush(): void {
  scheduled = false;
  const batch = pending;
  pending = undefined;
  if (!batch) return;
  let added = false;
  for (const [s, q] of Object.entries(batch)) {
    if (!(s in prices.bySymbol)) added = true;
    prices.bySymbol[s] = q;
  }
  if (added) {
    prices.symbols = Object.values(prices.bySymbol)
      .sort((a, b) => a.sort - b.sort)
      .map((p) => p.name);
  }
  prices.updatedAt = serverNow();
}

/** Queue ticks; they land on the board at the next frame (later ticks of a symbol win). */
export function queuePrices(batch: Record<string, PriceEntry>): void {
  // On arrival, not at the frame: a background tab may not paint for a long time.
  learnFromQuotes(Object.values(batch));
  pending = pending ? Object.assign(pending, batch) : { ...batch };
  if (!scheduled) {
    scheduled = true;
    schedule(flush);
  }
}

/**
 * The board a price tick sends from: every product's quote for one tick slot
 * ({@link TICK_MS}), and which products' feeds are silent in it. Computed once
 * per slot whoever asks (the tick, or a connection's first subscription
 * answered at once: channels.ts), so a client that subscribes again and again
 * costs no more quotes than the tick does.
 */
import type { KlinePoint, PriceEntry } from '../api/types/trading.ts';
import type { Period } from '../api/wire.ts';
import { TICK_MS } from './series.ts';

/** Where a tick's quotes and bars come from (the simulator's price engine). */
export interface TickSource {
  quotes(now: number): Record<string, PriceEntry>;
  bar(symbol: string, period: Period, now: number): KlinePoint | undefined;
}

/** The quotes of one tick's slot, and which products are silent in it. */
export interface Board {
  slot: number;
  quotes: Record<string, PriceEntry>;
  quiet: Set<string>;
}

/** The board of the latest tick slot asked for, for the channel hub's ticks and first answers. */
export class BoardCache {
  private board?: Board;
  /** The ticks' source, once a tick has run (before it, nothing to answer with). */
  source?: TickSource;

  /** `silent`: is a product's feed silent at a time (a silent-feed market event)? */
  constructor(private readonly silent?: (symbol: string, now: number) => boolean) {}

  /** The board of `now`'s slot. */
  at(now: number, src: TickSource): Board {
    const slot = Math.floor(now / TICK_MS);
    if (this.board?.slot === slot && this.source === src) return this.board;
    const quotes = src.quotes(now);
    const silent = this.silent;
    const quiet = new Set(silent ? Object.keys(quotes).filter((k) => silent(k, now)) : []);
    this.source = src;
    this.board = { slot, quotes, quiet };
    return this.board;
  }
}

/**
 * The board as a subscription may see it this tick: a silent product keeps
 * the entry the client already holds (so it is not in the message), or is
 * left out when the client holds none (a first or full message).
 */
export function quietBoard(
  quotes: Record<string, PriceEntry>,
  quiet: ReadonlySet<string>,
  sent: readonly PriceEntry[] | undefined,
): Record<string, PriceEntry> {
  if (quiet.size === 0) return quotes;
  const held = new Map(sent?.map((q) => [q.name, q]));
  const out: Record<string, PriceEntry> = {};
  for (const [k, q] of Object.entries(quotes)) {
    if (!quiet.has(k)) out[k] = q;
    // A copy: the same object would read as new to pricesUpdate (it compares identities).
    else if (held.has(k)) out[k] = { ...held.get(k)! };
  }
  return out;
}

/**
 * The price board. Ticks arrive in batches; they are held and applied once
 * per animation frame, and each row reads only its own symbol, so a tick
 * re-renders only the rows whose price changed. A tick is whole entries
 * (they replace a product's) or patches (api/types/realtime.ts: changed
 * fields, merged into the entry in place).
 *
 * A product the stream has said nothing about for {@link STALE_AFTER_MS} of
 * the feed's own time while others ticked (a silent feed: issue 29) is
 * `quiet`: its price shows as not live, as every price does when the whole
 * channel is silent (machines/realtime). Only an open market's product can
 * be quiet (a closed one's price does not move), and only after many ticks
 * without it, so a jump of the server's clock (a reviewer skipping time)
 * does not flag the products that did not move in that one tick.
 */
import { proxy } from 'valtio/vanilla';
import type { PriceEntry } from '../api/types/trading.ts';
import type { PricePatch } from '../api/types/realtime.ts';
import { learnPrecisions } from './products.ts';
import { learnFromQuotes, serverNow } from './server-clock.ts';
import { STALE_AFTER_MS } from '../config/constants.ts';

export interface PriceBoard {
  bySymbol: Record<string, PriceEntry>;
  /** Symbols in display order (by `sort`). */
  symbols: string[];
  /** When the last tick was applied (server time, epoch ms), 0 before any. */
  updatedAt: number;
  /** Products the feed has gone quiet about (see above): their prices are not live. */
  quiet: Record<string, true>;
}

export const prices = proxy<PriceBoard>({ bySymbol: {}, symbols: [], updatedAt: 0, quiet: {} });

/** Ticks a product must miss, besides the time, to be quiet (10 s of the simulator's five a second). */
const QUIET_TICKS = 50;
/** When each product was last in the stream: the feed's time and the tick count then. */
const seen: Record<string, { at: number; tick: number }> = {};
let ticks = 0;

/** Note who was in this tick, and which products the feed has gone quiet about. */
function noteQuiet(inTick: readonly string[], batchTime: number): void {
  ticks += 1;
  for (const s of inTick) seen[s] = { at: batchTime, tick: ticks };
  for (const s of prices.symbols) {
    const q = prices.bySymbol[s];
    const last = (seen[s] ??= { at: batchTime, tick: ticks });
    const quiet =
      q?.marketStatus === 'open' &&
      q.tradeStatus !== 0 &&
      batchTime - last.at >= STALE_AFTER_MS &&
      ticks - last.tick >= QUIET_TICKS;
    if (quiet && !prices.quiet[s]) prices.quiet[s] = true;
    else if (!quiet && prices.quiet[s]) delete prices.quiet[s];
  }
}

/** Ticks not yet on the board, per symbol: whole entries and patches (applied after them). */
let whole: Record<string, PriceEntry> = {};
let patches: Record<string, PricePatch> = {};
let scheduled = false;

const schedule: (fn: () => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (fn) => void requestAnimationFrame(fn)
    : (fn) => void setTimeout(fn, 16);

/**
 * Apply the product list call's list. A product the live stream already put
 * on the board keeps its entry: it is as new, and the stream's deltas build
 * on what it sent, not on this list.
 */
export function setAllPrices(all: Record<string, PriceEntry>): void {
  learnFromQuotes(Object.values(all));
  learnPrecisions(Object.values(all));
  for (const [s, q] of Object.entries(all)) if (!(s in prices.bySymbol)) prices.bySymbol[s] = q;
  prices.symbols = Object.values(all)
    .sort((a, b) => a.sort - b.sort)
    .map((p) => p.name);
  prices.updatedAt = serverNow();
}

function flush(): void {
  scheduled = false;
  const [w, ps] = [whole, patches];
  whole = {};
  patches = {};
  let added = false;
  for (const [s, q] of Object.entries(w)) {
    if (!(s in prices.bySymbol)) added = true;
    prices.bySymbol[s] = q;
  }
  // A patch for a product the board does not have has nothing to change.
  for (const [s, p] of Object.entries(ps)) {
    const q = prices.bySymbol[s];
    if (q) Object.assign(q, p);
  }
  if (added) {
    prices.symbols = Object.values(prices.bySymbol)
      .sort((a, b) => a.sort - b.sort)
      .map((p) => p.name);
  }
  prices.updatedAt = serverNow();
  const inTick = [...Object.keys(w), ...Object.keys(ps)];
  let batchTime = 0;
  for (const q of [...Object.values(w), ...Object.values(ps)])
    batchTime = Math.max(batchTime, q.lastUpdate ?? 0);
  if (batchTime > 0) noteQuiet(inTick, batchTime);
}

function arrived(batch: readonly PricePatch[]): void {
  // On arrival, not at the frame: a background tab may not paint for a long time.
  learnFromQuotes(batch);
  // Before the prices land, so no price shows at digits about to change.
  learnPrecisions(batch);
  if (!scheduled) {
    scheduled = true;
    schedule(flush);
  }
}

/** Queue whole entries; they land on the board at the next frame (later ticks of a symbol win). */
export function queuePrices(batch: Record<string, PriceEntry>): void {
  for (const [s, q] of Object.entries(batch)) {
    whole[s] = q;
    delete patches[s];
  }
  arrived(Object.values(batch));
}

/** Queue changed fields; at the next frame they are merged into the board's entries. */
export function queuePricePatches(list: readonly PricePatch[]): void {
  for (const p of list) {
    const w = whole[p.name];
    if (w) whole[p.name] = { ...w, ...p };
    else patches[p.name] = { ...patches[p.name], ...p };
  }
  arrived(list);
}

/**
 * The server's half of the market channel's `prices` stream, in both formats
 * (api/types/realtime.ts): the plain one sends each product whose price moved
 * in full; a delta subscription gets every product first, then only the
 * fields that changed, in numbered messages. Once a minute that is about
 * 300 messages of 60 products for every trader with the app open, the
 * channel's bulk.
 */
import type { PricesDeltaMessage, PricesMessage } from '../api/types/realtime.ts';
import type { PriceEntry } from '../api/types/trading.ts';
import { listPatch } from './list-delta.ts';

/** One connection's `prices` subscription. */
export interface PriceStream {
  /** The client merges numbered deltas (it subscribed with `delta: true`). */
  readonly delta: boolean;
  /** The number of the next message (sent in delta subscriptions only). */
  seq: number;
  /**
   * Every product as this client holds it, in the order of the quotes; none
   * before the first message or after one that did not go out, so the next
   * message has every product.
   */
  sent?: PriceEntry[];
}

/** A connection's price stream: full or delta messages, numbered from 0. */
export const priceStream = (delta: boolean): PriceStream => ({ delta, seq: 0 });

/**
 * What puts a product in a message, in both formats: anything a screen shows
 * of it changed (bid, ask, last price, the day's change, high, low, volume,
 * whether it trades, whether its market is open). Every tick stamps a new `lastUpdate`; a product that did
 * not change is not resent for that alone. (Bid and ask alone left a last
 * price that moved between equal quotes stale on every client.)
 */
const moved = (a: PriceEntry, b: PriceEntry) =>
  a.bidPrice !== b.bidPrice ||
  a.askPrice !== b.askPrice ||
  a.price !== b.price ||
  a.priceChangePercent !== b.priceChangePercent ||
  a.high !== b.high ||
  a.low !== b.low ||
  a.volume !== b.volume ||
  a.tradeStatus !== b.tradeStatus ||
  a.marketStatus !== b.marketStatus;

/** The products as the client holds them after a message of those that moved (or are new). */
function held(prev: readonly PriceEntry[] | undefined, next: readonly PriceEntry[]): PriceEntry[] {
  const before = new Map(prev?.map((q) => [q.name, q]));
  return next.map((q) => {
    const a = before.get(q.name);
    return a && !moved(a, q) ? a : q;
  });
}

export interface PricesUpdate {
  msg: PricesMessage | PricesDeltaMessage;
  /** What the client holds once `msg` has arrived: the stream's next `sent`. */
  sent: PriceEntry[];
}

/** This tick's message for a subscription, or undefined when no price moved. */
export function pricesUpdate(
  s: PriceStream,
  quotes: Record<string, PriceEntry>,
): PricesUpdate | undefined {
  const next = Object.values(quotes);
  if (s.delta) {
    const patch = listPatch(s.sent, next, 'name', moved);
    if (!patch) return { msg: { topic: 'prices', seq: s.seq, data: quotes }, sent: next };
    if (patch.length === 0) return undefined;
    // The tick's time once for the message, not in every product: a quarter of the bytes.
    const time = Math.max(...next.map((q) => q.lastUpdate));
    for (const p of patch) {
      const at = quotes[p.name]!.lastUpdate;
      if (at === time) delete p.lastUpdate;
      else p.lastUpdate = at;
    }
    return { msg: { topic: 'prices', seq: s.seq, time, patch }, sent: held(s.sent, next) };
  }
  const sent = held(s.sent, next);
  const data: Record<string, PriceEntry> = {};
  let any = false;
  // What the client holds anew is what moved (or is new): that goes out, in full.
  sent.forEach((q, i) => {
    if (q !== next[i]) return;
    data[q.name] = q;
    any = true;
  });
  return any ? { msg: { topic: 'prices', data }, sent } : undefined;
}

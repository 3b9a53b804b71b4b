/** Messages a server sends on the real-time channels. */
import type { KlinePoint, MarketOrder, PriceEntry } from './trading.ts';
import type { Period } from '../wire.ts';

/**
 * All products' prices that changed since the last message, keyed by symbol.
 *
 * A client that subscribed with `delta: true` gets, instead, numbered messages
 * (`seq` counts up by one per message of the subscription): this message with
 * every product in it first (on subscribe, resubscribe and reconnect) and
 * whenever the product list's make-up changes, and {@link PricesDeltaMessage}s
 * in between. A delta whose `seq` is not the one after the last message's
 * means one went missing: the client subscribes again and gets every product.
 */
export interface PricesMessage {
  topic: 'prices';
  /** Delta subscriptions only; this message then holds every product. */
  seq?: number;
  data: Record<string, PriceEntry>;
}
/** Changed fields of one product's entry, named by its `name` (the symbol). */
export type PricePatch = Pick<PriceEntry, 'name'> & Partial<Omit<PriceEntry, 'name'>>;
/**
 * The products whose price moved since the last message (the same rule as the
 * plain stream: bid, ask or trade status changed), each with only the fields
 * that changed (the prices every tick; `volume`, day high, low and change less
 * often). The products and their order are as in the last full message.
 */
export interface PricesDeltaMessage {
  topic: 'prices';
  seq: number;
  /** The `lastUpdate` of every product in `patch` that does not give its own. */
  time: number;
  patch: PricePatch[];
}
export interface PriceMessage {
  topic: 'price';
  symbol: string;
  data: PriceEntry;
}
/** The current (possibly unfinished) bar of a period; a new `time` starts a new bar. */
export interface KlineMessage {
  topic: 'kline';
  symbol: string;
  period: Period;
  data: KlinePoint;
}
export type MarketMessage = PricesMessage | PricesDeltaMessage | PriceMessage | KlineMessage;

/**
 * Exchange channel: the token's user's orders, routed by `ordertype`.
 *
 * A full list comes after every `auth` (so on every connect and reconnect) and
 * whenever the list's make-up changes (an order placed, filled, closed or
 * cancelled: ids or their order differ). A client that sent `auth` with
 * `delta: true` gets {@link OrdersDeltaMessage}s in between; any other client
 * gets the full list every time, as before.
 */
export interface OrdersMessage {
  ordertype: 'holding' | 'pending';
  data: MarketOrder[];
}
/** Changed fields of one order of the list, named by its `id`. */
export type OrderPatch = Pick<MarketOrder, 'id'> & Partial<Omit<MarketOrder, 'id'>>;
/**
 * The same list with only what changed since the last message of this
 * `ordertype` on this connection (full or delta): the orders whose fields
 * changed, with just those fields (the live `currentPrice` and `profitLoss`
 * every second; `interest` at a rollover; `stopPrice` after an edit). Orders are
 * the same, in the same order. An empty `patch` means nothing changed; it still
 * comes once a second, so the channel does not go stale.
 */
export interface OrdersDeltaMessage {
  ordertype: 'holding' | 'pending';
  patch: OrderPatch[];
}
export type ExchangeMessage = OrdersMessage | OrdersDeltaMessage;

export type ServerMessage = MarketMessage | ExchangeMessage;

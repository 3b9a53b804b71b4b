/** Messages a server sends on the real-time channels. */
import type { KlinePoint, MarketOrder, PriceEntry } from './trading.ts';
import type { Period } from '../wire.ts';

/** All products' prices that changed since the last message, keyed by symbol. */
export interface PricesMessage {
  topic: 'prices';
  data: Record<string, PriceEntry>;
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
export type MarketMessage = PricesMessage | PriceMessage | KlineMessage;

/** Exchange channel: the token's user's orders, routed by `ordertype`. */
export interface OrdersMessage {
  ordertype: 'holding' | 'pending';
  data: MarketOrder[];
}
export type ExchangeMessage = OrdersMessage;

export type ServerMessage = MarketMessage | ExchangeMessage;

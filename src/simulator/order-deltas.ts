/**
 * The server's half of the exchange channel's delta messages
 * (api/types/realtime.ts): given the list a connection last received and the
 * current one, the smallest message that brings the client up to date. Most
 * pushes are the once-a-second refresh of live prices, where only
 * `currentPrice` and `profitLoss` move; sending those alone, rather than every
 * field of every order, is what keeps a long session's traffic small.
 */
import type { ExchangeMessage, OrdersMessage } from '../api/types/realtime.ts';
import type { MarketOrder } from '../api/types/trading.ts';
import { listPatch } from './list-delta.ts';

/**
 * A delta when `prev` holds the same orders in the same order and no field
 * went away; otherwise the full list (a structural change, or nothing sent yet).
 */
export function ordersUpdate(
  prev: readonly MarketOrder[] | undefined,
  msg: OrdersMessage,
): ExchangeMessage {
  const patch = listPatch(prev, msg.data, 'id');
  return patch ? { ordertype: msg.ordertype, patch } : { ordertype: msg.ordertype, data: msg.data };
}

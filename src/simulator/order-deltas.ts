/**
 * The server's half of the exchange channel's delta messages
 * (api/types/realtime.ts): given the list a connection last received and the
 * current one, the smallest message that brings the client up to date. Most
 * pushes are the once-a-second refresh of live prices, where only
 * `currentPrice` and `profitLoss` move; sending those alone, rather than every
 * field of every order, is what keeps a long session's traffic small.
 */
import type { ExchangeMessage, OrderPatch, OrdersMessage } from '../api/types/realtime.ts';
import type { MarketOrder } from '../api/types/trading.ts';

type Fields = Record<string, unknown>;

/**
 * A delta when `prev` holds the same orders in the same order and no field
 * went away; otherwise the full list (a structural change, or nothing sent yet).
 */
export function ordersUpdate(
  prev: readonly MarketOrder[] | undefined,
  msg: OrdersMessage,
): ExchangeMessage {
  const next = msg.data;
  const full = { ordertype: msg.ordertype, data: next };
  if (!prev || prev.length !== next.length) return full;
  const patch: OrderPatch[] = [];
  for (let i = 0; i < next.length; i++) {
    const a = prev[i] as unknown as Fields;
    const b = next[i] as unknown as Fields;
    if (a.id !== b.id) return full;
    // JSON cannot say "this field is gone": a field that went away needs the full list.
    for (const k in a) if (!(k in b)) return full;
    let p: Fields | undefined;
    for (const k in b) if (a[k] !== b[k]) (p ??= { id: b.id })[k] = b[k];
    if (p) patch.push(p as OrderPatch);
  }
  return { ordertype: msg.ordertype, patch };
}

/**
 * The client's half of the exchange channel's delta messages
 * (types/realtime.ts): a patch changes fields of orders already in the list,
 * in place, so a valtio list notifies only the rows that changed.
 */
import type { MarketOrder } from '../types/trading.ts';
import type { OrderPatch } from '../types/realtime.ts';

/** Apply patches to `list` in place; a patch for an order not in it is ignored (a stale one). */
export function patchOrders(list: MarketOrder[], patch: readonly OrderPatch[]): void {
  if (patch.length === 0) return;
  const at = new Map<string, number>();
  list.forEach((o, i) => at.set(o.id, i));
  for (const p of patch) {
    const i = at.get(p.id);
    if (i === undefined) continue;
    Object.assign(list[i] as MarketOrder, p);
  }
}

/** The signed-in user's live orders from the exchange channel (routed by ordertype). */
import { proxy } from 'valtio/vanilla';
import type { MarketOrder } from '../api/types/trading.ts';
import type { ExchangeMessage } from '../api/types/realtime.ts';
import { patchOrders } from '../api/realtime/order-patch.ts';
import { tradeChanged } from './trade-events.ts';

export interface OrdersState {
  holding: MarketOrder[];
  pending: MarketOrder[];
  /** Whether each list has arrived since sign-in. */
  loaded: { holding: boolean; pending: boolean };
}

export const orders = proxy<OrdersState>({
  holding: [],
  pending: [],
  loaded: { holding: false, pending: false },
});

type GoneListener = (ids: string[]) => void;
const goneListeners = new Set<GoneListener>();

/**
 * Be told of open positions that left the list (closed: by hand here or
 * elsewhere, by a stop loss or take profit, by a stop-out). Returns the
 * unsubscribe.
 */
export function onPositionsGone(fn: GoneListener): () => void {
  goneListeners.add(fn);
  return () => goneListeners.delete(fn);
}

/** A full list replaces the list; a delta changes fields of its orders (before the first list: nothing to change). */
export function applyOrders(msg: ExchangeMessage): void {
  if ('patch' in msg) {
    if (orders.loaded[msg.ordertype]) patchOrders(orders[msg.ordertype], msg.patch);
    return;
  }
  // An order that left the list was closed or cancelled (here, by a stop, elsewhere): results changed.
  const next = new Set(msg.data.map((o) => o.id));
  const gone = orders.loaded[msg.ordertype]
    ? orders[msg.ordertype].filter((o) => !next.has(o.id)).map((o) => o.id)
    : [];
  orders[msg.ordertype] = msg.data;
  if (gone.length) tradeChanged();
  orders.loaded[msg.ordertype] = true;
  if (gone.length && msg.ordertype === 'holding') for (const fn of goneListeners) fn(gone);
}

export function clearOrders(): void {
  orders.holding = [];
  orders.pending = [];
  orders.loaded = { holding: false, pending: false };
}

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
  /**
   * Positions that closed while the app was open, by id, as the closed list
   * gave them (the newest CLOSED_KEPT): what "Order placed" shows of an order
   * a stop closed before, or while, the drawer was open.
   */
  closed: Record<string, MarketOrder>;
}

/** How many closed positions `closed` keeps. */
const CLOSED_KEPT = 20;
/**
 * An order placed here that no list has shown yet is looked for in the closed
 * list after each of these waits (ms): a stop can fire before the channel
 * lists it, and then no list ever shows it and none tells that it left.
 */
export const UNLISTED_CHECKS_MS = [1_500, 4_000, 10_000, 30_000] as const;

export const orders = proxy<OrdersState>({
  holding: [],
  pending: [],
  loaded: { holding: false, pending: false },
  closed: {},
});

type GoneListener = (ids: string[]) => void;
const goneListeners = new Set<GoneListener>();
type FilledListener = (filled: MarketOrder[]) => void;
const filledListeners = new Set<FilledListener>();
/**
 * Pending orders seen since sign-in, until they fill: a position that joins
 * the holding list with one of these ids is a pending order that filled,
 * whichever of the two lists told of it first.
 */
const seenPending = new Set<string>();

/**
 * Be told of pending orders that filled while the app was open (they joined
 * the holding list), with their open positions. Returns the unsubscribe.
 */
export function onPendingFilled(fn: FilledListener): () => void {
  filledListeners.add(fn);
  return () => filledListeners.delete(fn);
}

/**
 * Be told of open positions that left the list (closed: by hand here or
 * elsewhere, by a stop loss or take profit, by a stop-out), and of orders
 * placed here that no list has shown yet (notePlaced: they may have closed
 * first). Returns the unsubscribe.
 */
export function onPositionsGone(fn: GoneListener): () => void {
  goneListeners.add(fn);
  return () => goneListeners.delete(fn);
}

/** Orders placed here that no list has shown yet, with their pending checks. */
const unlisted = new Map<string, ReturnType<typeof setTimeout>[]>();

/**
 * Every order number the app knows now (listed, placed here, closed): an order
 * looked for after a lost reply (machines/shared/unsure.ts) is none of these,
 * so an identical order placed a moment before is not taken for it.
 */
export function knownOrderIds(): Set<string> {
  return new Set([
    ...orders.holding.map((o) => o.id),
    ...orders.pending.map((o) => o.id),
    ...unlisted.keys(),
    ...Object.keys(orders.closed),
  ]);
}

const listed = (id: string) =>
  orders.holding.some((o) => o.id === id) || orders.pending.some((o) => o.id === id);

function seen(id: string): void {
  for (const t of unlisted.get(id) ?? []) clearTimeout(t);
  unlisted.delete(id);
}

/**
 * An order was placed here (the reply's number). Until a list shows it, the
 * gone listeners are asked to look for it in the closed list a few times
 * (UNLISTED_CHECKS_MS): if a stop closed it first, that is how its result is
 * said and "Order placed" gets its facts.
 */
export function notePlaced(id: string): void {
  if (listed(id) || unlisted.has(id) || orders.closed[id]) return;
  unlisted.set(
    id,
    UNLISTED_CHECKS_MS.map((ms) =>
      setTimeout(() => {
        if (!unlisted.has(id)) return;
        for (const fn of goneListeners) fn([id]);
      }, ms),
    ),
  );
}

/** Closed positions as the closed list gave them: kept for "Order placed", no longer looked for. */
export function noteClosed(list: readonly MarketOrder[]): void {
  if (!list.length) return;
  for (const o of list) seen(o.id);
  const kept = Object.values({
    ...orders.closed,
    ...Object.fromEntries(list.map((o) => [o.id, o])),
  });
  orders.closed = Object.fromEntries(kept.slice(-CLOSED_KEPT).map((o) => [o.id, o]));
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
  const before = new Set(orders[msg.ordertype].map((o) => o.id));
  const wasLoaded = orders.loaded[msg.ordertype];
  orders[msg.ordertype] = msg.data;
  for (const o of msg.data) if (unlisted.has(o.id)) seen(o.id);
  if (gone.length) tradeChanged();
  orders.loaded[msg.ordertype] = true;
  if (msg.ordertype === 'pending') for (const o of msg.data) seenPending.add(o.id);
  if (msg.ordertype !== 'holding') return;
  if (gone.length) for (const fn of goneListeners) fn(gone);
  // New positions that were pending orders: filled (a market order placed here was never
  // pending). A limit keeps its buyPoint 1 once filled, so one that filled before any pending
  // list told of it is known too.
  const filled = wasLoaded
    ? msg.data.filter((o) => !before.has(o.id) && (o.buyPoint === 1 || seenPending.has(o.id)))
    : [];
  for (const o of filled) seenPending.delete(o.id);
  if (filled.length) for (const fn of filledListeners) fn(filled);
}

export function clearOrders(): void {
  seenPending.clear();
  for (const id of [...unlisted.keys()]) seen(id);
  orders.closed = {};
  orders.holding = [];
  orders.pending = [];
  orders.loaded = { holding: false, pending: false };
}

/** Keeping the runtime indexes in step with the persisted orders and options. */
import { quoteCurrency } from './money.ts';
import {
  accountKey,
  setRuntime,
  type Book,
  type Hot,
  type OptionRecord,
  type OrderRecord,
  type Runtime,
  type TradingContext,
} from './state.ts';
import { nextRolloverAfter } from './rollover.ts';

const num = (v: string | null): number => (v === null ? NaN : Number(v));

function add<K, V>(m: Map<K, Set<V>>, k: K, v: V) {
  let s = m.get(k);
  if (!s) m.set(k, (s = new Set()));
  s.add(v);
}

function remove<K, V>(m: Map<K, Set<V>>, k: K, v: V) {
  const s = m.get(k);
  if (!s) return;
  s.delete(v);
  if (s.size === 0) m.delete(k);
}

/** Re-read an active order's numbers after it changed (fill, interest). */
export function refresh(h: Hot): void {
  const o = h.o;
  h.status = o.positionStatus;
  h.limit = num(o.limitPrice);
  h.open = num(o.openPrice);
  h.sl = num(o.stopPrice);
  h.tp = num(o.takeProfitPrice);
  h.margin = Number(o.margin);
  h.interest = Number(o.interest);
}

/** Index a pending or open order. */
export function activate(ctx: TradingContext, rt: Runtime, placed: OrderRecord): Hot {
  // The index keeps the order as read back from the state, so the tick's
  // changes to it are seen by the store's change tracking (persistence.ts).
  const o = ctx.state.trading.orders[placed.id] ?? placed;
  const d = ctx.products.get(o.symbol);
  if (!d) throw new Error(`unknown symbol ${o.symbol}`);
  const h: Hot = {
    o,
    symbol: o.symbol,
    status: o.positionStatus,
    dir: o.orderType === 0 ? 1 : -1,
    units: Number(o.volume) * d.contractSize,
    limit: NaN,
    open: NaN,
    sl: NaN,
    tp: NaN,
    margin: 0,
    interest: 0,
    ccy: quoteCurrency(d),
  };
  refresh(h);
  rt.active.set(o.id, h);
  add(rt.bySymbol, o.symbol, h);
  add(rt.byAccount, accountKey(o.uid, o.book), h);
  return h;
}

/** Drop an order that reached state 3 or 4 from the indexes. */
export function deactivate(rt: Runtime, h: Hot): void {
  rt.active.delete(h.o.id);
  remove(rt.bySymbol, h.o.symbol, h);
  remove(rt.byAccount, accountKey(h.o.uid, h.o.book), h);
}

/** Queue a running option by end time. */
export function queueOption(rt: Runtime, opt: OptionRecord): void {
  const q = rt.running;
  let lo = 0;
  let hi = q.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((q[mid] as OptionRecord).endTime <= opt.endTime) lo = mid + 1;
    else hi = mid;
  }
  q.splice(lo, 0, opt);
}

/** Remember that an account's holding and/or pending list changed. */
export function markDirty(
  rt: Runtime,
  uid: string,
  book: Book,
  holding: boolean,
  pending: boolean,
): void {
  const k = accountKey(uid, book);
  const d = rt.dirty.get(k);
  if (d) {
    d.holding ||= holding;
    d.pending ||= pending;
  } else rt.dirty.set(k, { uid, book, holding, pending });
}

/** Fill the indexes from the state. */
function index(ctx: TradingContext, rt: Runtime): void {
  const st = ctx.state.trading;
  rt.nextRollover = nextRolloverAfter(st.lastRollover);
  for (const o of Object.values(st.orders)) {
    if (o.positionStatus === 1 || o.positionStatus === 2) activate(ctx, rt, o);
  }
  for (const opt of Object.values(st.options)) if (opt.positionStatus === 0) queueOption(rt, opt);
}

/** Create the section when missing and build the indexes from it. */
export function initTrading(ctx: TradingContext): Runtime {
  const now = ctx.clock.now();
  ctx.state.trading ??= { orders: {}, options: {}, lastRollover: now };
  const rt: Runtime = {
    active: new Map(),
    bySymbol: new Map(),
    byAccount: new Map(),
    running: [],
    nextRollover: 0,
    dirty: new Map(),
  };
  index(ctx, rt);
  setRuntime(ctx, rt);
  return rt;
}

/**
 * Rebuild the indexes in place (handlers keep the runtime object) after
 * unsaved changes were undone, and publish every indexed account's lists
 * again: a socket may have been told of an order that is now gone.
 */
export function reindex(ctx: TradingContext, rt: Runtime): void {
  const before = [...rt.byAccount.values()].flatMap((set) => [...set].map((h) => h.o));
  rt.active.clear();
  rt.bySymbol.clear();
  rt.byAccount.clear();
  rt.running.length = 0;
  index(ctx, rt);
  const after = [...rt.byAccount.values()].flatMap((set) => [...set].map((h) => h.o));
  for (const o of [...before, ...after]) markDirty(rt, o.uid, o.book, true, true);
}

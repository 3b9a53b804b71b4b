/**
 * The limits themselves (api/types/responsible.ts): what is in force, pending
 * changes applied lazily when the server's time passes them, usage per
 * period counted from the records the other modules keep (no ledger of its
 * own), and the check a trade or a deposit must pass.
 *
 * Read from other modules' sections, as queries.ts does (safe while absent):
 * - trading: `orders[id]` `{ uid, book, margin, profitLoss, positionStatus,
 *   orderTime, closingTime }`, `options[id]` `{ uid, book, amount, winLost,
 *   positionStatus, beginTime, completeTime }`;
 * - account: `walletRequests[id]` `{ uid, actionType, payState, usd, submitTimeTs }`.
 *
 * Money limits count the real book only. Turnover: orders' margins (by
 * orderTime; a cancelled pending order never traded and does not count) and
 * options' amounts (by beginTime). Loss: closed orders' profitLoss (by
 * closingTime) and settled options' winLost (by completeTime), netted, when
 * below 0. Deposits: requests in review or approved (by submitTimeTs).
 */
import {
  RT_CODES,
  RT_MONEY_LIMITS,
  RT_PERIODS,
  type RtKey,
  type RtLimits,
  type RtMoneyLimit,
  type RtPeriod,
  type RtRefusal,
  type RtState,
} from '../../../api/types/responsible.ts';
import type { SimContext } from '../../module.ts';
import { periodOf } from './periods.ts';
import {
  noLimits,
  type ResponsibleSlice,
  type ResponsibleState,
  type RtUserRecord,
} from './state.ts';

/** The section, if the module is in. */
export const rtSection = (ctx: SimContext): ResponsibleState | undefined =>
  (ctx.state as Partial<ResponsibleSlice>).responsible;

/** Every key, money limits first (day, week, month), as `pending` lists them. */
export const RT_KEYS: readonly RtKey[] = [
  ...RT_MONEY_LIMITS.flatMap((l) => RT_PERIODS.map((p): RtKey => `${l}.${p}`)),
  'sessionMinutes',
  'realityCheckMinutes',
];

/** The value of a key in a set of limits (undefined: no limit). */
export function valueOf(limits: RtLimits, key: RtKey): number | undefined {
  if (key === 'sessionMinutes' || key === 'realityCheckMinutes') return limits[key];
  const [l, p] = key.split('.') as [RtMoneyLimit, RtPeriod];
  return limits[l][p];
}

/** Set (or, with null, remove) a key's value. */
function put(limits: RtLimits, key: RtKey, value: number | null): void {
  if (key === 'sessionMinutes' || key === 'realityCheckMinutes') {
    if (value === null) delete limits[key];
    else limits[key] = value;
    return;
  }
  const [l, p] = key.split('.') as [RtMoneyLimit, RtPeriod];
  if (value === null) delete limits[l][p];
  else limits[l][p] = value;
}

/** A copy of a set of limits, with every section present. */
const copy = (l: RtLimits): RtLimits => ({
  ...l,
  deposit: { ...l.deposit },
  loss: { ...l.loss },
  turnover: { ...l.turnover },
});

/**
 * A user's record with the pending changes whose time has come applied (and
 * saved); undefined for a user who never set a limit.
 */
export function userLimits(ctx: SimContext, uid: string, now: number): RtUserRecord | undefined {
  const rec = rtSection(ctx)?.users[uid];
  if (!rec) return undefined;
  if (rec.pending.some((c) => c.appliesAt <= now)) {
    for (const c of rec.pending) if (c.appliesAt <= now) put(rec.limits, c.key, c.value);
    rec.pending = rec.pending.filter((c) => c.appliesAt > now);
    ctx.persist();
  }
  return rec;
}

/** Is `wanted` looser than `current` (a raise, or a removal)? */
const looser = (current: number | undefined, wanted: number | undefined): boolean =>
  current !== undefined && (wanted === undefined || wanted > current);

/**
 * Ask for a whole set of limits: per key, a new or lower limit applies at
 * once (dropping any pending change of the key); a raise or a removal waits
 * for the cooling-off, replacing an older pending change of the key; asking
 * for the value in force drops the key's pending change.
 */
export function setLimits(ctx: SimContext, uid: string, wanted: RtLimits, now: number): void {
  const s = rtSection(ctx);
  if (!s) return;
  const rec = userLimits(ctx, uid, now) ?? (s.users[uid] = { limits: noLimits(), pending: [] });
  const pending = new Map(rec.pending.map((c) => [c.key, c]));
  for (const key of RT_KEYS) {
    const current = valueOf(rec.limits, key);
    const next = valueOf(wanted, key);
    if (looser(current, next)) {
      const old = pending.get(key);
      const value = next ?? null;
      // Asking again for what is already pending keeps its time.
      if (!old || old.value !== value)
        pending.set(key, { key, value, appliesAt: now + s.coolingOffMs });
    } else {
      pending.delete(key);
      if (next !== current) put(rec.limits, key, next ?? null);
    }
  }
  rec.pending = RT_KEYS.flatMap((k) => {
    const c = pending.get(k);
    return c ? [c] : [];
  });
  ctx.persist();
}

interface OrderLike {
  uid: string;
  book: string;
  margin: string;
  profitLoss: string;
  positionStatus: number;
  orderTime: number;
  closingTime: number | null;
}
interface OptionLike {
  uid: string;
  book: string;
  amount: string;
  winLost: string | null;
  positionStatus: number;
  beginTime: number;
  completeTime: number | null;
}
interface RequestLike {
  uid: string;
  actionType: number;
  payState: number;
  usd: string;
  submitTimeTs: number;
}

const records = <T>(ctx: SimContext, section: string, key: string): T[] => {
  const s = (ctx.state as unknown as Record<string, Record<string, Record<string, T>> | undefined>)[
    section
  ];
  return Object.values(s?.[key] ?? {});
};

/** Whole cents, so sums of decimals add up exactly. */
const cents = (v: string | number | null | undefined): number => Math.round(Number(v ?? 0) * 100);

type Windows = Record<RtPeriod, { start: number; end: number }>;

/** The current periods in the server's zone. */
export function windowsAt(ctx: SimContext, now: number): Windows {
  const tz = rtSection(ctx)?.timezone ?? 'UTC';
  return {
    day: periodOf('day', now, tz),
    week: periodOf('week', now, tz),
    month: periodOf('month', now, tz),
  };
}

/** What counts against each money limit in each current period, in cents. */
function usageCents(
  ctx: SimContext,
  uid: string,
  w: Windows,
): Record<RtMoneyLimit, Record<RtPeriod, number>> {
  const zero = () => ({ day: 0, week: 0, month: 0 });
  const deposit = zero();
  const turnover = zero();
  const net = zero();
  const inside = (t: number | null | undefined, add: (p: RtPeriod) => void) => {
    if (t === null || t === undefined) return;
    for (const p of RT_PERIODS) if (t >= w[p].start && t < w[p].end) add(p);
  };
  for (const o of records<OrderLike>(ctx, 'trading', 'orders')) {
    if (o.uid !== uid || o.book !== 'real') continue;
    if (o.positionStatus !== 4) inside(o.orderTime, (p) => (turnover[p] += cents(o.margin)));
    if (o.positionStatus === 3) inside(o.closingTime, (p) => (net[p] += cents(o.profitLoss)));
  }
  for (const o of records<OptionLike>(ctx, 'trading', 'options')) {
    if (o.uid !== uid || o.book !== 'real') continue;
    inside(o.beginTime, (p) => (turnover[p] += cents(o.amount)));
    if (o.positionStatus === 1) inside(o.completeTime, (p) => (net[p] += cents(o.winLost)));
  }
  for (const r of records<RequestLike>(ctx, 'account', 'walletRequests')) {
    if (r.uid !== uid || r.actionType !== 0 || Math.floor(r.payState) === 2) continue;
    inside(r.submitTimeTs, (p) => (deposit[p] += cents(r.usd)));
  }
  const loss = zero();
  for (const p of RT_PERIODS) loss[p] = Math.max(0, -net[p]);
  return { deposit, loss, turnover };
}

const toUsd = (c: number) => c / 100;

/** The rtLimits / rtSetLimits reply: limits, pending, usage and resets now. */
export function stateOf(ctx: SimContext, uid: string, now: number): RtState {
  const s = rtSection(ctx);
  const rec = userLimits(ctx, uid, now);
  const w = windowsAt(ctx, now);
  const u = usageCents(ctx, uid, w);
  const usd = (r: Record<RtPeriod, number>) => ({
    day: toUsd(r.day),
    week: toUsd(r.week),
    month: toUsd(r.month),
  });
  return {
    limits: copy(rec?.limits ?? noLimits()),
    pending: (rec?.pending ?? []).map((c) => ({ ...c })),
    usage: { deposit: usd(u.deposit), loss: usd(u.loss), turnover: usd(u.turnover) },
    resets: { day: w.day.end, week: w.week.end, month: w.month.end },
    coolingOffMs: s?.coolingOffMs ?? 0,
    timezone: s?.timezone ?? 'UTC',
  };
}

/** A refusal by a money limit: its code and data. */
export interface MoneyRefusal {
  code: number;
  data: RtRefusal;
}

/**
 * Would adding `amount` USD (a trade's stake: an option's amount, an order's
 * margin; or a deposit's value) pass one of the user's limits? The tightest
 * passed (least room left) is the one reported, the shortest period first
 * when several have as little room. Undefined: it passes none (or the user
 * has none, or the module is not in).
 */
export function moneyRefusal(
  ctx: SimContext,
  uid: string,
  kind: 'trade' | 'deposit',
  amount: string | number,
  now: number,
): MoneyRefusal | undefined {
  const rec = userLimits(ctx, uid, now);
  if (!rec) return undefined;
  const kinds: RtMoneyLimit[] = kind === 'deposit' ? ['deposit'] : ['loss', 'turnover'];
  if (!kinds.some((l) => RT_PERIODS.some((p) => rec.limits[l][p] !== undefined))) return undefined;
  const w = windowsAt(ctx, now);
  const u = usageCents(ctx, uid, w);
  const add = cents(amount);
  let best: { room: number; data: RtRefusal } | undefined;
  for (const p of RT_PERIODS)
    for (const l of kinds) {
      const limit = rec.limits[l][p];
      if (limit === undefined) continue;
      const used = u[l][p];
      if (used + add <= cents(limit)) continue;
      const room = cents(limit) - used;
      if (best && best.room <= room) continue;
      best = {
        room,
        data: { limit: l, period: p, amount: limit, used: toUsd(used), resetsAt: w[p].end },
      };
    }
  return best && { code: RT_CODES[best.data.limit], data: best.data };
}

/**
 * Responsible trading (issue 28 item 2): an extension of the contract, not in
 * either spec. A site offers it when its config switches the capability on
 * (`responsibleTrading`); otherwise the app shows nothing of it and makes none
 * of these calls, so a server without them is unaffected.
 *
 * The server keeps and enforces every limit, on its own clock:
 * - Money limits are in USD, per period: a day, a week (from Monday) and a
 *   month, each in the server's time zone (`RtState.timezone`), and count the
 *   real account only (demo trading is not limited).
 *   - deposit: the deposits submitted in the period (in review or approved; a
 *     rejected one does not count), and the new one;
 *   - loss: the net loss realised in the period (closed orders' and settled
 *     options' profit and loss together, when below 0; an order's P&L is its
 *     price P&L, commission and interest aside), plus the most the new
 *     trade can lose (an option's amount, an order's margin);
 *   - turnover: the amounts put at stake in the period (options' amounts,
 *     orders' margins; a pending order cancelled before it filled does not
 *     count), and the new trade's.
 *   A call that would pass one (used + new > limit; reaching it exactly is
 *   allowed) is refused with 1120, 1121 or 1122 and an {@link RtRefusal}:
 *   which limit, its period and when that period ends. When it would pass
 *   several, the one reported is the one with the least room left (limit −
 *   used), the shortest period first when several have as little.
 * - sessionMinutes: how long a session may last from sign-in (a refresh or
 *   an account switch keeps the sign-in time). After it, the session's next
 *   call is refused with 1124 ({@link RtSessionEnded}) and the session ends
 *   (its tokens answer as an ended session's); the trader may sign in again.
 * - realityCheckMinutes: the trader's own interval between reality checks
 *   (the app's reminder of time spent and P&L), instead of the site's.
 * - Lowering or setting a limit takes effect at once. Raising or removing one
 *   waits for the cooling-off period (`coolingOffMs`, 24 h unless the server
 *   is set otherwise): until then it is listed in `pending` with the time it
 *   applies. Asking again for the value in force drops the pending change.
 * - Self-exclusion (rtSelfExclude) ends every session of the user at once and
 *   refuses sign-in until the date, with 1123 and {@link RtExcluded}. Only the
 *   operator can lift it sooner.
 */

/** The largest money limit a server takes (USD), and the longest session or reality check (minutes). */
export const RT_MAX_AMOUNT = 1_000_000_000;
export const RT_MAX_MINUTES = 1440;
/** The longest cooling-off a site or the operator may set (hours): a year. */
export const MAX_COOLING_OFF_HOURS = 366 * 24;

export type RtPeriod = 'day' | 'week' | 'month';
export const RT_PERIODS: readonly RtPeriod[] = ['day', 'week', 'month'];
export type RtMoneyLimit = 'deposit' | 'loss' | 'turnover';
export const RT_MONEY_LIMITS: readonly RtMoneyLimit[] = ['deposit', 'loss', 'turnover'];

/** Limits by name; a missing entry is no limit. Amounts in USD, at most 2 decimals. */
export interface RtLimits {
  deposit: Partial<Record<RtPeriod, number>>;
  loss: Partial<Record<RtPeriod, number>>;
  turnover: Partial<Record<RtPeriod, number>>;
  /** Minutes, 1..1440. */
  sessionMinutes?: number;
  /** Minutes, 1..1440. */
  realityCheckMinutes?: number;
}

/** Where a limit lives: `deposit.day`, `loss.week`, …, `sessionMinutes`, `realityCheckMinutes`. */
export type RtKey = `${RtMoneyLimit}.${RtPeriod}` | 'sessionMinutes' | 'realityCheckMinutes';

/** A raise or removal waiting for the cooling-off period. */
export interface RtPending {
  key: RtKey;
  /** The new value; null removes the limit. */
  value: number | null;
  /** When it takes effect (server time, epoch ms). */
  appliesAt: number;
}

/** rtLimits' and rtSetLimits' reply. */
export interface RtState {
  /** In force now. */
  limits: RtLimits;
  pending: RtPending[];
  /** What counts against each money limit so far in each current period, in USD. */
  usage: Record<RtMoneyLimit, Record<RtPeriod, number>>;
  /** When each current period ends (server time, epoch ms). */
  resets: Record<RtPeriod, number>;
  coolingOffMs: number;
  /** The IANA zone periods are counted in. */
  timezone: string;
}

/** rtSetLimits' payload: the limits wanted, whole (a missing entry asks for no limit). */
export interface RtSetLimitsPayload {
  limits: RtLimits;
}

/**
 * rtSelfExclude's payload: until when (epoch ms), from the start of tomorrow in
 * the server's zone (a chosen date's midnight) to five calendar years ahead of
 * the server's now; outside that, 1001 and nothing changes.
 */
export interface RtSelfExcludePayload {
  until: number;
}

/** `data` of a refusal by a money limit (1120 deposit, 1121 loss, 1122 turnover). */
export interface RtRefusal {
  limit: RtMoneyLimit;
  period: RtPeriod;
  /** The limit, USD. */
  amount: number;
  /** Counted so far in the period, USD. */
  used: number;
  /** When the period ends and the count starts again (epoch ms). */
  resetsAt: number;
}

/** `data` of 1123: sign-in refused, self-excluded. */
export interface RtExcluded {
  until: number;
}

/** `data` of 1124: the session's time limit is reached and the session has ended. */
export interface RtSessionEnded {
  minutes: number;
}

/** The extension's reply codes. */
export const RT_CODES = {
  deposit: 1120,
  loss: 1121,
  turnover: 1122,
  excluded: 1123,
  sessionEnded: 1124,
} as const;

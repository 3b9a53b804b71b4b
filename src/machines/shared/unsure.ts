/**
 * A call that moves money or state on the server whose reply was lost
 * (trading.md §8 "Network failure"): the connection dropped or the call
 * timed out after the request left, so the server may have done it.
 * Saying "Server error" and leaving the form as it was invited a second
 * press: a second position, a second withdrawal. Instead the calling actor
 * makes the call `unsure` (the client does not toast the lost reply) and
 * looks for its effect where the server shows it (the newest orders, the
 * records, the profile), a few times while the connection may come back:
 * found, the call counts as done, and the flow says so as after a reply;
 * not found, the user is told it may have gone through and where to look
 * before trying again.
 *
 * Calls that only set a value (a nickname, limits, an edited card) are not
 * settled here: sending them again leaves the same state, so a retry is safe.
 */
import { replyLost, type ApiClient, type Fault } from '../../api/client.ts';
import { RESULT_TOAST_MS, TOAST_MS, UNSURE_LOOK_AGAIN_MS } from '../../config/constants.ts';
import type { DepositWithdrawRecord } from '../../api/types/user.ts';
import { serverNow } from '../../state/server-clock.ts';
import { showFigureToast, showToast } from '../../state/toasts.ts';

/**
 * The reply was lost, not refused (the connection dropped, the call timed out,
 * a proxy answered 502 or 504): the request may have done its work.
 */
export const outcomeUnknown = (r: { fault?: Fault }): boolean => replyLost(r.fault);

/** When to look for the effect again after the lost reply (ms after the previous look). */
export const LOOK_AGAIN_MS = UNSURE_LOOK_AGAIN_MS;

/** How far before the press (server time) a record may be stamped: clocks are read apart. */
export const STAMP_SLACK_MS = 5000;

/**
 * What the user is told when the effect was not found, one sentence per
 * kind of call, each naming where to check (every locale has them).
 */
export type UnsureKey =
  | 'order.outcome_unknown'
  | 'position.outcome_unknown'
  | 'unsure.withdraw'
  | 'unsure.transfer'
  | 'unsure.deposit'
  | 'unsure.loan'
  | 'unsure.repay'
  | 'unsure.bank_card'
  | 'unsure.crypto_address'
  | 'unsure.email'
  | 'unsure.password'
  | 'unsure.exclude'
  | 'unsure.kyc';

/** Was a record stamped (server time) at or after a press at `since`? */
export const stampedSince = (stamp: number | null | undefined, since: number): boolean =>
  (stamp ?? 0) >= since - STAMP_SLACK_MS;

/** A success reply as the server would have sent it (what a found effect counts as). */
export const doneReply = <D>(data: D) => ({ code: 0, data, reply: null, message: '' });

/**
 * True when the session the call was made with has ended (the session check
 * answers 401, left to the caller by noAlert): what a password change or a
 * self-exclusion does on the server.
 */
export async function sessionEnded(api: ApiClient): Promise<true | undefined> {
  const check = await api.call('sessionCheck', undefined, { noAlert: true });
  return check.status === 401 || undefined;
}

/** A field of a metaData JSON the flow built itself (undefined when it is not there). */
export function metaField(metaData: string, key: string): unknown {
  try {
    return (JSON.parse(metaData) as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `r` when the server answered; else what `find` finds of the effect (at
 * once, then after each of LOOK_AGAIN_MS), turned into a success by
 * `done`; else `r`, with the user told (`unknownKey`) it may have gone
 * through. `find` answers undefined when the effect is not there or the
 * place it shows cannot be read (still offline).
 */
export async function settleUnsure<R extends { fault?: Fault; message?: string }, F>(
  r: R,
  find: () => Promise<F | undefined>,
  done: (found: F) => R,
  unknownKey: UnsureKey,
): Promise<R> {
  if (!outcomeUnknown(r)) return r;
  for (const wait of [0, ...LOOK_AGAIN_MS]) {
    if (wait) await pause(wait);
    const found = await find();
    if (found !== undefined) return done(found);
  }
  return tellUnknown(r, unknownKey);
}

/** The effect was not found: `r` stays failed, and the user is told it may have gone through. */
function tellUnknown<R extends { message?: string }>(r: R, unknownKey: UnsureKey): R {
  // The failure's own text first, as for any call (trading.md §8: a network failure shows the
  // server error text, a timeout tips.timeout), then what to do about it.
  if (r.message) showToast(r.message, 'error', TOAST_MS);
  showFigureToast(unknownKey, {}, 'error', RESULT_TOAST_MS);
  return r;
}

/** The newest deposit (0) or withdrawal (1) requests; undefined when they cannot be read. */
export async function walletRequests(
  api: ApiClient,
  actionType: 0 | 1,
): Promise<readonly DepositWithdrawRecord[] | undefined> {
  const r = await api.call(
    'uesrRecharge',
    { pageNum: 1, pageSize: 5, type: actionType },
    { quiet: true },
  );
  return r.data?.list;
}

/** What a record list and its records are to {@link sendAdding}. */
export interface AddedRecord<T> {
  /** The newest records, newest first; undefined when they cannot be read. */
  list: () => Promise<readonly T[] | undefined>;
  /** What tells one record from another (its id, or its values and stamp). */
  key: (x: T) => string;
  /** A record of the call's values, stamped since the press (server time). */
  matches: (x: T, since: number) => boolean;
}

/**
 * Send a call that adds a record (a deposit, a withdrawal, a transfer) and
 * settle a lost reply by the records: the newest are read before the call, so
 * one of the same values submitted a moment before, which the list already
 * held, is not taken for this one. When they could not be read before, a
 * record found after proves nothing: the user is told it may have gone through.
 */
export async function sendAdding<R extends { fault?: Fault; message?: string }, T>(
  records: AddedRecord<T>,
  send: () => Promise<R>,
  unknownKey: UnsureKey,
): Promise<R> {
  const before = await records.list();
  const known = before && new Set(before.map(records.key));
  const since = serverNow();
  const r = await send();
  if (!known) return outcomeUnknown(r) ? tellUnknown(r, unknownKey) : r;
  return settleUnsure(
    r,
    async () =>
      (await records.list())?.some(
        (x) => !known.has(records.key(x)) && records.matches(x, since),
      ) || undefined,
    () => doneReply(null) as unknown as R, // a request that adds a record answers no data
    unknownKey,
  );
}

/** A deposit (0) or withdrawal (1) request of `amount`, as its records show it. */
export const walletRequest = (
  api: ApiClient,
  actionType: 0 | 1,
  amount: string,
): AddedRecord<DepositWithdrawRecord> => ({
  list: () => walletRequests(api, actionType),
  key: (x) => x.id,
  matches: (x, since) =>
    x.actionType === actionType &&
    Number(x.payPrice) === Number(amount) &&
    stampedSince(x.submitTimeTs, since),
});

/**
 * A lost reply to a call whose success ends every session (a password change, a
 * self-exclusion): done when the session check says the session has ended.
 */
export const settleSessionEnding = <R extends { fault?: Fault; message?: string }>(
  api: ApiClient,
  r: R,
  unknownKey: UnsureKey,
): Promise<R> =>
  settleUnsure(
    r,
    () => sessionEnded(api),
    () => doneReply(null) as unknown as R, // a removal or session-ending call answers no data
    unknownKey,
  );

/**
 * A lost reply to a removal: done when the list (undefined: unreadable) no longer holds it.
 */
export const settleRemoved = <R extends { fault?: Fault; message?: string }>(
  r: R,
  list: () => Promise<readonly unknown[] | undefined>,
  holds: (item: never) => boolean,
  unknownKey: UnsureKey,
): Promise<R> =>
  settleUnsure(
    r,
    async () => {
      const l = await list();
      return (l && !l.some((x) => holds(x as never))) || undefined;
    },
    () => doneReply(null) as unknown as R, // a removal or session-ending call answers no data
    unknownKey,
  );

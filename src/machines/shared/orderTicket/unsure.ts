/**
 * An order (or a close, a cancel) whose reply was lost (trading.md §8 "Network failure"): the
 * connection dropped or the call timed out after the request left, so the
 * server may have placed it. Saying "Server error" and leaving the form as it
 * was invited a second press and a second position. Instead the placing
 * actor looks for the order among the account's newest ones (a few tries,
 * while the connection may come back): found, it is placed, with its number;
 * not found, the trader is told it may have gone through, to check before
 * placing it again.
 */
import type { Fault } from '../../../api/client.ts';
import { RESULT_TOAST_MS } from '../../../config/constants.ts';
import { showFigureToast } from '../../../state/toasts.ts';

/** The reply was lost, not refused: the request may have done its work. */
export const outcomeUnknown = (r: { fault?: Fault }): boolean =>
  r.fault === 'network' || r.fault === 'timeout';

/** When to look for the order after the lost reply (ms after the first look). */
export const LOOK_AGAIN_MS = [1500, 3000];

/** How far before the press (server time) an order may be stamped: clocks are read apart. */
export const STAMP_SLACK_MS = 5000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `r` when the server answered; else what `find` finds of the order (at
 * once, then after each of LOOK_AGAIN_MS), turned into a placed reply by
 * `placed`; else `r`, with the trader told the order may have gone through.
 */
export async function settleUnsure<R extends { fault?: Fault }, F>(
  r: R,
  find: () => Promise<F | undefined>,
  placed: (found: F) => R,
  /** What the trader is told when it is not found (a close says it of the position). */
  unknownKey = 'order.outcome_unknown',
): Promise<R> {
  if (!outcomeUnknown(r)) return r;
  for (const wait of [0, ...LOOK_AGAIN_MS]) {
    if (wait) await pause(wait);
    const found = await find();
    if (found !== undefined) return placed(found);
  }
  showFigureToast(unknownKey, {}, 'error', RESULT_TOAST_MS);
  return r;
}

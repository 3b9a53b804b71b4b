/**
 * Sign-in lockout: {@link LOCK_PASSWORD_FAILURES} wrong passwords, or
 * {@link LOCK_CODE_FAILURES} wrong second-factor or reset codes, within
 * {@link LOCK_WINDOW_MS} lock the account for {@link LOCK_MS}. While locked,
 * sign-in and reset answer 1044 ("This user has been blocked") even with the
 * right password: the spec's code for an account that may not sign in, which
 * the client already shows, localised, on the sign-in and reset screens.
 *
 * Failures are counted per account (so signing in by e-mail or by phone
 * share one count), and per address for an address with no account, so the
 * lockout answers the same whether or not an account exists.
 */
import type { SimContext } from '../../module.ts';
import type { UserRecord } from '../../users.ts';
import {
  LOCK_CODE_FAILURES,
  LOCK_MS,
  LOCK_PASSWORD_FAILURES,
  LOCK_WINDOW_MS,
  type FailureRecord,
} from './state.ts';

/** The key failures of an account, or of an address with no account, are counted under. */
export const lockKey = (u: UserRecord | undefined, address: string): string =>
  u ? `uid:${u.uid}` : `login:${address}`;

/**
 * Is the account (or address) locked now? With `by`, only a lock of that
 * cause counts (a reset is refused after code guessing, not after password
 * guessing: proving the mailbox is the way back in).
 */
export function isLocked(ctx: SimContext, key: string, by?: 'password' | 'code'): boolean {
  const r = ctx.state.identity.failures[key];
  const until = r?.lockedUntil;
  return until !== undefined && until > ctx.clock.now() && (!by || r?.lockedBy === by);
}

/** Count a wrong password or code; lock once there are too many in the window. */
export function recordFailure(ctx: SimContext, key: string, kind: 'password' | 'code'): void {
  const now = ctx.clock.now();
  const all = ctx.state.identity.failures;
  const recent = (ts: number[]) => ts.filter((t) => now - t < LOCK_WINDOW_MS);
  // Forget records with nothing recent and no lock, so the map stays small.
  for (const [k, r] of Object.entries(all))
    if (!recent([...r.passwords, ...r.codes]).length && !((r.lockedUntil ?? 0) > now))
      delete all[k];
  const r: FailureRecord = (all[key] ??= { passwords: [], codes: [] });
  r.passwords = recent(r.passwords);
  r.codes = recent(r.codes);
  (kind === 'password' ? r.passwords : r.codes).push(now);
  if (r.passwords.length >= LOCK_PASSWORD_FAILURES || r.codes.length >= LOCK_CODE_FAILURES) {
    r.lockedUntil = now + LOCK_MS;
    r.lockedBy = r.codes.length >= LOCK_CODE_FAILURES ? 'code' : 'password';
    r.passwords = [];
    r.codes = [];
  }
  ctx.persist();
}

/** A successful sign-in or reset starts the count afresh. */
export function clearFailures(ctx: SimContext, key: string): void {
  if (!ctx.state.identity.failures[key]) return;
  delete ctx.state.identity.failures[key];
  ctx.persist();
}

/**
 * Throttles that slow the source of wrong guesses, never the owner
 * elsewhere (issue 24: an account-wide lock was a weapon: anyone who knew an
 * address could keep its owner out).
 *
 * The design is rate-limiter-flexible's "login endpoint protection"
 * pattern: failures are counted per account-and-source pair (consecutive,
 * cleared by a success) and per source (all accounts, per day), and a count
 * past its free allowance makes that pair or source wait, twice as long at
 * each further failure ({@link THROTTLE}). A waiting pair or source is
 * answered 1110 ("Sending frequency is too high", the spec's "too often"
 * code) without its password being looked at. The owner signing in from
 * another address is never slowed, and a correct reset code is always taken
 * (login.ts `forgot` does not ask this module).
 *
 * The counts live in the simulator state (saved like everything else), so a
 * restart does not reset them: the library's own stores (memory, Redis,
 * SQL…) are not this store, and its memory limiter forgets on restart. The
 * library's arithmetic is a few lines; it is written here over the state.
 *
 * A subject is an account (`uid:…`, so signing in by e-mail or by phone
 * share a count) or, for an address with no account, the address
 * (`login:…`): both are counted and answered alike, so the throttle does not
 * tell whether an account exists.
 */
import type { SimContext } from '../../module.ts';
import type { UserRecord } from '../../users.ts';
import { THROTTLE, type ThrottleRecord } from './state.ts';

/** What failures of an account, or of an address with no account, are counted under. */
export const lockKey = (u: UserRecord | undefined, address: string): string =>
  u ? `uid:${u.uid}` : `login:${address}`;

const pairKey = (subject: string, peer: string) => `${subject}|${peer}`;

/**
 * How long this subject, tried from this source, must still wait (ms);
 * 0 when it may try now.
 */
export function waitFor(ctx: SimContext, subject: string, peer: string): number {
  const now = ctx.clock.now();
  const { throttlePairs, throttleSources } = ctx.state.identity;
  const until = Math.max(
    throttlePairs[pairKey(subject, peer)]?.until ?? 0,
    throttleSources[peer]?.until ?? 0,
  );
  return Math.max(0, until - now);
}

/** One more failure on a record: its wait once past the free allowance, doubling each time. */
function fail(
  r: ThrottleRecord,
  now: number,
  free: number,
  base: number,
  max: number,
): ThrottleRecord {
  r.fails += 1;
  r.last = now;
  if (r.fails >= free) r.until = now + Math.min(max, base * 2 ** (r.fails - free));
  return r;
}

/** Drop stale records, then the least recently failed past the cap (insertion order). */
function prune(map: Record<string, ThrottleRecord>, now: number, cap: number, byLast: boolean) {
  const keys = Object.keys(map);
  if (keys.length < cap) return;
  for (const k of keys) {
    const r = map[k] as ThrottleRecord;
    if (now - (byLast ? r.last : r.first) >= THROTTLE.windowMs && (r.until ?? 0) <= now)
      delete map[k];
  }
  const left = Object.keys(map);
  for (let i = 0; i <= left.length - cap; i++) delete map[left[i] as string];
}

/** Count a wrong password or code of a subject from a source. */
export function recordFailure(ctx: SimContext, subject: string, peer: string): void {
  const now = ctx.clock.now();
  const s = ctx.state.identity;
  const pk = pairKey(subject, peer);
  let pair = s.throttlePairs[pk];
  if (pair && now - pair.last >= THROTTLE.windowMs) pair = undefined;
  // Re-inserted, so insertion order is the order of last failure (prune drops the oldest).
  delete s.throttlePairs[pk];
  prune(s.throttlePairs, now, THROTTLE.maxPairs, true);
  s.throttlePairs[pk] = fail(
    pair ?? { fails: 0, first: now, last: now },
    now,
    THROTTLE.pairFree,
    THROTTLE.pairBaseMs,
    THROTTLE.pairMaxMs,
  );
  let src = s.throttleSources[peer];
  if (src && now - src.first >= THROTTLE.windowMs) src = undefined;
  delete s.throttleSources[peer];
  prune(s.throttleSources, now, THROTTLE.maxSources, false);
  s.throttleSources[peer] = fail(
    src ?? { fails: 0, first: now, last: now },
    now,
    THROTTLE.sourceFree,
    THROTTLE.sourceBaseMs,
    THROTTLE.sourceMaxMs,
  );
  ctx.persist();
}

/** A success clears the pair's count (the source's daily count stays). */
export function clearFailures(ctx: SimContext, subject: string, peer: string): void {
  const pairs = ctx.state.identity.throttlePairs;
  const k = pairKey(subject, peer);
  if (!pairs[k]) return;
  delete pairs[k];
  ctx.persist();
}

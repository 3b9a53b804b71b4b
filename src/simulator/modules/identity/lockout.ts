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
import type { UserRecord } from '../../users.ts';
import { THROTTLE, type ThrottleRecord, type IdentityContext } from './state.ts';

/** What failures of an account, or of an address with no account, are counted under. */
export const lockKey = (u: UserRecord | undefined, address: string): string =>
  u ? `uid:${u.uid}` : `login:${address}`;

const pairKey = (subject: string, peer: string) => `${subject}|${peer}`;

/**
 * How long this subject, tried from this source, must still wait (ms);
 * 0 when it may try now.
 */
export function waitFor(ctx: IdentityContext, subject: string, peer: string): number {
  const now = ctx.clock.now();
  const { throttlePairs, throttleSources } = ctx.state.identity;
  const until = Math.max(
    throttlePairs[pairKey(subject, peer)]?.until ?? 0,
    throttleSources[peer]?.until ?? 0,
  );
  return Math.max(0, until - now);
}

/** How one kind of record counts: its allowance, its waits, its cap, and what ages it. */
interface Rule {
  free: number;
  base: number;
  max: number;
  cap: number;
  /** Pairs age from their last failure (consecutive failures), sources from their first (a day's). */
  since: 'last' | 'first';
}

const PAIR: Rule = {
  free: THROTTLE.pairFree,
  base: THROTTLE.pairBaseMs,
  max: THROTTLE.pairMaxMs,
  cap: THROTTLE.maxPairs,
  since: 'last',
};
const SOURCE: Rule = {
  free: THROTTLE.sourceFree,
  base: THROTTLE.sourceBaseMs,
  max: THROTTLE.sourceMaxMs,
  cap: THROTTLE.maxSources,
  since: 'first',
};

const stale = (r: ThrottleRecord, rule: Rule, now: number) =>
  now - r[rule.since] >= THROTTLE.windowMs && (r.until ?? 0) <= now;

/** Drop stale records, then the least recently failed past the cap (insertion order). */
function prune(map: Record<string, ThrottleRecord>, rule: Rule, now: number) {
  const keys = Object.keys(map);
  if (keys.length < rule.cap) return;
  for (const k of keys) if (stale(map[k] as ThrottleRecord, rule, now)) delete map[k];
  const left = Object.keys(map);
  for (let i = 0; i <= left.length - rule.cap; i++) delete map[left[i] as string];
}

/** One more failure under a key: past the allowance it waits, twice as long each time. */
function bump(map: Record<string, ThrottleRecord>, key: string, rule: Rule, now: number) {
  let r = map[key];
  if (r && now - r[rule.since] >= THROTTLE.windowMs) r = undefined;
  // Re-inserted, so insertion order is the order of last failure (prune drops the oldest).
  delete map[key];
  prune(map, rule, now);
  r ??= { fails: 0, first: now, last: now };
  r.fails += 1;
  r.last = now;
  if (r.fails >= rule.free)
    r.until = now + Math.min(rule.max, rule.base * 2 ** (r.fails - rule.free));
  map[key] = r;
}

/** Count a wrong password or code of a subject from a source. */
export function recordFailure(ctx: IdentityContext, subject: string, peer: string): void {
  const now = ctx.clock.now();
  const s = ctx.state.identity;
  bump(s.throttlePairs, pairKey(subject, peer), PAIR, now);
  bump(s.throttleSources, peer, SOURCE, now);
  ctx.persist();
}

/** A success clears the pair's count (the source's daily count stays). */
export function clearFailures(ctx: IdentityContext, subject: string, peer: string): void {
  const pairs = ctx.state.identity.throttlePairs;
  const k = pairKey(subject, peer);
  if (!pairs[k]) return;
  delete pairs[k];
  ctx.persist();
}

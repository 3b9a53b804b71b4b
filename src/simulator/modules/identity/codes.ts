/**
 * Verification codes and the outbox. A code is 6 digits from the CSPRNG
 * (never the seeded generator: a code must not be predictable), lives
 * {@link CODE_TTL_MS}, is single-use, and goes out at most once per
 * {@link RESEND_MS} per purpose and address (1110).
 *
 * Nobody but the mailbox's owner can spoil a code: a re-send while a code is
 * live sends the same code again, and a new code joins the live ones rather
 * than replacing them (so a stranger asking for codes to the owner's address
 * does not kill the one the owner is typing); wrong tries are counted per
 * source: after {@link CODE_MAX_ATTEMPTS} wrong ones that source gets 1111,
 * as if the codes had expired, while the right code still works from
 * anywhere else. A source that has used up its tries may ask for a fresh
 * code (once a minute per address, as anyone). Past {@link CODE_MAX_SOURCES}
 * guessing sources a code is thrown away (each has had its tries by then).
 */
import { secureDigits } from '../../secure-random.ts';
import { nextId } from '../../core-state.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_MAX_LIFE_MS,
  CODE_MAX_SOURCES,
  CODE_TTL_MS,
  CODES_PER_ADDRESS,
  OUTBOX_MAX,
  RESEND_MS,
  type OutboxEntry,
  type SentCode,
  type IdentityContext,
} from './state.ts';

/** Purposes a code is kept under: the spec's code types, the second factor and e-mail proof. */
export type CodePurpose = '1' | '2' | '2fa' | 'bind';

const key = (purpose: CodePurpose, address: string) => `${purpose}:${address}`;

/** Called with every message put in the outbox. */
export type OutboxListener = (entry: OutboxEntry) => void;

// Per simulator, so two simulators in one process (tests) do not hear each other.
const listeners = new WeakMap<IdentityContext, Set<OutboxListener>>();

/**
 * Hear every message the simulator "sends" (a host printing codes to a
 * terminal, for instance). Returns the function that stops listening.
 */
export function onOutbox(ctx: IdentityContext, fn: OutboxListener): () => void {
  let set = listeners.get(ctx);
  if (!set) listeners.set(ctx, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** Put a message in the outbox (oldest dropped past the cap). */
export function send(ctx: IdentityContext, entry: Omit<OutboxEntry, 'id' | 'at'>): OutboxEntry {
  const e: OutboxEntry = { id: nextId(ctx.state), at: ctx.clock.now(), ...entry };
  const box = ctx.state.identity.outbox;
  box.push(e);
  if (box.length > OUTBOX_MAX) box.splice(0, box.length - OUTBOX_MAX);
  ctx.persist();
  for (const fn of listeners.get(ctx) ?? []) {
    // A listener's fault must not fail the call that sent the message.
    try {
      fn({ ...e });
    } catch (err) {
      console.error('simulator: outbox listener failed', err);
    }
  }
  return e;
}

/** 1110: was a code for this purpose sent to this address less than {@link RESEND_MS} ago? */
export const tooSoon = (ctx: IdentityContext, purpose: CodePurpose, address: string): boolean => {
  const last = ctx.state.identity.lastSent[key(purpose, address)];
  return last !== undefined && ctx.clock.now() - last < RESEND_MS;
};

/** The live codes of a purpose and address, oldest first (expired ones are dropped). */
function liveCodes(ctx: IdentityContext, purpose: CodePurpose, address: string): SentCode[] {
  const k = key(purpose, address);
  const codes = ctx.state.identity.codes;
  const now = ctx.clock.now();
  const live = (codes[k] ?? []).filter((c) => c.expiresAt > now);
  if (live.length) codes[k] = live;
  else delete codes[k];
  return live;
}

const usableBy = (c: SentCode, peer: string) => (c.tries[peer] ?? 0) < CODE_MAX_ATTEMPTS;

/** The newest live code this source may still try, if any (a second step re-uses it). */
export const liveCode = (
  ctx: IdentityContext,
  purpose: CodePurpose,
  address: string,
  peer: string,
): SentCode | undefined => liveCodes(ctx, purpose, address).findLast((c) => usableBy(c, peer));

/**
 * The code to send for a purpose and address: the newest live one this
 * source may still try, again (its life renewed, up to
 * {@link CODE_MAX_LIFE_MS} from when it was made), else a fresh one beside
 * the live ones (so nobody's resend spoils the owner's code); undefined when
 * one went out less than {@link RESEND_MS} ago (answer 1110).
 */
export function issueCode(
  ctx: IdentityContext,
  purpose: CodePurpose,
  address: string,
  peer: string,
): string | undefined {
  if (tooSoon(ctx, purpose, address)) return undefined;
  const now = ctx.clock.now();
  const s = ctx.state.identity;
  // Forget old send times and dead codes, so the maps do not grow with every address ever seen.
  for (const [k, t] of Object.entries(s.lastSent)) if (now - t >= RESEND_MS) delete s.lastSent[k];
  for (const [k, cs] of Object.entries(s.codes))
    if (!cs.some((c) => c.expiresAt > now)) delete s.codes[k];
  const k = key(purpose, address);
  s.lastSent[k] = now;
  const again = liveCode(ctx, purpose, address, peer);
  if (again && now - again.issuedAt < CODE_MAX_LIFE_MS) {
    again.expiresAt = Math.min(now + CODE_TTL_MS, again.issuedAt + CODE_MAX_LIFE_MS);
    ctx.persist();
    return again.code;
  }
  const fresh: SentCode = {
    code: secureDigits(6),
    expiresAt: now + CODE_TTL_MS,
    issuedAt: now,
    tries: {},
  };
  const codes = [...liveCodes(ctx, purpose, address), fresh];
  s.codes[k] = codes.slice(-CODES_PER_ADDRESS);
  ctx.persist();
  return fresh.code;
}

/** 'none': no live code this source may try (never sent, expired, used, or tried too often) → 1111; 'wrong' → 1020. */
export type CodeCheck = 'ok' | 'none' | 'wrong';

/**
 * Check a code from a source without using it up. A wrong one counts against
 * every live code the source could still try.
 */
export function checkCode(
  ctx: IdentityContext,
  purpose: CodePurpose,
  address: string,
  given: string,
  peer: string,
): CodeCheck {
  const open = liveCodes(ctx, purpose, address).filter((c) => usableBy(c, peer));
  if (!open.length) return 'none';
  if (open.some((c) => sameDigits(c.code, given))) return 'ok';
  for (const c of open) {
    // A code guessed at from very many sources goes (each has had its tries by then).
    if (c.tries[peer] === undefined && Object.keys(c.tries).length >= CODE_MAX_SOURCES)
      c.expiresAt = 0;
    else c.tries[peer] = (c.tries[peer] ?? 0) + 1;
  }
  ctx.persist();
  return 'wrong';
}

/** Compare codes in constant time (a code is a secret). */
function sameDigits(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A used code cannot be used again, nor any other sent for the same purpose and address. */
export const consumeCode = (ctx: IdentityContext, purpose: CodePurpose, address: string): void => {
  delete ctx.state.identity.codes[key(purpose, address)];
};

/** Reply code of a failed check. */
export const codeFailure = (r: Exclude<CodeCheck, 'ok'>): number => (r === 'none' ? 1111 : 1020);

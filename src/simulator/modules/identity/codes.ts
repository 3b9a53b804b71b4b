/**
 * Verification codes and the outbox. A code is 6 digits from the CSPRNG
 * (never the seeded generator: a code must not be predictable), lives
 * {@link CODE_TTL_MS}, is single-use, and is thrown away after
 * {@link CODE_MAX_ATTEMPTS} wrong tries. Only the latest code for a purpose
 * and address is live (a resend replaces it), and a new one goes out at most
 * once per {@link RESEND_MS} (1110).
 */
import type { SimContext } from '../../module.ts';
import { secureDigits } from '../../secure-random.ts';
import { nextId } from '../../state.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  OUTBOX_MAX,
  RESEND_MS,
  type OutboxEntry,
  type SentCode,
} from './state.ts';

/** Purposes a code is kept under: the spec's code types, plus the second factor. */
export type CodePurpose = '1' | '2' | '2fa';

const key = (purpose: CodePurpose, address: string) => `${purpose}:${address}`;

/** Called with every message put in the outbox. */
export type OutboxListener = (entry: OutboxEntry) => void;

// Per simulator, so two simulators in one process (tests) do not hear each other.
const listeners = new WeakMap<SimContext, Set<OutboxListener>>();

/**
 * Hear every message the simulator "sends" (a host printing codes to a
 * terminal, for instance). Returns the function that stops listening.
 */
export function onOutbox(ctx: SimContext, fn: OutboxListener): () => void {
  let set = listeners.get(ctx);
  if (!set) listeners.set(ctx, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** Put a message in the outbox (oldest dropped past the cap). */
export function send(ctx: SimContext, entry: Omit<OutboxEntry, 'id' | 'at'>): OutboxEntry {
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
export const tooSoon = (ctx: SimContext, purpose: CodePurpose, address: string): boolean => {
  const last = ctx.state.identity.lastSent[key(purpose, address)];
  return last !== undefined && ctx.clock.now() - last < RESEND_MS;
};

/**
 * Make a fresh code for a purpose and address (replacing any earlier one);
 * undefined when one went out less than {@link RESEND_MS} ago (answer 1110).
 */
export function issueCode(
  ctx: SimContext,
  purpose: CodePurpose,
  address: string,
): string | undefined {
  if (tooSoon(ctx, purpose, address)) return undefined;
  const now = ctx.clock.now();
  const s = ctx.state.identity;
  // Forget old send times, so the map does not grow with every address ever seen.
  for (const [k, t] of Object.entries(s.lastSent)) if (now - t >= RESEND_MS) delete s.lastSent[k];
  const code = secureDigits(6);
  s.codes[key(purpose, address)] = { code, expiresAt: now + CODE_TTL_MS, attempts: 0 };
  s.lastSent[key(purpose, address)] = now;
  return code;
}

/** The live code, if any (expired ones are dropped). */
export function liveCode(
  ctx: SimContext,
  purpose: CodePurpose,
  address: string,
): SentCode | undefined {
  const k = key(purpose, address);
  const c = ctx.state.identity.codes[k];
  if (c && c.expiresAt <= ctx.clock.now()) delete ctx.state.identity.codes[k];
  return ctx.state.identity.codes[k];
}

/** 'none': no live code (never sent, expired, used or burnt) → 1111; 'wrong' → 1020. */
export type CodeCheck = 'ok' | 'none' | 'wrong';

/** Check a code without using it up. */
export function checkCode(
  ctx: SimContext,
  purpose: CodePurpose,
  address: string,
  given: string,
): CodeCheck {
  const c = liveCode(ctx, purpose, address);
  if (!c) return 'none';
  if (c.code === given) return 'ok';
  c.attempts += 1;
  if (c.attempts >= CODE_MAX_ATTEMPTS) delete ctx.state.identity.codes[key(purpose, address)];
  ctx.persist();
  return 'wrong';
}

/** A used code cannot be used again. */
export const consumeCode = (ctx: SimContext, purpose: CodePurpose, address: string): void => {
  delete ctx.state.identity.codes[key(purpose, address)];
};

/** Reply code of a failed check. */
export const codeFailure = (r: Exclude<CodeCheck, 'ok'>): number => (r === 'none' ? 1111 : 1020);

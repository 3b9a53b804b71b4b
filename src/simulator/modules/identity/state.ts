/**
 * The identity module's section of the simulator state: verification codes
 * and the outbox they went to, image captchas, refresh tokens (with their
 * session families), sign-in throttles per source, and the registration
 * rate window.
 */
import type { SimContext } from '../../module.ts';
import type { UsersSlice } from '../../users.ts';

/** Verification codes (e-mail, SMS and second factor) live this long. */
export const CODE_TTL_MS = 10 * 60_000;
/** A second code for the same purpose and address within this window answers 1110. */
export const RESEND_MS = 60_000;
/** Wrong tries of one source before a code stops answering it (then 1111, as if expired). */
export const CODE_MAX_ATTEMPTS = 5;
/** Image captchas expire after this long (23555). */
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** Refresh tokens live a week. */
export const REFRESH_TTL_MS = 7 * 24 * 3_600_000;
/** At most this many registrations per minute across the site, then 1042. */
export const REGISTER_BURST = 10;
/**
 * Sign-in throttles (lockout.ts): how failures slow a source. A pair is one
 * account (or unknown address) tried from one source; a source is one
 * network address (the worker's calls are all one source, `local`).
 */
export const THROTTLE = {
  /** Consecutive failures of a pair before it waits (the owner's typos stay free). */
  pairFree: 5,
  /** The pair's first wait; each further failure doubles it… */
  pairBaseMs: 15_000,
  /** …up to this. */
  pairMaxMs: 15 * 60_000,
  /** Failures of a source, on any accounts, in {@link THROTTLE.windowMs} before it waits. */
  sourceFree: 100,
  sourceBaseMs: 60_000,
  sourceMaxMs: 60 * 60_000,
  /** A count is forgotten this long after its first failure (pairs: after their last). */
  windowMs: 24 * 3_600_000,
  /** Records kept at most (the least recently failed go first), so a flood cannot grow the state. */
  maxPairs: 20_000,
  maxSources: 5_000,
} as const;
/** Live codes kept per purpose and address (a new one a minute at most; they live 10). */
export const CODES_PER_ADDRESS = 16;
/** Sources whose wrong tries one code keeps; more, and it is thrown away. */
export const CODE_MAX_SOURCES = 1_000;
/** However often it is re-sent, a code is replaced after this long. */
export const CODE_MAX_LIFE_MS = 30 * 60_000;
/** The outbox keeps the latest this many messages. */
export const OUTBOX_MAX = 500;

/** What a message in the outbox was for. */
export type OutboxKind =
  'register' | 'forgot' | 'registered' | 'two-factor' | 'bind-email' | 'notice';

/** A mail or SMS the simulator "sent": reviewers and tests read codes here. */
export interface OutboxEntry {
  id: string;
  at: number;
  channel: 'mail' | 'sms';
  /** E-mail address, or phone digits. */
  to: string;
  kind: OutboxKind;
  /** The 6-digit code, when the message carries one. */
  code?: string;
  subject: string;
  text: string;
  locale: string;
  uid?: string;
}

/** A live code: the one sent (and re-sent) for one purpose and address. */
export interface SentCode {
  code: string;
  expiresAt: number;
  /** When it was made: a re-send keeps it until {@link CODE_MAX_LIFE_MS}. */
  issuedAt: number;
  /** Wrong tries by source: one source's guesses do not burn the owner's code. */
  tries: Record<string, number>;
}

export interface Captcha {
  text: string;
  expiresAt: number;
  attempts: number;
}

export interface RefreshRecord {
  uid: string;
  expiresAt: number;
  /** The user's session generation when issued. */
  gen: number;
  /**
   * The session family: a sign-in and every refresh after it. Showing a
   * rotated (used) refresh token again revokes the whole family.
   */
  family?: string;
  /** When the family signed in (epoch ms): a refresh keeps it (the session time limit). */
  signedInAt?: number;
}

/** Failures of a pair or a source (lockout.ts). */
export interface ThrottleRecord {
  fails: number;
  first: number;
  last: number;
  /** No attempt is looked at before this (epoch ms). */
  until?: number;
}

export interface IdentityState {
  /** Live codes by `<purpose>:<address>` ('1:a@b.c', '2:15550100', '2fa:<uid>'), oldest first. */
  codes: Record<string, SentCode[]>;
  /** Last time a code went out, by `<purpose>:<address>` (1110 window). */
  lastSent: Record<string, number>;
  outbox: OutboxEntry[];
  captchas: Record<string, Captcha>;
  refreshTokens: Record<string, RefreshRecord>;
  /** Rotated refresh tokens, kept until they would have expired, to notice reuse. */
  usedRefreshTokens: Record<string, RefreshRecord>;
  /** Revoked session families → when their last token expires at the latest. */
  revokedFamilies: Record<string, number>;
  /** By `<subject>|<source>`: an account (`uid:…`) or unknown address (`login:…`) from one source. */
  throttlePairs: Record<string, ThrottleRecord>;
  /** By source address. */
  throttleSources: Record<string, ThrottleRecord>;
  /** Users who were sent the "registration complete" mail (type '4'), once each. */
  welcomed: Record<string, number>;
  /** Times of recent registrations (1042 window). */
  registrations: number[];
}

/** The identity module's section of the state (state.ts composes it). */
export interface IdentitySlice {
  identity: IdentityState;
}

/** The sections the identity module reads: its own and the users'. */
export type IdentityNeeds = IdentitySlice & UsersSlice;

/** The identity module's context. */
export type IdentityContext = SimContext<IdentityNeeds>;

/** Create the section when missing (new or older saved state). */
export function initIdentity(ctx: IdentityContext): void {
  const s = (ctx.state.identity ??= {} as IdentityState);
  s.codes ??= {};
  s.lastSent ??= {};
  s.outbox ??= [];
  s.captchas ??= {};
  s.refreshTokens ??= {};
  s.usedRefreshTokens ??= {};
  s.revokedFamilies ??= {};
  s.throttlePairs ??= {};
  s.throttleSources ??= {};
  // Account-wide locks could be aimed at an owner (issue 24); their records go.
  delete (s as { failures?: unknown }).failures;
  // Saved before several codes could be live: one code each, its tries unknown.
  for (const [k, c] of Object.entries(s.codes as Record<string, SentCode[] | SentCode>))
    if (!Array.isArray(c)) s.codes[k] = [{ ...c, issuedAt: c.expiresAt - CODE_TTL_MS, tries: {} }];
  s.welcomed ??= {};
  s.registrations ??= [];
}

/**
 * The identity module's section of the simulator state: verification codes
 * and the outbox they went to, image captchas, refresh tokens (with their
 * session families), sign-in failures and lockouts, and the registration
 * rate window.
 */
import type { SimContext } from '../../module.ts';

/** Verification codes (e-mail, SMS and second factor) live this long. */
export const CODE_TTL_MS = 10 * 60_000;
/** A second code for the same purpose and address within this window answers 1110. */
export const RESEND_MS = 60_000;
/** Wrong tries before a code is thrown away (then 1111, as if expired). */
export const CODE_MAX_ATTEMPTS = 5;
/** Image captchas expire after this long (23555). */
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** Refresh tokens live a week. */
export const REFRESH_TTL_MS = 7 * 24 * 3_600_000;
/** At most this many registrations per minute across the site, then 1042. */
export const REGISTER_BURST = 10;
/** Wrong passwords within {@link LOCK_WINDOW_MS} that lock an account. */
export const LOCK_PASSWORD_FAILURES = 5;
/**
 * Wrong second-factor or reset codes within {@link LOCK_WINDOW_MS} that lock
 * it: two burnt codes (each takes {@link CODE_MAX_ATTEMPTS} tries).
 */
export const LOCK_CODE_FAILURES = 10;
/** The window failures are counted in, and how long a lock lasts. */
export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** The outbox keeps the latest this many messages. */
export const OUTBOX_MAX = 500;

/** What a message in the outbox was for. */
export type OutboxKind = 'register' | 'forgot' | 'registered' | 'two-factor';

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

/** A live code: the latest sent for one purpose and address. */
export interface SentCode {
  code: string;
  expiresAt: number;
  attempts: number;
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
}

/** Recent sign-in failures of an account (or of an unknown address). */
export interface FailureRecord {
  passwords: number[];
  codes: number[];
  lockedUntil?: number;
  /** What caused the lock: a password lock still lets a reset through (it lifts the lock). */
  lockedBy?: 'password' | 'code';
}

export interface IdentityState {
  /** By `<purpose>:<address>` ('1:a@b.c', '2:15550100', '2fa:<uid>'). */
  codes: Record<string, SentCode>;
  /** Last time a code went out, by `<purpose>:<address>` (1110 window). */
  lastSent: Record<string, number>;
  outbox: OutboxEntry[];
  captchas: Record<string, Captcha>;
  refreshTokens: Record<string, RefreshRecord>;
  /** Rotated refresh tokens, kept until they would have expired, to notice reuse. */
  usedRefreshTokens: Record<string, RefreshRecord>;
  /** Revoked session families → when their last token expires at the latest. */
  revokedFamilies: Record<string, number>;
  /** By `uid:<uid>` or `login:<address>`. */
  failures: Record<string, FailureRecord>;
  /** Users who were sent the "registration complete" mail (type '4'), once each. */
  welcomed: Record<string, number>;
  /** Times of recent registrations (1042 window). */
  registrations: number[];
}

declare module '../../state.ts' {
  interface SimState {
    identity: IdentityState;
  }
}

/** Create the section when missing (new or older saved state). */
export function initIdentity(ctx: SimContext): void {
  const s = (ctx.state.identity ??= {} as IdentityState);
  s.codes ??= {};
  s.lastSent ??= {};
  s.outbox ??= [];
  s.captchas ??= {};
  s.refreshTokens ??= {};
  s.usedRefreshTokens ??= {};
  s.revokedFamilies ??= {};
  s.failures ??= {};
  s.welcomed ??= {};
  s.registrations ??= [];
}

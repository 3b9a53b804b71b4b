/**
 * The identity module's section of the simulator state: verification codes
 * and the outbox they went to, image captchas, refresh tokens and the
 * registration rate window.
 */
import type { SimContext } from '../../module.ts';

/** Verification codes (e-mail, SMS and second factor) live this long. */
export const CODE_TTL_MS = 10 * 60_000;
/** A second code to the same address within this window answers 1110. */
export const RESEND_MS = 60_000;
/** Wrong tries before a code is thrown away (then 1111, as if expired). */
export const CODE_MAX_ATTEMPTS = 5;
/** Image captchas expire after this long (23555). */
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** Refresh tokens live a week. */
export const REFRESH_TTL_MS = 7 * 24 * 3_600_000;
/** At most this many registrations per minute across the site, then 1042. */
export const REGISTER_BURST = 10;
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
}

export interface IdentityState {
  /** By `<purpose>:<address>` ('1:a@b.c', '2:15550100', '2fa:<uid>'). */
  codes: Record<string, SentCode>;
  /** Last time a code went to an address (1110 window). */
  lastSent: Record<string, number>;
  outbox: OutboxEntry[];
  captchas: Record<string, Captcha>;
  refreshTokens: Record<string, RefreshRecord>;
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
  s.registrations ??= [];
}

/** `n` hex digits from the simulator's seeded generator. */
export const hex = (ctx: SimContext, n: number): string =>
  Array.from({ length: n }, () => ctx.rng.int(0, 15).toString(16)).join('');

/** A v4-shaped uuid from the seeded generator. */
export const uuid = (ctx: SimContext): string => {
  const h = hex(ctx, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
};

/**
 * Input rules the server enforces (the client checks the same, but a server
 * never trusts a client): lengths, address formats, illegal characters.
 * Shared by the identity and account modules.
 */
import type { AccountType } from '../../../api/types/trading.ts';

/** Field length limit of both specs (e-mail, password, nickname, verification fields…). */
export const MAX_FIELD = 140;
export const PASSWORD_MIN = 7;

// Characters that have no business in a name, code or address and are what
// injection attempts are made of: markup, quotes, backslash, control chars.
// eslint-disable-next-line no-control-regex -- control characters are the point
const ILLEGAL = /[<>"'`\\\u0000-\u001f\u007f]/;

/** 23558: does any of these values contain an illegal character? */
export const hasIllegal = (...values: unknown[]): boolean =>
  values.some((v) => typeof v === 'string' && ILLEGAL.test(v));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Is this an e-mail address (and not over the field limit)? */
export const isEmail = (v: string): boolean => v.length <= MAX_FIELD && EMAIL.test(v);

/** A phone as the client sends it: no plus, no spaces (we also drop dashes). */
export const normalisePhone = (v: string): string => v.replace(/[+\s-]/g, '');
/** Is this a phone number: 6 to 15 digits, already normalised? */
export const isPhone = (v: string): boolean => /^\d{6,15}$/.test(v);

/** E-mails compare case-insensitively; phones by digits. */
export const normaliseLogin = (username: string, type: AccountType): string =>
  type === 'P' ? normalisePhone(username) : username.trim().toLowerCase();

/** Is the password's length within the limits? */
export const validPassword = (p: string): boolean =>
  p.length >= PASSWORD_MIN && p.length <= MAX_FIELD;

/** A non-empty string, trimmed; undefined otherwise. */
export const str = (v: unknown): string | undefined => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
};

/** Parse a JSON object field (multipart metaData arrives as text); {} when absent or not an object. */
export function jsonObject(v: unknown): Record<string, unknown> | undefined {
  if (v === undefined || v === null || v === '') return {};
  if (typeof v === 'object' && !(v instanceof Blob)) return v as Record<string, unknown>;
  if (typeof v !== 'string') return undefined;
  try {
    const o: unknown = JSON.parse(v);
    return typeof o === 'object' && o !== null && !Array.isArray(o)
      ? (o as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

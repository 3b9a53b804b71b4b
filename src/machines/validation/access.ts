/**
 * Sign-in and registration rules of trading.md §5. Each check returns the
 * spec's message key, or undefined when the value is fine.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import type { AccountType } from '../../api/types/trading.ts';
import { CODE_LENGTH, MAX_LEN, PASSWORD_MIN } from '../../config/constants.ts';

/** A basic address pattern: something@something.tld, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A phone is sent without its leading plus and with spaces removed. */
export const normalisePhone = (phone: string): string =>
  phone.trim().replace(/^\+/, '').replace(/[\s-]/g, '');

/** A phone is valid when it parses as an international number ('+' optional in the input). */
export const isPhone = (phone: string): boolean => {
  const digits = normalisePhone(phone);
  return /^\d{6,15}$/.test(digits) && isValidPhoneNumber(`+${digits}`);
};

export const isEmail = (email: string): boolean =>
  email.trim().length <= MAX_LEN.email && EMAIL_RE.test(email.trim());

/** The username as posted: trimmed e-mail, or normalised phone. */
export const username = (type: AccountType, value: string): string =>
  type === 'P' ? normalisePhone(value) : value.trim();

/** Register and forgot: wrong_email / wrong_phone_number. */
export function checkAccount(type: AccountType, value: string): string | undefined {
  if (type === 'E') return isEmail(value) ? undefined : 'wrong_email';
  return isPhone(value) ? undefined : 'wrong_phone_number';
}

/** Sign in: any bad username reads p_t_username. */
export const checkLoginUsername = (type: AccountType, value: string): string | undefined =>
  checkAccount(type, value) ? 'p_t_username' : undefined;

export const checkLoginPassword = (password: string): string | undefined =>
  password.length === 0 ? 'p_t_password' : undefined;

/** Register and forgot: at least 7 characters ("longer than six"). */
export const checkNewPassword = (password: string): string | undefined =>
  password.length < PASSWORD_MIN ? 'password_limit' : undefined;

/** Exactly 6 digits. */
export const checkCode = (code: string): string | undefined =>
  new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code) ? undefined : 'wrong_verification_code';

export const checkCaptcha = (text: string): string | undefined =>
  text.trim() ? undefined : 'p_t_verity_code';

/** Code inputs keep digits only, at most 6; a longer paste is rejected (the old value stays). */
export function codeInput(previous: string, next: string): string {
  const digits = next.replace(/\D/g, '');
  if (digits.length > CODE_LENGTH) return previous;
  return digits;
}

/** Cut text inputs at their maximum length. */
export const clip = (value: string, max: number): string => value.slice(0, max);

/** The i18n key of a reply code's message (`code.1004`), to show beside the field it concerns. */
export const codeKey = (code: number): string => `code.${code}`;

/** Verification-code replies: 1020 wrong, 1111 none live, 23556 wrong captcha (trading.md §8). */
export const WRONG_CODE_REPLIES: readonly number[] = [1020, 1111, 23556];
/** 1004 e-mail taken, 1045 phone taken. */
export const ACCOUNT_TAKEN_REPLIES: readonly number[] = [1004, 1045];
/** The captcha on screen can no longer be answered: 23554 unknown, 23555 expired. */
export const CAPTCHA_STALE_REPLIES: readonly number[] = [23554, 23555];

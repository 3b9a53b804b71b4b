/**
 * Remembered sign-in (trading.md §3): the account type and value, the
 * selected phone country (its dial code), the account just registered, and,
 * when asked, the password, encrypted with AES-GCM under a non-extractable key kept
 * in IndexedDB. Never in plain text. Where storage is missing (tests, private
 * mode) nothing is remembered.
 */
import { openDB } from 'idb';
import type { AccountType } from '../api/types/trading.ts';
import { readJson, writeJson } from './persist.ts';

export interface Remembered {
  type: AccountType;
  value: string;
}

const KEY = 'remember';
const PWD = 'rememberPassword';

export const recallAccount = (): Remembered | undefined => readJson<Remembered>(KEY);

export function rememberAccount(r: Remembered | undefined): void {
  writeJson(KEY, r);
}

const COUNTRY = 'country';
const REGISTERED = 'registerAccount';

/** The phone country (dial code) the user last chose. */
export const recallCountry = (): string | undefined => {
  const c = readJson<unknown>(COUNTRY);
  return typeof c === 'string' && /^\d{1,3}$/.test(c) ? c : undefined;
};

export function rememberCountry(dialCode: string): void {
  if (/^\d{1,3}$/.test(dialCode)) writeJson(COUNTRY, dialCode);
}

/** The account just signed up with, offered on sign in until a sign-in succeeds. */
export const recallRegisterAccount = (): Remembered | undefined => {
  const r = readJson<Partial<Remembered>>(REGISTERED);
  return r && (r.type === 'E' || r.type === 'P') && typeof r.value === 'string'
    ? { type: r.type, value: r.value }
    : undefined;
};

export function rememberRegisterAccount(r: Remembered | undefined): void {
  writeJson(REGISTERED, r);
}

async function key(): Promise<CryptoKey | undefined> {
  if (typeof indexedDB === 'undefined' || !globalThis.crypto?.subtle) return undefined;
  const db = await openDB('trader-keys', 1, { upgrade: (d) => void d.createObjectStore('keys') });
  let k = (await db.get('keys', 'password')) as CryptoKey | undefined;
  if (!k) {
    k = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await db.put('keys', k, 'password');
  }
  return k;
}

const b64 = (b: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(b)));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** Store the password encrypted, or forget it (undefined). */
export async function rememberPassword(password: string | undefined): Promise<void> {
  if (password === undefined) {
    writeJson(PWD, undefined);
    return;
  }
  const k = await key();
  if (!k) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    k,
    new TextEncoder().encode(password),
  );
  writeJson(PWD, { iv: b64(iv), data: b64(data) });
}

export async function recallPassword(): Promise<string | undefined> {
  const saved = readJson<{ iv: string; data: string }>(PWD);
  if (!saved) return undefined;
  const k = await key();
  if (!k) return undefined;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: unb64(saved.iv) },
      k,
      unb64(saved.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}

/**
 * Password hashes: PBKDF2-HMAC-SHA256 through WebCrypto (worker, browser and
 * Node alike) with a 128-bit CSPRNG salt, stored with the iteration count it
 * was made with, so a change of cost applies at the next sign-in.
 */
import { secureHex, toHex } from '../secure-random.ts';

export { DEFAULT_PASSWORD_ITERATIONS } from './password-cost.ts';
/** The cost of hashes saved before the count was stored with them. */
export const LEGACY_PASSWORD_ITERATIONS = 10_000;

/** What a user record keeps of a password. */
export interface StoredPassword {
  /** Hex of the 256-bit derived key. */
  passwordHash: string;
  /** Hex; hashed as its UTF-8 text (as the first hashes were). */
  salt: string;
  /** Absent on hashes made before the count was stored: {@link LEGACY_PASSWORD_ITERATIONS}. */
  passwordIterations?: number;
}

export async function pbkdf2(password: string, salt: string, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations },
    key,
    256,
  );
  return toHex(new Uint8Array(bits));
}

/** A fresh hash of a password, with a new random salt. */
export async function newPassword(password: string, iterations: number): Promise<StoredPassword> {
  const salt = secureHex(32);
  return {
    passwordHash: await pbkdf2(password, salt, iterations),
    salt,
    passwordIterations: iterations,
  };
}

/** Constant-time comparison of two hex strings of the same length. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Does the password match the stored hash (whatever its cost)? */
export async function verifyPassword(stored: StoredPassword, password: string): Promise<boolean> {
  const iterations = stored.passwordIterations ?? LEGACY_PASSWORD_ITERATIONS;
  return sameHex(await pbkdf2(password, stored.salt, iterations), stored.passwordHash);
}

/** Should a hash that just verified be redone at the current cost? */
export const needsRehash = (stored: StoredPassword, iterations: number): boolean =>
  (stored.passwordIterations ?? LEGACY_PASSWORD_ITERATIONS) !== iterations;

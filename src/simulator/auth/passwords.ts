/**
 * Password hashes. A {@link PasswordHasher} makes and checks them: by
 * default PBKDF2-HMAC-SHA256 through WebCrypto (worker, browser and tests)
 * with a 128-bit CSPRNG salt, stored with the iteration count it was made
 * with; the Node host passes its own (Argon2id in a bounded worker pool:
 * host/password-pool.ts), which still checks the PBKDF2 hashes saved before.
 * A right password whose hash is not the hasher's current kind and cost is
 * hashed again at that sign-in.
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
  /**
   * 'argon2id': `passwordHash` is the PHC string (salt and cost inside it,
   * `salt` empty). Absent: PBKDF2 as above.
   */
  passwordAlgo?: 'argon2id';
}

/**
 * A hasher's refusal of a task because the caller already has its share
 * waiting (the Node host's pool): the call answers 429, and nothing changed.
 */
export class HasherBusy extends Error {
  constructor() {
    super('password hashing busy for this caller');
  }
}

/** What makes and checks password hashes for a simulator. */
export interface PasswordHasher {
  /** A fresh hash of a password (new random salt, current cost). */
  hash(password: string): Promise<StoredPassword>;
  /** Does the password match (whatever kind and cost the hash has)? */
  verify(stored: StoredPassword, password: string): Promise<boolean>;
  /** Is this hash of another kind or cost than {@link hash} makes now? */
  needsRehash(stored: StoredPassword): boolean;
}

/** PBKDF2-SHA-256 of a password with a salt, through WebCrypto; the derived bits as hex. */
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
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Does the password match a PBKDF2 hash (whatever its cost)? */
export async function verifyPbkdf2(stored: StoredPassword, password: string): Promise<boolean> {
  const iterations = stored.passwordIterations ?? LEGACY_PASSWORD_ITERATIONS;
  return sameHex(await pbkdf2(password, stored.salt, iterations), stored.passwordHash);
}

/** PBKDF2 through WebCrypto at a given cost (the worker's, the tests'). */
export const webCryptoHasher = (iterations: number): PasswordHasher => ({
  hash: (password) => newPassword(password, iterations),
  verify: async (stored, password) =>
    stored.passwordAlgo === undefined && (await verifyPbkdf2(stored, password)),
  needsRehash: (stored) =>
    stored.passwordAlgo !== undefined ||
    (stored.passwordIterations ?? LEGACY_PASSWORD_ITERATIONS) !== iterations,
});

/**
 * Sealing at rest: sensitive fields the simulator keeps (bank-card name,
 * account, address, id and phone numbers) are stored AES-256-GCM encrypted
 * under the state's vault key, with a random 96-bit IV each time, never in
 * plain text. Format: base64 of `iv ‖ ciphertext ‖ tag`.
 */
import { toBase64 } from '../../api/aes-codec.ts';
import { secureBytes } from '../secure-random.ts';
import { keyBytes } from './keys.ts';

const IV_BYTES = 12;
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(hex: string): Promise<CryptoKey> {
  let k = keys.get(hex);
  if (!k) {
    k = crypto.subtle.importKey('raw', keyBytes(hex), 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(hex, k);
  }
  return k;
}

/** Encrypt one value under the vault key (hex). */
export async function seal(vaultKey: string, plain: string): Promise<string> {
  const iv = secureBytes(IV_BYTES);
  const ct = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await keyOf(vaultKey),
      new TextEncoder().encode(plain),
    ),
  );
  const out = new Uint8Array(IV_BYTES + ct.length);
  out.set(iv);
  out.set(ct, IV_BYTES);
  return toBase64(out);
}

/** Decrypt a value made by {@link seal}; throws when the key or the value is wrong. */
export async function unseal(vaultKey: string, sealed: string): Promise<string> {
  const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
    await keyOf(vaultKey),
    bytes.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}

/** Seal (or unseal) the named string fields of an object. */
export async function mapSealed<T extends object>(
  vaultKey: string,
  obj: T,
  fields: readonly string[],
  f: (key: string, v: string) => Promise<string>,
): Promise<T> {
  const out = { ...obj } as Record<string, unknown>;
  for (const k of fields) {
    const v = out[k];
    if (typeof v === 'string' && v !== '') out[k] = await f(vaultKey, v);
  }
  return out as T;
}

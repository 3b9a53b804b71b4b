/**
 * The codec for the spec's sensitive fields (crypto addresses, bank-account
 * name/account/address/idNumber/phoneNumber, paymentAddress): encoded with
 * the token's `aesKey` before sending, decoded on arrival, and the same on the
 * way back. Client and simulator share this file.
 *
 * Scheme: AES-GCM (WebCrypto, so browser, worker and Node 20 alike), keyed by
 * the hex `aesKey` (32 hex digits: AES-128; 64: AES-256). The 12-byte IV is
 * synthetic — the first 12 bytes of HMAC-SHA-256(key, plaintext) — so
 * encoding is deterministic (the simulator may use no outside randomness) and
 * needs no random source; it reveals only whether two values are equal.
 * Output: base64 of `iv ‖ ciphertext ‖ tag`.
 */

const enc = new TextEncoder();
const dec = new TextDecoder();
const IV_BYTES = 12;

/** Thrown when a value cannot be decoded (wrong key, tampered or not base64). */
export class CodecError extends Error {
  override readonly name = 'CodecError';
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new CodecError('aesKey is not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Bytes as base64, in chunks so a large image does not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  let s: string;
  try {
    s = atob(b64);
  } catch {
    throw new CodecError('not base64');
  }
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

interface Keys {
  aes: CryptoKey;
  mac: CryptoKey;
}
const cache = new Map<string, Promise<Keys>>();

function keysFor(aesKey: string): Promise<Keys> {
  let hit = cache.get(aesKey);
  if (!hit) {
    const raw = hexToBytes(aesKey);
    if (![16, 24, 32].includes(raw.length))
      throw new CodecError('aesKey must be 128, 192 or 256 bits');
    hit = Promise.all([
      crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']),
      crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    ]).then(([aes, mac]) => ({ aes, mac }));
    cache.set(aesKey, hit);
  }
  return hit;
}

/** Encode one sensitive value with the session's `aesKey`. */
export async function encodeSensitive(aesKey: string, plain: string): Promise<string> {
  const { aes, mac } = await keysFor(aesKey);
  const data = enc.encode(plain);
  const iv = new Uint8Array(await crypto.subtle.sign('HMAC', mac, data)).slice(0, IV_BYTES);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, data));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** Decode one value encoded by {@link encodeSensitive}; throws {@link CodecError} when it cannot. */
export async function decodeSensitive(aesKey: string, encoded: string): Promise<string> {
  const { aes } = await keysFor(aesKey);
  const bytes = fromBase64(encoded);
  if (bytes.length < IV_BYTES + 16) throw new CodecError('too short');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
      aes,
      bytes.subarray(IV_BYTES),
    );
    return dec.decode(plain);
  } catch {
    throw new CodecError('cannot decode');
  }
}

/** Bank-card fields that travel encoded (user-centre.md §3). */
export const SENSITIVE_BANK_FIELDS = [
  'name',
  'account',
  'address',
  'idNumber',
  'phoneNumber',
] as const;

type Mapper = (aesKey: string, v: string) => Promise<string>;

async function mapFields<T extends object>(
  aesKey: string,
  obj: T,
  keys: readonly string[],
  f: Mapper,
): Promise<T> {
  const out = { ...obj } as Record<string, unknown>;
  for (const k of keys) {
    const v = out[k];
    if (typeof v === 'string' && v !== '') out[k] = await f(aesKey, v);
  }
  return out as T;
}

/** Encode the named string fields of an object (empty and absent fields are left as they are). */
export const encodeFields = <T extends object>(
  aesKey: string,
  obj: T,
  keys: readonly string[],
): Promise<T> => mapFields(aesKey, obj, keys, encodeSensitive);

/** Decode the named string fields of an object; throws {@link CodecError} when one cannot be decoded. */
export const decodeFields = <T extends object>(
  aesKey: string,
  obj: T,
  keys: readonly string[],
): Promise<T> => mapFields(aesKey, obj, keys, decodeSensitive);

/**
 * Keys kept in the simulator's state: the token signing key and the vault key
 * that seals sensitive fields at rest. Both are 256 random bits from the
 * CSPRNG, made once per store, never derived from the seed.
 */
import { secureHex } from '../secure-random.ts';

/** Bits of a key made here; a key given from outside must have at least this many. */
export const KEY_BITS = 256;

/** A fresh 256-bit key, as 64 hex digits. */
export const newKeyHex = (): string => secureHex(KEY_BITS / 4);

/** Is this a key made by {@link newKeyHex} (or given and normalised)? Old states held a seed-derived `sim-…` string. */
export const isKeyHex = (s: unknown): s is string =>
  typeof s === 'string' && /^[0-9a-f]+$/.test(s) && s.length >= KEY_BITS / 4 && s.length % 2 === 0;

/** Hex to bytes (the caller has checked the text). */
export function keyBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * A signing key given from outside (the Node host's `SIM_SIGNING_KEY`): hex,
 * or base64 / base64url, of at least 256 bits. Returns it as lower-case hex;
 * throws with a reason when it is not usable, so a host refuses to start
 * rather than sign with a weak key.
 */
export function parseSigningKey(text: string): string {
  const t = text.trim();
  if (/^[0-9a-fA-F]+$/.test(t) && t.length % 2 === 0) {
    if (t.length < KEY_BITS / 4) throw new Error(`signing key: hex key under ${KEY_BITS} bits`);
    return t.toLowerCase();
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) throw new Error('signing key: neither hex nor base64');
  let raw: string;
  try {
    raw = atob(t.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error('signing key: not valid base64');
  }
  if (raw.length * 8 < KEY_BITS) throw new Error(`signing key: under ${KEY_BITS} bits`);
  return Array.from(raw, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}

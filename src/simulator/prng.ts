/**
 * Randomness for market data only (prices and volumes): a keyed stream
 * cipher, so one 256-bit market key reproduces the markets exactly and
 * nothing short of that key predicts them.
 *
 * Every value is a word of the ChaCha20 keystream (RFC 8439, through
 * `@noble/ciphers`) under a per-product key (HMAC-SHA-256 of the market key
 * and the symbol), at a nonce naming what it is for (a lane) and where (a
 * day, a minute). Seeing any number of outputs tells nothing about the key
 * or about outputs not yet shown: the generator has a 256-bit secret state,
 * not the 32-bit one a fast integer hash keeps (which a client could rebuild
 * from one daily bar, or search for).
 *
 * The market key is secret like the token signing key: on a server it is
 * drawn from the CSPRNG per store; a seed (a reviewer's reproducible demo,
 * tests, the in-browser demo) names it through {@link marketKeyOf}, and then
 * anyone who knows the seed can predict the prices. Secrets (codes, tokens,
 * salts, keys, ids) never come from here: they come from secure-random.ts
 * (an ESLint rule keeps this file out of the identity, account and auth code).
 */
import { chacha12 } from '@noble/ciphers/chacha.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** Uniform in [0, 1) from a 32-bit word. */
export const unit = (h: number): number => h / 4294967296;

/**
 * A cheap approximately normal variate (mean 0, variance 1) from one word:
 * the sum of its two 16-bit halves is triangular; scaled to unit variance.
 * For random-walk increments the exact shape does not matter.
 */
export function normal(h: number): number {
  const s = ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
  return s * 2.449489742783178; // sqrt(6)
}

/** Is this a market key (256 bits as lower-case hex)? */
export const isMarketKey = (k: unknown): k is string =>
  typeof k === 'string' && /^[0-9a-f]{64}$/.test(k);

/**
 * The market key a seed names (SHA-256 of its text): the same seed, the same
 * markets, on every host. Anyone who knows the seed knows the key.
 */
export const marketKeyOf = (seed: number | string): string =>
  bytesToHex(sha256(utf8ToBytes(`sim-market-seed:${String(seed)}`)));

/** A 256-bit key for one use of the market key (a product's series), by label. */
export const subkey = (marketKey: string, label: string): Uint8Array =>
  hmac(sha256, hexToBytes(marketKey), utf8ToBytes(label));

/** Words per ChaCha block (64 bytes). */
const BLOCK_WORDS = 16;

/**
 * Random access to a keyed stream: word `i` of the sequence named by
 * (lane, a, b) is word `i` of the ChaCha20 keystream at nonce (lane, a, b).
 * Reading many consecutive words at once costs about a hash per word;
 * callers read a day or a minute at a time.
 */
export class KeyedStream {
  private readonly nonce = new Uint8Array(12);
  private readonly nonceWords = new Uint32Array(this.nonce.buffer);

  constructor(private readonly key: Uint8Array) {
    if (key.length !== 32) throw new Error('a market stream needs a 256-bit key');
  }

  /** Words [from, from + count) of the sequence (lane, a, b); all arguments are unsigned 32-bit. */
  words(lane: number, a: number, b: number, from: number, count: number): Uint32Array {
    const first = Math.floor(from / BLOCK_WORDS);
    const blocks = Math.floor((from + count - 1) / BLOCK_WORDS) - first + 1;
    const bytes = new Uint8Array(blocks * BLOCK_WORDS * 4);
    this.nonceWords[0] = lane >>> 0;
    this.nonceWords[1] = a >>> 0;
    this.nonceWords[2] = b >>> 0;
    // The keystream is the cipher applied to zeros.
    chacha12(this.key, this.nonce, bytes, bytes, first);
    const skip = from - first * BLOCK_WORDS;
    return new Uint32Array(bytes.buffer, skip * 4, count);
  }

  /** Word `i` of the sequence (lane, a, b). */
  word(lane: number, a: number, b: number, i: number): number {
    return this.words(lane, a, b, i, 1)[0] as number;
  }
}

/**
 * Randomness for secrets: signing keys, verification codes, refresh tokens,
 * captcha text and ids, uuids, password salts, aes keys. Everything here comes
 * from WebCrypto's CSPRNG (`crypto.getRandomValues`, in the worker, the
 * browser and Node 20 alike) and is never reproducible from the seed.
 *
 * The seeded generator in `prng.ts` is for market data only (prices, fake
 * names, scenario choices): anyone who knows the seed, or sees a few outputs,
 * can predict it. An ESLint rule keeps `prng.ts` out of the identity, users,
 * auth and account code.
 */

/** `n` random bytes. */
export function secureBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  // getRandomValues fills at most 65,536 bytes a call.
  for (let i = 0; i < n; i += 65_536) crypto.getRandomValues(out.subarray(i, i + 65_536));
  return out;
}

/** Bytes as lower-case hex. */
export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Random words drawn from the CSPRNG a block at a time, each used once. One
 * call to getRandomValues per draw cost 13 µs in Node, and a captcha makes
 * about 2,000 draws: 20 ms of the server's only thread per picture, so one
 * address asking for pictures at its call rate held every other client up.
 */
const words = new Uint32Array(1024);
let nextWord = words.length;

function randomWord(): number {
  if (nextWord === words.length) {
    crypto.getRandomValues(words);
    nextWord = 0;
  }
  return words[nextWord++] as number;
}

/** A uniform integer in [0, n), without modulo bias (rejection sampling). */
export function secureInt(n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`bad range ${n}`);
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const v = randomWord();
    if (v < limit) return v % n;
  }
}

/** `n` random hex digits. */
export const secureHex = (n: number): string => toHex(secureBytes(Math.ceil(n / 2))).slice(0, n);

/** `n` random decimal digits (verification codes). */
export const secureDigits = (n: number): string =>
  Array.from({ length: n }, () => String(secureInt(10))).join('');

/** One element of a non-empty list, uniformly. */
export function securePick<T>(xs: readonly T[]): T {
  if (xs.length === 0) throw new RangeError('pick from an empty list');
  return xs[secureInt(xs.length)] as T;
}

/**
 * A random (version 4) uuid. Built on getRandomValues rather than
 * `crypto.randomUUID`, which browsers offer only in secure contexts.
 */
export function secureUuid(): string {
  const b = secureBytes(16);
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A uniform integer in [min, max] (captcha jitter and the like). */
export const secureBetween = (min: number, max: number): number => min + secureInt(max - min + 1);

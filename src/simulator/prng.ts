/**
 * Deterministic randomness for market data only (prices, fake names,
 * scenario choices): a seed reproduces the markets exactly. Anyone who knows
 * the seed, or sees a few outputs, can predict it, so it must never make a
 * secret: codes, tokens, salts, keys and ids come from secure-random.ts (an
 * ESLint rule keeps this file out of the identity, account and auth code).
 */

/** A fast 32-bit integer hash of up to four integers (lowbias32 rounds). */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  // Unrolled by hand (no array, no helper call per round): the price paths
  // call this hundreds of thousands of times at start, before the JIT has
  // optimised anything, where every call costs.
  let h = (a ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (b >>> 0), 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  h = Math.imul(h ^ (c >>> 0), 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  h = Math.imul(h ^ (d >>> 0), 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from a hash. */
export const unit = (h: number): number => h / 4294967296;

/**
 * A cheap approximately normal variate (mean 0, variance 1) from one hash:
 * the sum of its two 16-bit halves is triangular; scaled to unit variance.
 * For random-walk increments the exact shape does not matter.
 */
export function normal(h: number): number {
  const s = ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
  return s * 2.449489742783178; // sqrt(6)
}

/** Stable numeric id of a string (for per-symbol streams). */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A seeded sequential generator (mulberry32) for market data (never for secrets). */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(xs: readonly T[]): T;
  /** Internal state, to persist and restore. */
  state(): number;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)] as (typeof xs)[number],
    state: () => s,
  };
}

/**
 * The operator API's key. From `SIM_OPERATOR_KEY` when set; otherwise one is
 * made on the first start (32 random bytes from WebCrypto, base64url) and
 * only its SHA-256 is kept in the simulator state, so a restart on the same
 * saved data accepts the same key without ever storing or printing it again.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SimContext } from '../module.ts';

/** The operator key's section of the state (state.ts composes it). */
export interface OperatorKeySlice {
  /** SHA-256 (hex) of the generated operator key; the key itself is never stored. */
  operatorKeyHash?: string;
}

/**
 * The shortest SIM_OPERATOR_KEY taken: the API never locks the right key
 * out, so the key's own strength is what holds guessing off.
 */
export const MIN_OPERATOR_KEY_LENGTH = 20;

/** SHA-256 of a key, as bytes. */
export const hashKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** A fresh key: 32 random bytes, base64url (43 characters). */
export const generateKey = (): string =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

/** Does a presented key match? Constant time: both sides are hashed to 32 bytes first. */
export function keyMatches(given: string | undefined, hash: Buffer): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(hashKey(given), hash);
}

export interface OperatorKey {
  /** SHA-256 of the key the API accepts. */
  hash: Buffer;
  /** The key, only when it was generated on this start (print it once). */
  generated?: string;
  /** Where the key came from. */
  source: 'env' | 'saved' | 'generated';
}

/**
 * Settle the key: the environment's (refused, with the reason, when shorter
 * than {@link MIN_OPERATOR_KEY_LENGTH}), else the one saved in the state,
 * else a new one (its hash saved at once).
 */
export async function resolveOperatorKey(
  sim: { ctx: SimContext<OperatorKeySlice>; flush(): Promise<void> },
  envKey: string | undefined,
): Promise<OperatorKey> {
  if (envKey) {
    if (envKey.length < MIN_OPERATOR_KEY_LENGTH)
      throw new Error(
        `SIM_OPERATOR_KEY must be at least ${MIN_OPERATOR_KEY_LENGTH} characters (a random one: leave it unset)`,
      );
    return { hash: hashKey(envKey), source: 'env' };
  }
  const saved = sim.ctx.state.operatorKeyHash;
  if (saved && /^[0-9a-f]{64}$/.test(saved))
    return { hash: Buffer.from(saved, 'hex'), source: 'saved' };
  const key = generateKey();
  const hash = hashKey(key);
  sim.ctx.state.operatorKeyHash = hash.toString('hex');
  sim.ctx.persist();
  await sim.flush();
  return { hash, generated: key, source: 'generated' };
}

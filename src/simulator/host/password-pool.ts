/**
 * Password hashing for the Node host in its own bounded pool of worker
 * threads (piscina), so that hashing, however much of it a flood of sign-ins
 * or wrong old passwords asks for, never slows the token checks of other
 * users' calls: those run on the main thread and libuv's thread pool, where
 * WebCrypto's PBKDF2 used to queue in front of them (16 wrong-old-password
 * calls made other users' calls 250 times slower, issue 24).
 *
 * New hashes are Argon2id (`@node-rs/argon2`, OWASP's first choice);
 * PBKDF2 hashes saved before still verify and are redone at the next sign-in
 * (users.ts `checkPassword`).
 *
 * The pool takes turns between callers' addresses (fair-queue.ts, keyed by
 * the call's address from peers.ts `callPeer`): one address signing in to 32
 * of its own accounts at once made another address's sign-in 20 to 100 times
 * slower when the tasks were served in arrival order. An address with its
 * share waiting, or a full queue, has the task refused ({@link HasherBusy}:
 * the call answers 429 and changes nothing), so waiting work stays bounded.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import {
  HasherBusy,
  LEGACY_PASSWORD_ITERATIONS,
  type PasswordHasher,
  type StoredPassword,
} from '../auth/passwords.ts';
import { FairQueue, QueueFull } from './fair-queue.ts';
import { callPeer } from './peers.ts';
import { HOST_LIMITS } from './limits.ts';
import { ARGON2, type PasswordTask } from './password-worker.ts';

export interface PasswordPoolOptions {
  /** Worker threads (default: one fewer than the cores, at least one). */
  threads?: number;
  /** Tasks waiting at most (default 256); more are refused. */
  maxQueue?: number;
  /** Tasks waiting at most per address (default: limits.ts `addressHashesWaiting`); more from it are refused. */
  addressQueue?: number;
}

/**
 * The line of hashing done outside any call (the operator's back office, a
 * start-up): trusted, so not held to an address's share.
 */
const NO_CALL = 'host';

/** What an Argon2id hash made now starts with: one of another cost is redone. */
const CURRENT = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export interface PasswordPool extends PasswordHasher {
  /** Stop the workers (the host's shutdown). */
  close(): Promise<void>;
}

/**
 * Password hashing on worker threads (one fewer than the cores by default), so
 * hashing never blocks the server's thread.
 */
export function createPasswordPool(opts: PasswordPoolOptions = {}): PasswordPool {
  const threads = opts.threads ?? Math.max(1, os.availableParallelism() - 1);
  // A worker thread runs TypeScript through the same loader as the host.
  const tsx = process.execArgv.some((a) => a.includes('tsx'));
  const pool = new Piscina<PasswordTask, string | boolean>({
    filename: new URL('./password-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: tsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
  });
  // Only as many tasks go to the threads as they run: the rest wait here, in their callers' turns.
  const turns = new FairQueue({
    slots: threads + 1,
    perKey: opts.addressQueue ?? HOST_LIMITS.addressHashesWaiting,
    total: opts.maxQueue ?? 256,
  });
  const run = async (task: PasswordTask): Promise<string | boolean> => {
    try {
      const peer = callPeer.getStore();
      const work = () => pool.run(task);
      return await (peer ? turns.run(peer, work) : turns.run(NO_CALL, work, Infinity));
    } catch (e) {
      if (e instanceof QueueFull) throw new HasherBusy();
      throw e;
    }
  };
  return {
    async hash(password) {
      const phc = (await run({ op: 'hash', password })) as string;
      return { passwordHash: phc, salt: '', passwordAlgo: 'argon2id' };
    },
    async verify(stored: StoredPassword, password: string) {
      const task: PasswordTask =
        stored.passwordAlgo === 'argon2id'
          ? { op: 'argon2', hash: stored.passwordHash, password }
          : {
              op: 'pbkdf2',
              hash: stored.passwordHash,
              salt: stored.salt,
              iterations: stored.passwordIterations ?? LEGACY_PASSWORD_ITERATIONS,
              password,
            };
      return (await run(task)) === true;
    },
    needsRehash: (stored) =>
      stored.passwordAlgo !== 'argon2id' || !stored.passwordHash.startsWith(CURRENT),
    close: () => pool.close({ force: true }),
  };
}

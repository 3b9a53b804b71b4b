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
 * (users.ts `checkPassword`). A full queue refuses the task (the call then
 * answers 1000), so waiting work stays bounded.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import {
  LEGACY_PASSWORD_ITERATIONS,
  type PasswordHasher,
  type StoredPassword,
} from '../auth/passwords.ts';
import { ARGON2, type PasswordTask } from './password-worker.ts';

export interface PasswordPoolOptions {
  /** Worker threads (default: one fewer than the cores, at least one). */
  threads?: number;
  /** Tasks waiting at most (default 256); more are refused. */
  maxQueue?: number;
}

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
    maxQueue: opts.maxQueue ?? 256,
    idleTimeout: 60_000,
    execArgv: tsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
  });
  return {
    async hash(password) {
      const phc = (await pool.run({ op: 'hash', password })) as string;
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
      return (await pool.run(task)) === true;
    },
    needsRehash: (stored) =>
      stored.passwordAlgo !== 'argon2id' || !stored.passwordHash.startsWith(CURRENT),
    close: () => pool.close({ force: true }),
  };
}

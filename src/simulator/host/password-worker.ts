/**
 * The password pool's worker (password-pool.ts): one hash or check per task,
 * synchronously on this worker's own thread, so it never waits in (or
 * fills) the thread pool where the main thread checks tokens.
 */
import { hashSync, verifySync } from '@node-rs/argon2';
import { pbkdf2Sync, timingSafeEqual } from 'node:crypto';

/** Argon2id at OWASP's first recommendation: 19 MiB, two passes, one lane. */
export const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordTask =
  | { op: 'hash'; password: string }
  | { op: 'argon2'; hash: string; password: string }
  | { op: 'pbkdf2'; hash: string; salt: string; iterations: number; password: string };

/** Runs one task: a PHC string for 'hash', whether it matches for the checks. */
export default function run(task: PasswordTask): string | boolean {
  if (task.op === 'hash') return hashSync(task.password, ARGON2);
  if (task.op === 'argon2') {
    try {
      return verifySync(task.hash, task.password);
    } catch {
      return false; // not a hash this library reads
    }
  }
  // The salt is hashed as its UTF-8 text, as the WebCrypto hashes were made.
  const mine = pbkdf2Sync(task.password, task.salt, task.iterations, 32, 'sha256');
  const theirs = Buffer.from(task.hash, 'hex');
  return theirs.length === mine.length && timingSafeEqual(mine, theirs);
}

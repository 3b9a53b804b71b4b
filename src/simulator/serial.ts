/**
 * One call at a time per key: a user's state-changing calls (key `uid:<uid>`)
 * and anonymous identity calls about one account (keys chosen by the module)
 * run one after another, so a rule checked before an `await` still holds
 * when the change is made after it (one withdrawal in review, no trade while
 * one is in review, one sign-up per address, the sign-in throttle of one source). Calls
 * with different keys still run side by side. A module names the key of an
 * anonymous call through its `serialKey` hook (module.ts).
 */
export interface Serialiser {
  /** Run `fn` once every earlier call with the same key has settled. */
  serialised<T>(key: string | undefined, fn: () => T | Promise<T>): Promise<T>;
  /** Keys with calls queued or running (for tests). */
  busy(): number;
}

/** A serialiser: per-key queues of calls (see the file's comment). */
export function createSerialiser(): Serialiser {
  // The tail of each key's chain; it never rejects, so one failure does not stop the queue.
  const tails = new Map<string, Promise<void>>();
  return {
    serialised(key, fn) {
      if (key === undefined) return Promise.resolve().then(fn);
      const result = (tails.get(key) ?? Promise.resolve()).then(fn);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // Forget an idle key, so the map does not grow with every user ever seen.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    busy: () => tails.size,
  };
}

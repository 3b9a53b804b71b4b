/**
 * Pacing actor replies for the path runs of the access machines.
 *
 * The path framework sends a step, checks the state it reached (running the
 * state assertions), and only then starts waiting for the next step, an
 * actor's reply; it also prepares the step after next (`arrange`) before
 * that reply comes. So a reply must neither arrive before the framework
 * waits for it (a chained actor, started by the previous reply, or a reply
 * with no real waiting in it: the in-process simulator answers within
 * microtasks), nor still be on its way to the server when the next step's
 * arrangement changes the server.
 *
 * A held actor calls the server at once, like the real one; the assertion of
 * the state it runs in awaits `release(key)`, which waits for the call to
 * finish, then hands the reply over on the next macrotask, when the
 * framework is already waiting for it.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';

export interface Gates {
  /** The real promise actor, its reply held until `release(key)`. */
  hold<T, I>(key: string, logic: PromiseActorLogic<T, I>): PromiseActorLogic<T, I>;
  /** For the assertion of the state the actor runs in: the call is over, the reply goes next. */
  release(key: string): Promise<void>;
}

type Creator<T> = (args: unknown) => PromiseLike<T>;

export function createGates(): Gates {
  const calls = new Map<string, Promise<unknown>>();
  const waiting = new Map<string, () => void>();
  const early = new Set<string>();
  const held = async <T>(key: string, work: PromiseLike<T>): Promise<T> => {
    // A failure is held like a reply.
    const outcome = await Promise.resolve(work).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (!early.delete(key)) await new Promise<void>((resolve) => waiting.set(key, resolve));
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
  return {
    hold: <T, I>(key: string, logic: PromiseActorLogic<T, I>) =>
      fromPromise<T, I>((args) => {
        // A new run: a release meant for an abandoned one does not count.
        early.delete(key);
        const work = Promise.resolve((logic as unknown as { config: Creator<T> }).config(args));
        calls.set(key, work);
        return held(key, work);
      }),
    async release(key) {
      await calls.get(key)?.catch(() => undefined);
      setImmediate(() => {
        const resolve = waiting.get(key);
        if (!resolve) {
          early.add(key);
          return;
        }
        waiting.delete(key);
        resolve();
      });
    },
  };
}

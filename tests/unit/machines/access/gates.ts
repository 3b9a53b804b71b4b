/**
 * Holding actor replies for the path runs of the access machines.
 *
 * The path framework sends a step, checks the state it reached (running the
 * state assertions), and only then starts waiting for the next step, an
 * actor's reply. A reply that arrives before that wait begins is not seen as
 * the next step: an actor started by the previous reply (a chain, such as
 * register then the welcome mail), or a reply that needs no real waiting
 * (the in-process simulator answers within microtasks). So the real actor
 * runs at once, but its reply is handed over only after the assertion of the
 * state it runs in has released it, on the next macrotask, when the framework
 * is already waiting for it.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';

export interface Gates {
  /** The real promise actor, its reply held until `release(key)`. */
  hold<T, I>(key: string, logic: PromiseActorLogic<T, I>): PromiseActorLogic<T, I>;
  /** Called by the assertion of the state the actor runs in. */
  release(key: string): void;
}

type Creator<T> = (args: unknown) => PromiseLike<T>;

export function createGates(): Gates {
  const waiting = new Map<string, () => void>();
  const early = new Set<string>();
  const held = async <T>(key: string, work: PromiseLike<T>): Promise<T> => {
    const result = await work;
    if (early.delete(key)) return result;
    await new Promise<void>((resolve) => waiting.set(key, resolve));
    return result;
  };
  return {
    hold: <T, I>(key: string, logic: PromiseActorLogic<T, I>) =>
      fromPromise<T, I>((args) => {
        // A new run: a release meant for an abandoned one does not count.
        early.delete(key);
        return held(key, (logic as unknown as { config: Creator<T> }).config(args));
      }),
    release(key) {
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

/**
 * The Node host's {@link WriteScope}: AsyncLocalStorage follows a call
 * across its awaits, so each write to the state is counted for the call that
 * made it, and a failed save fails exactly the calls whose writes it undid
 * (persistence.ts). Node only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { WriteLog, WriteScope } from '../persistence.ts';

/** A write scope over AsyncLocalStorage (see the file's comment). */
export function nodeWriteScope(): WriteScope {
  const als = new AsyncLocalStorage<WriteLog>();
  return {
    run: (log, fn) => als.run(log, fn),
    current: () => als.getStore(),
  };
}

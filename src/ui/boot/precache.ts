/**
 * When the service worker is registered (issue 31). Its install precaches
 * every chunk of the build (build/pwa.ts), about 18 s on a slow-4G first
 * visit, on the same link as the trader's first screen. So it waits until the
 * first live price is in and the page is idle, and on a connection that says
 * to save data (`navigator.connection.saveData`, a metered one, or a 2G
 * effective type) it is not registered: the app runs online as before, and a
 * worker installed on an earlier visit stays.
 */

import { whenIdle, whenMarked } from './when.ts';

/** The Network Information API's fields this reads (not in every browser, nor in TypeScript's DOM). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
  /** An older draft's flag; some browsers still have it. */
  metered?: boolean;
}

/** Whether this connection may take the precache of the whole build. */
export function mayPrecache(c: ConnectionHints | undefined): boolean {
  if (!c) return true;
  if (c.saveData === true || c.metered === true) return false;
  return c.effectiveType !== '2g' && c.effectiveType !== 'slow-2g';
}

/** Longest wait for the first live price (a closed market sends none soon): then the idle wait alone. */
const LIVE_WAIT_MS = 15_000;

/** Runs `fn` once the first live price is in (the `boot:first-tick` mark) and the page is idle. */
export function whenIdleAfterLive(fn: () => void, idleTimeoutMs = 5_000): void {
  void whenMarked('boot:first-tick', LIVE_WAIT_MS).then(() => whenIdle(fn, idleTimeoutMs));
}

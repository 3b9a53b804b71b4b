/**
 * Where a recording hears the back office: every operation the console sends
 * goes through {@link tapBackOffice} (use-back-office.ts wraps both hosts'
 * back offices with it), and the console's own notices are named here so the
 * recording does not take them for the app's. Tiny on purpose: it is in the
 * app's first chunk; the recorder itself loads only while recording.
 */
import { proxy } from 'valtio/vanilla';
import { serverClockMoved } from '../../../state/server-clock.ts';

/** Operations that move the simulator's clock (the app's estimate of it starts over). */
const MOVE_CLOCK = new Set(['loadScenario', 'restoreBookmark', 'skipTime']);

/** What the console and its handle show: off, recording (with its count) or stopped (ready to export). */
export const recorder = proxy({
  state: 'off' as 'off' | 'on' | 'stopped',
  steps: 0,
  full: false,
  /** The recording could not be kept in the tab's storage (a reload would lose it). */
  unsaved: false,
});

/** Where the tab keeps a recording (sessionStorage). */
export const RECORDING_KEY = 'trader.recording';

/** Is there a recording in this tab's storage? (Cheap: the launcher asks at start-up.) */
export function hasStoredRecording(): boolean {
  try {
    return sessionStorage.getItem(RECORDING_KEY) !== null;
  } catch {
    return false;
  }
}

export interface Tap {
  /** An operation succeeded: what it was sent with, when (device time, ms), and its result. */
  op(name: string, args: unknown[], sentAt: number, result: unknown): void;
  /** The console showed this notice (not the app). */
  consoleToast(text: string): void;
}

let tap: Tap | undefined;

/** Listen (one listener; undefined stops). */
export function setTap(t: Tap | undefined): void {
  tap = t;
}

/** The console is about to show `text` as a toast. */
export function noteConsoleToast(text: string): void {
  tap?.consoleToast(text);
}

/**
 * The same back office, each operation reported to the tap once it succeeded
 * (and the app told when one moved the simulator's clock).
 */
export function tapBackOffice<T extends object>(bo: T): T {
  const fns = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const call = (name: string) => {
    let fn = fns.get(name);
    if (!fn) {
      fn = (...args: unknown[]) => {
        const at = Date.now();
        const target = (bo as Record<string, (...a: unknown[]) => unknown>)[name];
        if (typeof target !== 'function') return Promise.reject(new Error(`no operation ${name}`));
        const p = Promise.resolve(target(...args));
        void p.then(
          (result) => {
            if (MOVE_CLOCK.has(name)) serverClockMoved();
            tap?.op(name, args, at, result);
          },
          () => undefined,
        );
        return p;
      };
      fns.set(name, fn);
    }
    return fn;
  };
  return new Proxy(bo, {
    // `then` and symbols stay undefined, so the object is not mistaken for a promise.
    get: (_t, name) => (typeof name === 'string' && name !== 'then' ? call(name) : undefined),
  });
}

/** Time for the simulator: the real clock in the app, a virtual one in tests. */

export type TimerId = number;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

/** Wall-clock time. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms) as unknown as TimerId,
  clearTimeout: (id) => clearTimeout(id as unknown as ReturnType<typeof setTimeout>),
};

/** A clock that moves only when told; timers fire in time order as it advances. */
export interface VirtualClock extends Clock {
  /** Move time forward, firing due timers in order (timers set while firing run too). */
  advance(ms: number): void;
  /** Jump to an absolute time (forward only). */
  set(t: number): void;
  /** Timers still waiting. */
  pending(): number;
}

/** A clock that moves only when told (tests): its timers fire in order as time is advanced. */
export function createVirtualClock(start: number): VirtualClock {
  let t = start;
  let seq = 0;
  const timers = new Map<TimerId, { at: number; fn: () => void; order: number }>();
  const runUntil = (target: number) => {
    for (;;) {
      let nextId: TimerId | undefined;
      let best: { at: number; order: number } | undefined;
      for (const [id, tm] of timers) {
        if (tm.at > target) continue;
        if (!best || tm.at < best.at || (tm.at === best.at && tm.order < best.order)) {
          best = tm;
          nextId = id;
        }
      }
      if (nextId === undefined || !best) break;
      const tm = timers.get(nextId);
      timers.delete(nextId);
      t = Math.max(t, best.at);
      tm?.fn();
    }
    t = target;
  };
  return {
    now: () => t,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { at: t + Math.max(0, ms), fn, order: id });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id),
    advance: (ms) => runUntil(t + ms),
    set: (to) => runUntil(Math.max(t, to)),
    pending: () => timers.size,
  };
}

/** A clock that can be moved forward (a reviewer skipping time); its timers still run in real time. */
export interface ShiftableClock extends Clock {
  /** Total shift so far, ms. */
  offset(): number;
  setOffset(ms: number): void;
  /**
   * Put the offset at `ms`, back in time too: only when the world itself is
   * replaced (a loaded scenario's time, or the saved offset at start-up).
   */
  resetOffset(ms: number): void;
}

/** A clock running `offset` ms ahead of another, for the back office's time skip. */
export function createShiftableClock(inner: Clock): ShiftableClock {
  let shift = 0;
  return {
    now: () => inner.now() + shift,
    setTimeout: (fn, ms) => inner.setTimeout(fn, ms),
    clearTimeout: (id) => inner.clearTimeout(id),
    offset: () => shift,
    setOffset: (ms) => {
      shift = Math.max(shift, ms);
    },
    resetOffset: (ms) => {
      shift = ms;
    },
  };
}

/** Can this clock skip ahead (see {@link createShiftableClock})? */
export const isShiftable = (c: Clock): c is ShiftableClock =>
  typeof (c as ShiftableClock).setOffset === 'function';

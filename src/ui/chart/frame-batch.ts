/**
 * Coalesces live bars so the chart is updated at most once per animation
 * frame. Bars are kept per open time (a later version of a bar replaces an
 * earlier one) and applied oldest first, so the final state of a bar that
 * closed within the frame is never skipped.
 */
import type { KLineData } from 'klinecharts';

export type Schedule = (fn: () => void) => () => void;

export const animationFrame: Schedule = (fn) => {
  if (typeof requestAnimationFrame !== 'function') {
    const id = setTimeout(fn, 16);
    return () => clearTimeout(id);
  }
  const id = requestAnimationFrame(fn);
  return () => cancelAnimationFrame(id);
};

export interface FrameBatch {
  push(bar: KLineData): void;
  /** Drop what is waiting (a period or symbol change). */
  clear(): void;
}

export function createFrameBatch(
  apply: (bars: KLineData[]) => void,
  schedule: Schedule = animationFrame,
): FrameBatch {
  let pending = new Map<number, KLineData>();
  let cancel: (() => void) | undefined;
  const flush = () => {
    cancel = undefined;
    const bars = [...pending.values()];
    pending = new Map();
    if (bars.length > 1) bars.sort((a, b) => a.timestamp - b.timestamp);
    if (bars.length > 0) apply(bars);
  };
  return {
    push(bar) {
      pending.set(bar.timestamp, bar);
      cancel ??= schedule(flush);
    },
    clear() {
      cancel?.();
      cancel = undefined;
      pending = new Map();
    },
  };
}

/**
 * `fn` at most once every `ms`, and the last call never lost. A call once `ms` have passed runs
 * it at once, in the caller's task; a call sooner is held, for a timer `ms + grace` after the
 * last run, unless a later call runs it first. So a steady feed (a P&L with every price) runs
 * `fn` from its own messages and never wakes a task of its own, and when the feed stops the
 * held call runs at most `grace` late.
 */
export function atMostEvery(
  ms: number,
  fn: () => void,
  grace = 0,
): { call(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const run = () => {
    cancel();
    last = performance.now();
    fn();
  };
  return {
    call() {
      const wait = last + ms - performance.now();
      if (wait <= 0) run();
      else timer ??= setTimeout(run, wait + grace);
    },
    cancel,
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atMostEvery } from '../../../src/ui/chart/frame-batch.ts';

describe('atMostEvery: a live P&L drawn at most every so often', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a steady feed runs it from its own calls, at most every ms, and never from a timer', () => {
    const runs: { at: number; inFeed: boolean }[] = [];
    let inFeed = false;
    const limit = atMostEvery(500, () => runs.push({ at: performance.now(), inFeed }), 100);
    // 20 prices a second for 3 s, each call in the feed's own task.
    for (let i = 0; i < 60; i++) {
      inFeed = true;
      limit.call();
      inFeed = false;
      vi.advanceTimersByTime(50);
    }
    expect(runs.length).toBe(6);
    expect(runs.every((r, i) => i === 0 || r.at - runs[i - 1]!.at >= 500)).toBe(true);
    // No timer woke to run it: the next price always came first.
    expect(runs.every((r) => r.inFeed)).toBe(true);
  });

  it('when the feed stops, the last call held back still runs, at most grace late', () => {
    const runs: number[] = [];
    const limit = atMostEvery(500, () => runs.push(performance.now()), 100);
    const t0 = performance.now();
    limit.call();
    expect(runs).toEqual([t0]);
    vi.advanceTimersByTime(50);
    limit.call();
    limit.call();
    vi.advanceTimersByTime(549);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([t0, t0 + 600]);
    // Nothing held: nothing more runs.
    vi.advanceTimersByTime(2000);
    expect(runs).toHaveLength(2);
  });

  it('cancel drops the call held back', () => {
    const fn = vi.fn();
    const limit = atMostEvery(500, fn);
    limit.call();
    limit.call();
    limit.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

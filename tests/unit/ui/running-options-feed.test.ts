/** The running options, read once for every watcher; polled steadily for the positions list, for the chart only while one runs. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { session } from '../../../src/state/session.ts';
import { tradeChanged } from '../../../src/state/trade-events.ts';
import { runningOptions } from '../../../src/state/running-options.ts';
import {
  RUNNING_REFRESH_MS,
  watchRunningOptions,
} from '../../../src/ui/trade/running-options-feed.ts';

let items: unknown[] = [];
const call = vi.fn(async () => ({ code: 0, data: { items, todayWinLoss: 0, totalWinLoss: 0 } }));
const api = { call } as unknown as ApiClient;

beforeEach(() => {
  vi.useFakeTimers();
  call.mockClear();
  items = [];
  session.token = 'signed-in';
});
afterEach(() => {
  session.token = undefined;
  vi.useRealTimers();
});

describe('running options feed', () => {
  it('the chart alone asks once, again when a trade here changes, and polls only while one runs', async () => {
    const stop = watchRunningOptions(api, false);
    await vi.advanceTimersByTimeAsync(RUNNING_REFRESH_MS * 3);
    expect(call).toHaveBeenCalledTimes(1);
    items = [{ uid: 'o1', tradePair: 'BTCUSDT' }];
    tradeChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(2);
    expect(runningOptions.list).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RUNNING_REFRESH_MS * 2);
    expect(call).toHaveBeenCalledTimes(4);
    stop();
    expect(runningOptions.list).toBeUndefined();
  });

  it('the positions list polls steadily; two watchers share one poll', async () => {
    const a = watchRunningOptions(api);
    const b = watchRunningOptions(api, false);
    await vi.advanceTimersByTimeAsync(RUNNING_REFRESH_MS * 2);
    expect(call).toHaveBeenCalledTimes(3);
    a();
    await vi.advanceTimersByTimeAsync(RUNNING_REFRESH_MS * 2);
    expect(call).toHaveBeenCalledTimes(3);
    b();
  });
});

/**
 * A position that leaves the open list by itself is announced from the closed
 * list's figures (ui/trade/trade-notices.tsx), even when the server's closed
 * list has it only a moment later; once, however often it is reported gone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchClosedPositions } from '../../../src/ui/trade/trade-notices.tsx';
import { applyOrders, clearOrders, UNLISTED_CHECKS_MS } from '../../../src/state/orders.ts';
import { clearSession, setSession } from '../../../src/state/session.ts';
import { toasts } from '../../../src/state/toasts.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import type { MarketOrder } from '../../../src/api/types/trading.ts';
import { fakeToken } from '../../support/token.ts';

const token = fakeToken('1');

const open = { id: '7', tradePair: 'BTCUSDT', positionStatus: 2, orderType: 0 } as MarketOrder;
const closed = {
  ...open,
  positionStatus: 3,
  closeReason: 'stopLoss',
  currentPrice: 56_000,
  profitLoss: -12.5,
} as MarketOrder;

/** The closed list: empty for the first `late` asks, then holding the stopped position. */
function api(late: number) {
  let asked = 0;
  const client = {
    call: vi.fn(async () => ({
      code: 0,
      data: { list: asked++ < late ? [] : [closed], pages: 1 },
      reply: null,
      message: '',
    })),
  };
  return { client: client as unknown as ApiClient, asked: () => asked };
}

const said = () => toasts.list.filter((t) => t.text?.key === 'position.result_stopLoss').length;

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  setSession(token);
  clearOrders();
  toasts.list.splice(0);
  applyOrders({ ordertype: 'holding', data: [open] });
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  clearSession();
});

describe('stops announced from the closed list', () => {
  it('at once when the closed list has it', async () => {
    const { client, asked } = api(0);
    stop = watchClosedPositions(client);
    applyOrders({ ordertype: 'holding', data: [] });
    // (Not every timer: a toast no toaster shows goes after 10 s.)
    await vi.advanceTimersByTimeAsync(0);
    expect(said()).toBe(1);
    expect(asked()).toBe(1);
  });

  it('when the closed list has it only later: looked for again, said once', async () => {
    const { client, asked } = api(2);
    stop = watchClosedPositions(client);
    applyOrders({ ordertype: 'holding', data: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(said()).toBe(0);
    await vi.advanceTimersByTimeAsync(UNLISTED_CHECKS_MS[0] + UNLISTED_CHECKS_MS[1]);
    expect(said()).toBe(1);
    expect(asked()).toBe(3);
    // Nothing more is asked once it is found.
    await vi.runAllTimersAsync();
    expect(asked()).toBe(3);
  });

  it('gives up after the last wait, and asks nothing after the stop', async () => {
    const { client, asked } = api(99);
    stop = watchClosedPositions(client);
    applyOrders({ ordertype: 'holding', data: [] });
    await vi.runAllTimersAsync();
    expect(asked()).toBe(UNLISTED_CHECKS_MS.length + 1);
    expect(said()).toBe(0);
  });
});

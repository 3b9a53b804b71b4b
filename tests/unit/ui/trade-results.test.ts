/** What a close says (issue 25 item 4): the closed order's price, P&L and reason, from the closed list. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import type { MarketOrder } from '../../../src/api/types/trading.ts';
import { toasts } from '../../../src/state/toasts.ts';
import {
  announceClose,
  closedByItself,
  closedOrders,
} from '../../../src/ui/trade/trade-results.ts';

const closed = (id: string, over: Partial<MarketOrder> = {}) =>
  ({
    id,
    tradePair: 'BTCUSDT',
    currentPrice: 55_862.54,
    profitLoss: 16.62,
    positionStatus: 3,
    ...over,
  }) as MarketOrder;

beforeEach(() => {
  toasts.list.splice(0);
});

describe('trade results', () => {
  it('reads the closed list of the account in use and keeps only the orders asked for', async () => {
    const calls: Array<[string, unknown]> = [];
    const api = {
      call: async (name: string, payload: unknown) => {
        calls.push([name, payload]);
        return { code: 0, data: { list: [closed('1'), closed('2'), closed('3')], pages: 1 } };
      },
    } as unknown as ApiClient;
    expect((await closedOrders(api, ['3', '1'], true)).map((o) => o.id)).toEqual(['1', '3']);
    expect(calls[0]).toEqual([
      'userOrderMock',
      { page: 1, limit: 20, positionStatus: 3, columns: ['closingTime'] },
    ]);
    await closedOrders(api, ['1'], false);
    expect(calls[1]![0]).toBe('userOrder');
    const refused = { call: async () => ({ code: -1, data: null }) } as unknown as ApiClient;
    expect(await closedOrders(refused, ['1'], false)).toEqual([]);
  });

  it('names the stop that fired, with the close price and P&L as figures', () => {
    announceClose(closed('1', { closeReason: 'takeProfit' }));
    announceClose(closed('2', { closeReason: 'stopLoss', currentPrice: 55_000, profitLoss: -40 }));
    announceClose(closed('3', { closeReason: 'manual' }));
    announceClose(closed('4'));
    expect(toasts.list.map((t) => [t.text?.key, t.kind])).toEqual([
      ['position.result_takeProfit', 'success'],
      ['position.result_stopLoss', 'info'],
      ['position.result_manual', 'success'],
    ]);
    // The fourth (no reason: a server without the extension) reads as the third, shown once.
    expect(toasts.list[1]!.text!.values).toEqual({
      symbol: 'BTCUSDT',
      price: { kind: 'price', unit: 'BTCUSDT', value: 55_000 },
      pnl: { kind: 'pnl', unit: 'USD', value: -40 },
    });
  });

  it('tells the stops and stop-outs from closes by hand', () => {
    expect(closedByItself(closed('1', { closeReason: 'stopLoss' }))).toBe(true);
    expect(closedByItself(closed('1', { closeReason: 'takeProfit' }))).toBe(true);
    expect(closedByItself(closed('1', { closeReason: 'stopOut' }))).toBe(true);
    expect(closedByItself(closed('1', { closeReason: 'manual' }))).toBe(false);
    expect(closedByItself(closed('1'))).toBe(false);
  });
});

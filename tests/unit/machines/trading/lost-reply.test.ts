/**
 * An order whose reply is lost (the connection dropped after the request
 * left): the placing actors look for it among the account's newest orders
 * (machines/shared/unsure.ts) instead of calling it failed, which
 * invited a second press and a second position.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ApiClient } from '../../../../src/api/client.ts';
import type { MarketOrder, OptionOrder } from '../../../../src/api/types/trading.ts';
import { marketOrderActors } from '../../../../src/machines/marketOrder/actors.ts';
import { optionOrderActors } from '../../../../src/machines/optionOrder/actors.ts';
import { closeOrderActors } from '../../../../src/machines/closeOrder/actors.ts';
import { LOOK_AGAIN_MS } from '../../../../src/machines/shared/unsure.ts';
import { serverNow } from '../../../../src/state/server-clock.ts';
import { toasts } from '../../../../src/state/toasts.ts';
import { orders } from '../../../../src/state/orders.ts';
import { runningOptions } from '../../../../src/state/running-options.ts';

const lost = { code: -1, data: null, reply: null, message: 'Server error (500)', fault: 'network' };
const reply = (data: unknown) => ({ code: 0, data, reply: null, message: '' });

const ORDER = {
  demo: true,
  tradePair: 'BTCUSDT',
  price: 60_000,
  stopPrice: null,
  takeProfitPprice: null,
  orderQuantity: 0.1,
  multiple: 20,
  orderType: 0 as const,
  buyPoint: 2 as const,
};
const listed = (over: Partial<MarketOrder>) =>
  ({
    id: '42',
    tradePair: 'BTCUSDT',
    orderType: 0,
    buyPoint: 2,
    orderQuantity: 0.1,
    orderTimeTs: serverNow(),
    ...over,
  }) as MarketOrder;

/** A server that loses the place reply; its order list is `list()` at each look. */
function server(list: () => MarketOrder[] | undefined, placeReply: unknown = lost) {
  const calls: string[] = [];
  const api = {
    call: vi.fn(async (name: string) => {
      calls.push(name);
      if (name.startsWith('addOrder') || name.startsWith('closeOrder')) return placeReply;
      const l = list();
      if (name === 'userOptionHistory')
        return l ? reply({ items: l, pages: 1 }) : { ...lost, message: '' };
      return l ? reply({ list: l, pages: 1 }) : { ...lost, message: '' };
    }),
  } as unknown as ApiClient;
  return { api, calls };
}

const place = (api: ApiClient) =>
  toPromise(createActor(marketOrderActors(api).placeOrder, { input: ORDER }).start());
const unknownSaid = () => toasts.list.filter((t) => t.text?.key === 'order.outcome_unknown');

beforeEach(() => {
  vi.useFakeTimers();
  toasts.list.splice(0);
});
afterEach(() => vi.useRealTimers());

describe('a market order whose reply was lost', () => {
  it('is found among the newest orders and counts as placed, with its number', async () => {
    const { api, calls } = server(() => [listed({ id: '41', orderQuantity: 1 }), listed({})]);
    const r = await place(api);
    expect(r).toMatchObject({ code: 0, data: '42' });
    expect(calls).toEqual(['addOrderMock', 'userOrderMock']);
    expect(unknownSaid()).toEqual([]);
  });

  it('is looked for again while the list cannot be read, then found', async () => {
    let looks = 0;
    const { api } = server(() => (++looks < 2 ? undefined : [listed({})]));
    const p = place(api);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_MS[0]!);
    expect(await p).toMatchObject({ code: 0, data: '42' });
  });

  it('not found: stays refused, and the trader is told it may have gone through', async () => {
    // An older order of the same kind is not this one.
    const { api } = server(() => [listed({ orderTimeTs: serverNow() - 60_000 })]);
    const p = place(api);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_MS.reduce((a, b) => a + b, 0));
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    expect(unknownSaid()).toHaveLength(1);
    // The failure's own text too (trading.md §8: a network failure shows the server error text).
    expect(toasts.list.map((t) => t.message)).toContain('Server error (500)');
  });

  it('the same order placed a moment before is not taken for it', async () => {
    // The first one's reply came (it is in the positions list); the second's was lost, and the
    // server never placed it: only the first is in the newest orders.
    orders.holding = [listed({ id: '40' })];
    const { api } = server(() => [listed({ id: '40' })]);
    const p = place(api);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_MS.reduce((a, b) => a + b, 0));
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    expect(unknownSaid()).toHaveLength(1);
    orders.holding = [];
  });

  it('a refusal the server sent is not looked into', async () => {
    const { api, calls } = server(() => [listed({})], {
      code: 305,
      data: null,
      reply: null,
      message: 'Lot size exceeds limit (code 305)',
    });
    expect(await place(api)).toMatchObject({ code: 305 });
    expect(calls).toEqual(['addOrderMock']);
  });
});

describe('an option whose reply was lost', () => {
  const option = (uid: string) =>
    ({
      uid,
      tradePair: 'BTCUSDT',
      orderType: 1,
      amount: 20,
      timeLong: 30,
      beginTime: serverNow(),
    }) as OptionOrder;
  const input = {
    demo: false,
    tradePair: 'BTCUSDT',
    optionsProductId: '1',
    price: 60_000,
    timeLong: 30,
    btime: 0,
    rate: 80,
    amount: 20,
    orderType: 1 as const,
  };
  const placeOption = (api: ApiClient) =>
    toPromise(createActor(optionOrderActors(api).placeOption, { input }).start());

  it('is found among the running options and counts as placed', async () => {
    const o = option('7');
    const { api } = server(() => [o as unknown as MarketOrder]);
    const r = await placeOption(api);
    expect(r).toMatchObject({ code: 0, data: { uid: '7', beginTime: o.beginTime } });
  });

  it('the same option placed a moment before is not taken for it', async () => {
    // The first one's reply came; the second's was lost and the server never placed it:
    // the running list holds only the first.
    const first = option('8');
    let placed = false;
    const api = {
      call: vi.fn(async (name: string) => {
        if (name === 'addOrderOption') {
          if (placed) return lost;
          placed = true;
          return reply({ uid: first.uid, beginTime: first.beginTime });
        }
        return reply({ items: [first], pages: 1 });
      }),
    } as unknown as ApiClient;
    expect(await placeOption(api)).toMatchObject({ code: 0, data: { uid: '8' } });
    const p = placeOption(api);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_MS.reduce((a, b) => a + b, 0));
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    expect(unknownSaid()).toHaveLength(1);
  });

  it('one the running list showed before the press is not taken for it', async () => {
    runningOptions.list = [option('9')];
    const { api } = server(() => [option('9') as unknown as MarketOrder]);
    const p = placeOption(api);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_MS.reduce((a, b) => a + b, 0));
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    runningOptions.list = undefined;
  });
});

describe('a close whose reply was lost', () => {
  const close = (api: ApiClient) =>
    toPromise(
      createActor(closeOrderActors(api).submitClose, {
        input: { orderId: '42', action: 'close', demo: false },
      }).start(),
    );

  it('counts as done when the closed list holds the order', async () => {
    const { api, calls } = server(() => [listed({ positionStatus: 3 })]);
    expect(await close(api)).toMatchObject({ code: 0 });
    expect(calls).toEqual(['closeOrder', 'userOrder']);
  });

  it('not found: stays failed, and the trader is told it may have ended', async () => {
    const { api } = server(() => [listed({ id: '41', positionStatus: 3 })]);
    const p = close(api);
    await vi.advanceTimersByTimeAsync(LOOK_AGAIN_MS.reduce((a, b) => a + b, 0));
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    expect(toasts.list.filter((t) => t.text?.key === 'position.outcome_unknown')).toHaveLength(1);
  });
});

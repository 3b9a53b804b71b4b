/**
 * The exchange channel: a snapshot on auth, the full holding / pending list
 * after every change, and every second (as deltas, merged here as the app does).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trader, type Trader } from './support.ts';
import type { OrdersMessage, ServerMessage } from '../../../../src/api/types/realtime.ts';
import type { MarketOrder } from '../../../../src/api/types/trading.ts';
import { patchOrders } from '../../../../src/api/realtime/order-patch.ts';
import { slow } from '../../../support/time-scale.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

async function listen(tr: Trader, token: string) {
  const ch = tr.w.channel('exchange');
  const got: OrdersMessage[] = [];
  const lists: Partial<Record<OrdersMessage['ordertype'], MarketOrder[]>> = {};
  ch.onMessage((m: ServerMessage) => {
    if (!('ordertype' in m)) return;
    // Read on receipt (as a transport would serialise it); each entry is the list the app would show.
    const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
    if ('data' in m) lists[m.ordertype] = clone(m.data);
    else patchOrders((lists[m.ordertype] ??= []), clone(m.patch));
    got.push({ ordertype: m.ordertype, data: clone(lists[m.ordertype] ?? []) });
  });
  ch.setAuth(token);
  ch.connect({ open: () => {}, message: () => {}, closed: () => {} });
  // Authenticated once the snapshot of both lists has arrived (not after a fixed wait: a busy machine is slow).
  await vi.waitFor(
    () => {
      if (
        !got.some((m) => m.ordertype === 'holding') ||
        !got.some((m) => m.ordertype === 'pending')
      )
        throw new Error('no snapshot yet');
    },
    { timeout: slow(10_000), interval: 5 },
  );
  return got;
}

const last = (got: OrdersMessage[], type: 'holding' | 'pending') =>
  [...got].reverse().find((m) => m.ordertype === type)?.data;

describe('trading: exchange channel', () => {
  it('sends both lists on auth, then the full list of the type that changed', async () => {
    t = await trader();
    const existing = (await t.order({ tradePair: 'ETHUSDT' })).data!;
    const got = await listen(t, t.token);
    expect(got.map((m) => m.ordertype)).toEqual(['holding', 'pending']);
    expect(last(got, 'holding')!.map((o) => o.id)).toEqual([existing]);
    expect(last(got, 'pending')).toEqual([]);

    got.length = 0;
    const id = (await t.order({ tradePair: 'BTCUSDT' })).data!;
    expect(got.map((m) => m.ordertype)).toEqual(['holding']);
    expect(
      last(got, 'holding')!
        .map((o) => o.id)
        .sort(),
    ).toEqual([existing, id].sort());

    got.length = 0;
    const q = await t.quote('SOLUSDT');
    const pending = (await t.order({ tradePair: 'SOLUSDT', buyPoint: 1, price: q.askPrice - 20 }))
      .data!;
    expect(got.map((m) => m.ordertype)).toEqual(['pending']);
    expect(last(got, 'pending')![0]).toMatchObject({ id: pending, positionStatus: 1 });

    got.length = 0;
    await t.w.api.call('cancelOrder', { orderId: pending, token: t.token });
    expect(last(got, 'pending')).toEqual([]);

    // Once a second the holding list comes again, with live prices, unchanged otherwise.
    got.length = 0;
    t.w.clock.advance(3 * 60_000);
    expect(got.length).toBeGreaterThanOrEqual(179);
    expect(got.every((m) => m.ordertype === 'holding' && m.data.length === 2)).toBe(true);
    expect(new Set(got.map((m) => m.data[0]!.currentPrice)).size).toBeGreaterThan(1);
    got.length = 0;
    await t.w.api.call('closeOrder', { orderId: id, token: t.token });
    expect(last(got, 'holding')!.map((o) => o.id)).toEqual([existing]);
  });

  it('publishes a fill on the tick it happens (pending and holding lists)', async () => {
    t = await trader();
    const ctx = t.w.sim.ctx;
    const got = await listen(t, t.token);
    got.length = 0;
    const q = await t.quote('BTCUSDT');
    // A buy limit at the ask fills on the next tick.
    const id = (await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: q.askPrice })).data!;
    expect(ctx.state.trading.orders[id]!.positionStatus).toBe(1);
    got.length = 0;
    t.w.clock.advance(60_000);
    expect(ctx.state.trading.orders[id]!.positionStatus).toBe(2);
    expect(last(got, 'pending')).toEqual([]);
    expect(last(got, 'holding')![0]).toMatchObject({ id, positionStatus: 2 });
  });

  it('never sends one user’s orders to another', async () => {
    t = await trader();
    const other = await t.other('other@example.com');
    const got = await listen(t, other.token);
    got.length = 0;
    await t.order({ tradePair: 'BTCUSDT' });
    expect(got).toEqual([]);
    t.w.clock.advance(5000);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((m) => m.data.length === 0)).toBe(true);
  });

  it('keeps a quiet channel fresh: a user with nothing open still hears every second', async () => {
    t = await trader();
    const got = await listen(t, t.token);
    got.length = 0;
    t.w.clock.advance(10_000);
    expect(got.filter((m) => m.ordertype === 'holding').length).toBeGreaterThanOrEqual(10);
  });

  it('gives the demo snapshot to a demo token', async () => {
    t = await trader();
    await t.order({ tradePair: 'BTCUSDT' });
    const demo = (await t.w.api.call('switchUser')).data!.token;
    const got = await listen(t, demo);
    expect(last(got, 'holding')).toEqual([]);
    t.w.session.token = demo;
    const id = (await t.order({ tradePair: 'ETHUSDT', token: demo })).data!;
    expect(last(got, 'holding')!.map((o) => o.id)).toEqual([id]);
  });
});

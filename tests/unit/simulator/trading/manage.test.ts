/** Closing and cancelling through the real client: 402–409, ownership, the 3-minute rule, books. */
import { afterEach, describe, expect, it } from 'vitest';
import { trader, type Trader } from './support.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

const THREE_MIN = 3 * 60_000;

describe('trading: close and cancel', () => {
  it('closes an open position after 3 minutes at the bid and realises the P&L', async () => {
    t = await trader({ deposit: 20_000 });
    const id = (await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.1 })).data!;
    t.w.clock.advance(THREE_MIN);
    const q = await t.quote('BTCUSDT');
    const before = (await t.w.api.call('userOrder', { page: 1, limit: 10 })).data!;
    // An open position names no reason; a closed one says it was closed by hand (extension).
    expect(before.list[0]!.closeReason).toBeUndefined();
    expect((await t.w.api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(0);
    const after = (await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 3 }))
      .data!;
    const o = after.list[0]!;
    expect(o).toMatchObject({
      id,
      positionStatus: 3,
      currentPrice: q.bidPrice,
      closeReason: 'manual',
    });
    expect(o.closingTimeTs).toBe(t.w.clock.now());
    expect(o.profitLoss).toBe(before.profitLossSum);
    expect(after.profitLossTotal).toBe(o.profitLoss);
    expect(after.profitLossToday).toBe(o.profitLoss);
    const bal = (await t.w.api.call('userBalance')).data!;
    expect(bal.lockMargin).toBe(0);
    expect(bal.balanceAmount).toBeCloseTo(20_000 - o.feeAmount + o.profitLoss, 2);
  });

  it('409 before 3 minutes since execution', async () => {
    t = await trader();
    const id = (await t.order({ tradePair: 'BTCUSDT' })).data!;
    t.w.clock.advance(THREE_MIN - 1000);
    expect((await t.w.api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(409);
    t.w.clock.advance(1000);
    expect((await t.w.api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(0);
  });

  it('402 unknown order; 403 another user’s order (close and cancel)', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    const open = (await t.order({ tradePair: 'BTCUSDT' })).data!;
    const pending = (await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: q.askPrice - 1000 }))
      .data!;
    t.w.clock.advance(THREE_MIN);
    expect((await t.w.api.call('closeOrder', { orderId: '999999', token: t.token })).code).toBe(
      402,
    );
    expect((await t.w.api.call('cancelOrder', { orderId: '999999', token: t.token })).code).toBe(
      402,
    );
    const other = await t.other('mallory@example.com');
    t.w.session.token = other.token;
    expect((await t.w.api.call('closeOrder', { orderId: open, token: other.token })).code).toBe(
      403,
    );
    expect((await t.w.api.call('cancelOrder', { orderId: pending, token: other.token })).code).toBe(
      403,
    );
    const otherDemo = (await t.w.api.call('switchUser')).data!.token;
    t.w.session.token = otherDemo;
    expect((await t.w.api.call('closeOrderMock', { orderId: open, token: otherDemo })).code).toBe(
      403,
    );
    t.w.session.token = t.token;
    expect(
      t.w.sim.backOffice
        .tradingOrders(t.uid)
        .map((o) => o.positionStatus)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('404 closing an order that is not open; 407 cancelling a market order; 408 cancelling one no longer pending', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    const market = (await t.order({ tradePair: 'BTCUSDT' })).data!;
    const pending = (await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: q.askPrice - 1000 }))
      .data!;
    t.w.clock.advance(THREE_MIN);
    expect((await t.w.api.call('closeOrder', { orderId: pending, token: t.token })).code).toBe(404);
    expect((await t.w.api.call('cancelOrder', { orderId: market, token: t.token })).code).toBe(407);
    expect((await t.w.api.call('cancelOrder', { orderId: pending, token: t.token })).code).toBe(0);
    expect((await t.w.api.call('cancelOrder', { orderId: pending, token: t.token })).code).toBe(
      408,
    );
    expect((await t.w.api.call('closeOrder', { orderId: market, token: t.token })).code).toBe(0);
    expect((await t.w.api.call('closeOrder', { orderId: market, token: t.token })).code).toBe(404);
    expect((await t.w.api.call('cancelOrder', { orderId: market, token: t.token })).code).toBe(407);
  });

  it('cancelling gives back the margin and the commission', async () => {
    t = await trader({ deposit: 10_000 });
    const q = await t.quote('ETHUSDT');
    const id = (
      await t.order({
        tradePair: 'ETHUSDT',
        buyPoint: 1,
        price: q.askPrice - 100,
        orderQuantity: 1,
      })
    ).data!;
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBeLessThan(10_000);
    expect((await t.w.api.call('cancelOrder', { orderId: id, token: t.token })).code).toBe(0);
    expect((await t.w.api.call('userBalance')).data).toEqual({
      balanceAmount: 10_000,
      lockMargin: 0,
    });
    const o = (await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 4 })).data!
      .list[0]!;
    expect(o).toMatchObject({ id, positionStatus: 4, feeAmount: 0 });
  });

  it('304 closing when the market has closed (prices frozen)', async () => {
    // Friday 16:50 New York: forex closes at 17:00.
    t = await trader({ start: Date.UTC(2026, 10, 20, 21, 50), deposit: 100_000 });
    const id = (await t.order({ tradePair: 'EURUSD' })).data!;
    t.w.clock.advance(15 * 60_000);
    expect((await t.w.api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(304);
  });

  it('works on the token’s book whichever variant is called; the other book’s orders are 402', async () => {
    t = await trader();
    const real = (await t.order({ tradePair: 'BTCUSDT' })).data!;
    const demoToken = (await t.w.api.call('switchUser')).data!.token;
    t.w.session.token = demoToken;
    const demo = (await t.order({ tradePair: 'ETHUSDT', token: demoToken })).data!;
    t.w.clock.advance(THREE_MIN);
    // A plain call with a demo token works on the demo book…
    expect((await t.w.api.call('closeOrder', { orderId: real, token: demoToken })).code).toBe(402);
    expect((await t.w.api.call('closeOrder', { orderId: demo, token: demoToken })).code).toBe(0);
    // …and a Mock call with a real token on the real book.
    t.w.session.token = t.token;
    expect((await t.w.api.call('closeOrderMock', { orderId: real, token: t.token })).code).toBe(0);
    const demoList = t.w.sim.backOffice.tradingOrders(t.uid, 'demo');
    expect(demoList.map((o) => o.id)).toEqual([demo]);
  });
});

/** A reload loses nothing: orders, options and their money survive a restart from the store and keep working. */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../../support/sim.ts';
import { memoryStore } from '../../../../src/simulator/store.ts';
import { optionProductId } from '../../../../src/simulator/modules/trading/option-config.ts';

describe('trading: persistence', () => {
  it('restores pending and open orders and running options, which then fill, close and settle', async () => {
    const store = memoryStore();
    const a = await createWorld({ store });
    const { uid, token } = await a.sim.backOffice.seedUser({
      email: 'p@example.com',
      password: 'secret123',
      deposit: 20_000,
    });
    a.session.token = token;
    const q = (await a.api.call('thumb', { symbol: 'BTCUSDT' })).data!;
    const base = {
      stopPrice: null,
      takeProfitPprice: null,
      orderQuantity: 0.1,
      multiple: 20,
      orderType: 0 as const,
      token,
    };
    const open = (
      await a.api.call('addOrder', { ...base, tradePair: 'BTCUSDT', price: q.price, buyPoint: 2 })
    ).data!;
    const e = (await a.api.call('thumb', { symbol: 'ETHUSDT' })).data!;
    // A buy limit at the ask: fills on the first tick after the restart (or soon after).
    const pending = (
      await a.api.call('addOrder', {
        ...base,
        tradePair: 'ETHUSDT',
        price: e.askPrice,
        buyPoint: 1,
      })
    ).data!;
    const opt = await a.api.call('addOrderOption', {
      tradePair: 'BTCUSDT',
      optionsProductId: optionProductId(a.sim.ctx, 'BTCUSDT')!,
      price: q.price,
      timeLong: 60,
      btime: a.clock.now(),
      rate: 85,
      amount: 100,
      orderType: 0,
      token,
    });
    const balance = (await a.api.call('userBalance')).data!;
    const at = a.clock.now();
    a.sim.stop();
    await a.sim.flush();

    const b = await createWorld({ store, start: at });
    b.session.token = token;
    expect((await b.api.call('userBalance')).data).toEqual(balance);
    const listed = (await b.api.call('userOrder', { page: 1, limit: 10, positionStatus: 2 })).data!
      .list;
    expect(listed.map((o) => o.id).sort()).toEqual([open, pending].sort());
    b.clock.advance(3 * 60_000);
    expect(b.sim.ctx.state.trading.orders[pending]!.positionStatus).toBe(2);
    expect((await b.api.call('closeOrder', { orderId: open, token })).code).toBe(0);
    expect((await b.api.call('checkOptionCompletion', { uid: opt.data!.uid })).data).toEqual({
      completed: true,
    });
    expect(b.sim.backOffice.tradingOrders(uid).find((o) => o.id === open)!.positionStatus).toBe(3);
    expect(b.sim.ctx.ledger.total().eq(0)).toBe(true);
    b.sim.stop();
  });
});

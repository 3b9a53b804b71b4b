/** Placing market and pending orders through the real client: the money taken and every refusal from its real condition. */
import { afterEach, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { trader, type Trader } from './support.ts';
import { acct } from '../../../../src/simulator/ledger.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

describe('trading: placing market orders', () => {
  it('fills a market buy at the ask, reserving margin and taking the commission', async () => {
    // Forex needs 100,000 USD of deposits (320).
    t = await trader({ deposit: 100_000 });
    const q = await t.quote('EURUSD');
    const r = await t.order({ tradePair: 'EURUSD', orderQuantity: 1 });
    expect(r.code).toBe(0);
    // margin = ask × 1 lot × 100,000 / leverage 100; fee = 0.05 % of the notional, rounded up.
    const margin = new Big(q.askPrice).times(1000).round(2);
    const fee = new Big(q.askPrice).times(100_000).times('0.0005').round(2, Big.roundUp);
    const bal = (await t.w.api.call('userBalance')).data!;
    expect(bal.lockMargin).toBe(margin.toNumber());
    expect(bal.balanceAmount).toBe(new Big(100_000).minus(margin).minus(fee).toNumber());
    const list = (await t.w.api.call('userOrder', { page: 1, limit: 10 })).data!;
    expect(list.list[0]).toMatchObject({
      id: r.data,
      openingPrice: q.askPrice,
      positionStatus: 2,
      buyPoint: 2,
      orderType: 0,
    });
    expect(list.list[0]!.feeAmount).toBe(fee.toNumber());
    expect(t.w.sim.ctx.ledger.total().eq(0)).toBe(true);
  });

  it('rounds the commission up and the margin half up, to the cent', async () => {
    t = await trader({ deposit: 100_000 });
    const d = t.w.sim.ctx.products.get('BTCUSDT')!;
    const q = await t.quote('BTCUSDT');
    const notional = (v: string) => new Big(q.askPrice).times(v).times(d.contractSize);
    // A volume whose commission lies under half a cent past a cent, and whose margin is not whole cents.
    const v = ['0.37', '0.13', '0.29', '0.41', '0.53', '0.71', '0.83', '0.97', '0.59', '0.47'].find(
      (x) => {
        const fee = notional(x).times('0.0005');
        const margin = notional(x).div(d.multiple);
        return (
          !fee.round(2, Big.roundUp).eq(fee.round(2, Big.roundHalfUp)) &&
          !margin.round(2).eq(margin)
        );
      },
    );
    expect(v).toBeDefined();
    const r = await t.order({ tradePair: 'BTCUSDT', orderQuantity: Number(v) });
    expect(r.code).toBe(0);
    const fee = notional(v!).times('0.0005').round(2, Big.roundUp);
    const margin = notional(v!).div(d.multiple).round(2, Big.roundHalfUp);
    expect(t.w.sim.ctx.ledger.balance(acct.margin(t.uid, 'real')).eq(margin)).toBe(true);
    expect(
      t.w.sim.ctx.ledger
        .balance(acct.cash(t.uid, 'real'))
        .eq(new Big(100_000).minus(margin).minus(fee)),
    ).toBe(true);
    const list = (await t.w.api.call('userOrder', { page: 1, limit: 10 })).data!;
    expect(list.list[0]!.feeAmount).toBe(fee.toNumber());
  });

  it('converts a non-USD quote currency: one lot of USDJPY needs about 1,000 USD of margin', async () => {
    t = await trader({ deposit: 100_000 });
    expect((await t.order({ tradePair: 'USDJPY', orderQuantity: 1, orderType: 1 })).code).toBe(0);
    const bal = (await t.w.api.call('userBalance')).data!;
    expect(bal.lockMargin).toBeGreaterThan(999);
    expect(bal.lockMargin).toBeLessThan(1001);
  });

  it('rounds the volume down to the lot step', async () => {
    t = await trader();
    const r = await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.0199 });
    expect(r.code).toBe(0);
    const o = (await t.w.api.call('userOrder', { page: 1, limit: 10 })).data!.list[0]!;
    expect(o.orderQuantity).toBe(0.01);
  });

  it('places a pending order without filling it and reserves its margin at the limit price', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    const limit = Math.round(q.askPrice - 500);
    const r = await t.order({
      tradePair: 'BTCUSDT',
      buyPoint: 1,
      price: limit,
      orderQuantity: 0.1,
    });
    expect(r.code).toBe(0);
    const list = (await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 2 })).data!;
    expect(list.list[0]).toMatchObject({
      positionStatus: 1,
      buyPoint: 1,
      openingPrice: limit,
      transactionTimeTs: null,
    });
    expect(list.securityDepositPrent).toBe(new Big(limit).times('0.1').div(20).round(2).toNumber());
  });
});

describe('trading: order refusals', () => {
  it('501 for malformed fields and for a pending price on the wrong side of the market', async () => {
    t = await trader();
    expect((await t.order({ tradePair: 'BTCUSDT', orderType: 2 as 0 })).code).toBe(501);
    expect((await t.order({ tradePair: 'BTCUSDT', buyPoint: 3 as 1 })).code).toBe(501);
    expect(
      (await t.order({ tradePair: 'BTCUSDT', orderQuantity: 'lots' as unknown as number })).code,
    ).toBe(501);
    expect((await t.order({ tradePair: 'BTCUSDT', stopPrice: -1 })).code).toBe(501);
    const q = await t.quote('BTCUSDT');
    const buyAbove = await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: q.askPrice + 10 });
    expect(buyAbove.code).toBe(501);
    expect(buyAbove.reply?.msg).toBe('Wrong price');
    expect(
      (await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, orderType: 1, price: q.bidPrice - 10 }))
        .code,
    ).toBe(501);
  });

  it('303 for an unknown pair; 304 for a prohibited pair and for a closed market', async () => {
    t = await trader();
    expect(
      (
        await t.w.api.call('addOrder', {
          tradePair: 'NOPE',
          price: 1,
          stopPrice: null,
          takeProfitPprice: null,
          orderQuantity: 1,
          multiple: 1,
          orderType: 0,
          buyPoint: 2,
          token: t.token,
        })
      ).code,
    ).toBe(303);
    t.w.sim.backOffice.setTradeStatus('BTCUSDT', 0);
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(304);
    t.w.sim.stop();
    // Saturday: forex is closed.
    t = await trader({ start: Date.UTC(2026, 10, 21, 15, 0) });
    expect((await t.order({ tradePair: 'EURUSD' })).code).toBe(304);
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(0);
  });

  it('302 quantity not above 0; 307 rounds to no lot; 306 below the minimum; 305 above the maximum', async () => {
    t = await trader({ deposit: 1_000_000 });
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0 })).code).toBe(302);
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: -1 })).code).toBe(302);
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.004 })).code).toBe(307);
    expect((await t.order({ tradePair: 'AAPL', orderQuantity: 0.5 })).code).toBe(307);
    expect((await t.order({ tradePair: 'US30', orderQuantity: 0.05 })).code).toBe(306);
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 11 })).code).toBe(305);
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 10 })).code).toBe(0);
  });

  it('301 for a pending price not above 0', async () => {
    t = await trader();
    expect((await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: 0 })).code).toBe(301);
    expect((await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: -5 })).code).toBe(301);
  });

  it('308–311 stop loss / take profit against the current price of a market order', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    expect(
      (await t.order({ tradePair: 'BTCUSDT', orderType: 1, takeProfitPprice: q.askPrice + 50 }))
        .code,
    ).toBe(308);
    expect(
      (await t.order({ tradePair: 'BTCUSDT', orderType: 1, stopPrice: q.askPrice - 50 })).code,
    ).toBe(309);
    expect(
      (await t.order({ tradePair: 'BTCUSDT', orderType: 0, takeProfitPprice: q.bidPrice - 50 }))
        .code,
    ).toBe(310);
    expect(
      (await t.order({ tradePair: 'BTCUSDT', orderType: 0, stopPrice: q.bidPrice + 50 })).code,
    ).toBe(311);
    const ok = await t.order({
      tradePair: 'BTCUSDT',
      stopPrice: q.bidPrice - 500,
      takeProfitPprice: q.bidPrice + 500,
    });
    expect(ok.code).toBe(0);
  });

  it('312–315 stop loss / take profit against the limit price of a pending order', async () => {
    t = await trader();
    const q = await t.quote('ETHUSDT');
    const sell = Math.round(q.bidPrice + 100);
    const buy = Math.round(q.askPrice - 100);
    const pend = { tradePair: 'ETHUSDT', buyPoint: 1 as const };
    expect(
      (await t.order({ ...pend, orderType: 1, price: sell, takeProfitPprice: sell + 1 })).code,
    ).toBe(312);
    expect((await t.order({ ...pend, orderType: 1, price: sell, stopPrice: sell - 1 })).code).toBe(
      313,
    );
    expect(
      (await t.order({ ...pend, orderType: 0, price: buy, takeProfitPprice: buy - 1 })).code,
    ).toBe(314);
    expect((await t.order({ ...pend, orderType: 0, price: buy, stopPrice: buy + 1 })).code).toBe(
      315,
    );
    expect(
      (
        await t.order({
          ...pend,
          orderType: 0,
          price: buy,
          stopPrice: buy - 50,
          takeProfitPprice: buy + 50,
        })
      ).code,
    ).toBe(0);
  });

  it('320 forex needs 100,000 USD of deposits on every site (real book only)', async () => {
    t = await trader({ deposit: 60_000 });
    expect((await t.order({ tradePair: 'EURUSD' })).code).toBe(320);
    expect((await t.order({ tradePair: 'GBPUSD' })).code).toBe(320);
    expect((await t.option({ tradePair: 'GBPUSD' })).code).toBe(320);
    expect((await t.order({ tradePair: 'XAUUSD' })).code).toBe(0);
    t.w.sim.backOffice.creditDeposit(t.uid, 40_000);
    expect((await t.order({ tradePair: 'GBPUSD' })).code).toBe(0);
  });

  it('320 binds the real book only: the demo account trades forex without deposits', async () => {
    t = await trader({ deposit: 1_000 });
    expect((await t.order({ tradePair: 'EURUSD' })).code).toBe(320);
    const demo = (await t.w.api.call('switchUser')).data!.token;
    t.w.session.token = demo;
    expect((await t.order({ tradePair: 'EURUSD', token: demo })).code).toBe(0);
    expect((await t.option({ tradePair: 'GBPUSD', token: demo })).code).toBe(0);
  });

  it('321 for an order against an open or pending one on the same pair', async () => {
    t = await trader();
    expect((await t.order({ tradePair: 'BTCUSDT', orderType: 0 })).code).toBe(0);
    expect((await t.order({ tradePair: 'BTCUSDT', orderType: 1 })).code).toBe(321);
    expect((await t.order({ tradePair: 'BTCUSDT', orderType: 0 })).code).toBe(0);
    const q = await t.quote('ETHUSDT');
    expect(
      (await t.order({ tradePair: 'ETHUSDT', orderType: 1, buyPoint: 1, price: q.bidPrice + 100 }))
        .code,
    ).toBe(0);
    expect((await t.order({ tradePair: 'ETHUSDT', orderType: 0 })).code).toBe(321);
  });

  it('203 when the cash does not cover margin and commission', async () => {
    t = await trader({ deposit: 100 });
    const r = await t.order({ tradePair: 'BTCUSDT', orderQuantity: 1 });
    expect(r.code).toBe(203);
    expect(r.message).toContain('(code 203)');
    expect((await t.w.api.call('userBalance')).data).toEqual({ balanceAmount: 100, lockMargin: 0 });
    // Cash that covers the margin but not the commission too: still 203; one more cent fills.
    const q = await t.quote('BTCUSDT');
    const d = t.w.sim.ctx.products.get('BTCUSDT')!;
    const notional = new Big(q.askPrice).times(d.contractSize);
    const cost = notional
      .div(d.multiple)
      .round(2)
      .plus(notional.times('0.0005').round(2, Big.roundUp));
    const short = await t.other('short@example.com', cost.minus('0.01').toNumber());
    t.w.session.token = short.token;
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 1 })).code).toBe(203);
    const enough = await t.other('enough@example.com', cost.toNumber());
    t.w.session.token = enough.token;
    expect((await t.order({ tradePair: 'BTCUSDT', orderQuantity: 1 })).code).toBe(0);
  });

  it('400 without a token; 401 when the payload token is another user', async () => {
    t = await trader();
    const other = await t.other('someone@example.com');
    const token = t.w.session.token;
    t.w.session.token = undefined;
    expect(
      (await t.order({ tradePair: 'BTCUSDT', token: undefined as unknown as string })).code,
    ).toBe(400);
    t.w.session.token = token;
    expect((await t.order({ tradePair: 'BTCUSDT', token: other.token })).code).toBe(401);
    expect((await t.order({ tradePair: 'BTCUSDT', token: 'not-a-token' })).code).toBe(401);
    expect(t.w.sim.backOffice.tradingOrders(other.uid)).toEqual([]);
  });

  it('405 for a user banned from trading, who can still cancel', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    const pending = await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: q.askPrice - 1000 });
    t.w.sim.backOffice.setTradeBanned(t.uid, true);
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(405);
    expect((await t.option({ tradePair: 'BTCUSDT' })).code).toBe(405);
    expect(
      (await t.w.api.call('cancelOrder', { orderId: pending.data!, token: t.token })).code,
    ).toBe(0);
    t.w.sim.backOffice.setTradeBanned(t.uid, false);
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(0);
  });

  it('406 while a withdrawal is in review, on the real book only', async () => {
    t = await trader();
    const s = t.w.sim.ctx.state as unknown as {
      account?: { walletRequests?: Record<string, object> };
    };
    s.account ??= {};
    s.account.walletRequests ??= {};
    // The shape queries.ts reads from the account module's section.
    s.account.walletRequests['w-test'] = { uid: t.uid, actionType: 1, payState: 0 };
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(406);
    expect((await t.option({ tradePair: 'BTCUSDT' })).code).toBe(406);
    const demo = await t.w.api.call('switchUser');
    t.w.session.token = demo.data!.token;
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(0);
    delete s.account.walletRequests['w-test'];
  });

  it('keeps the books apart: money moves only between ledger accounts', async () => {
    t = await trader({ deposit: 5000 });
    await t.order({ tradePair: 'ETHUSDT', orderQuantity: 1 });
    const L = t.w.sim.ctx.ledger;
    expect(L.balance(acct.cash(t.uid, 'demo')).toString()).toBe('100000');
    expect(L.total().eq(0)).toBe(true);
  });
});

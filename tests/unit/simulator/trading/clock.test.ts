/** What happens as time passes on the virtual clock: fills, stops, stop-out, interest, market hours across DST. */
import { afterEach, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { firstMove, trader, type Trader } from './support.ts';
import { acct } from '../../../../src/simulator/ledger.ts';
import { quoteAt } from '../../../../src/simulator/modules/trading/quotes.ts';
import { tradingModule } from '../../../../src/simulator/modules/trading/index.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

const HOUR = 3_600_000;
const list = async (tr: Trader, positionStatus?: number) =>
  (
    await tr.w.api.call('userOrder', {
      page: 1,
      limit: 50,
      ...(positionStatus ? { positionStatus } : {}),
    })
  ).data!;

describe('trading on the virtual clock', () => {
  it('fills a pending buy when the ask comes down to its price', async () => {
    t = await trader();
    const ctx = t.w.sim.ctx;
    const now = t.w.clock.now();
    let low = Infinity;
    for (let at = now; at <= now + 30 * 60_000; at += 1000)
      low = Math.min(low, quoteAt(ctx, 'BTCUSDT', at).ask);
    const ask = quoteAt(ctx, 'BTCUSDT', now).ask;
    const limit = Number(((ask + low) / 2).toFixed(2));
    expect(limit).toBeLessThan(ask);
    const id = (
      await t.order({ tradePair: 'BTCUSDT', buyPoint: 1, price: limit, orderQuantity: 0.1 })
    ).data!;
    expect((await list(t, 2)).list[0]).toMatchObject({ id, positionStatus: 1 });
    t.w.clock.advance(30 * 60_000);
    await t.refresh();
    const o = (await list(t, 2)).list[0]!;
    expect(o).toMatchObject({ id, positionStatus: 2 });
    expect(o.openingPrice).toBeLessThanOrEqual(limit);
    expect(o.transactionTimeTs).toBeGreaterThan(o.orderTimeTs!);
    // It filled at the ask of the tick that reached the limit.
    expect(quoteAt(ctx, 'BTCUSDT', o.transactionTimeTs!).ask).toBe(o.openingPrice);
  });

  it('triggers a stop loss when the closing price crosses it', async () => {
    t = await trader();
    const now = t.w.clock.now();
    const move = firstMove(t.w, 'NGAS', now, 0.003, 6 * HOUR);
    const q = await t.quote('NGAS');
    const buy = move.dir === 'down';
    const sl = Number((buy ? q.bidPrice * 0.998 : q.askPrice * 1.002).toFixed(3));
    const id = (
      await t.order({
        tradePair: 'NGAS',
        orderType: buy ? 0 : 1,
        stopPrice: sl,
        orderQuantity: 0.1,
      })
    ).data!;
    t.w.clock.set(move.t + 1000);
    await t.refresh();
    const o = (await list(t, 3)).list.find((x) => x.id === id)!;
    expect(o.positionStatus).toBe(3);
    if (buy) expect(o.currentPrice).toBeLessThanOrEqual(sl);
    else expect(o.currentPrice).toBeGreaterThanOrEqual(sl);
    expect(o.profitLoss).toBeLessThan(0);
    expect(o.closingTimeTs).toBeLessThanOrEqual(move.t);
    // The extension says why it closed (issue 25).
    expect(o.closeReason).toBe('stopLoss');
  });

  it('triggers a take profit', async () => {
    t = await trader();
    const now = t.w.clock.now();
    const move = firstMove(t.w, 'NGAS', now, 0.006, 6 * HOUR);
    const q = await t.quote('NGAS');
    const buy = move.dir === 'up';
    // Beyond the opening price by 0.2 % (a buy opens at the ask, a sell at the bid): a profit, once reached.
    const tp = Number((buy ? q.askPrice * 1.002 : q.bidPrice * 0.998).toFixed(3));
    const id = (
      await t.order({
        tradePair: 'NGAS',
        orderType: buy ? 0 : 1,
        takeProfitPprice: tp,
        orderQuantity: 0.1,
      })
    ).data!;
    t.w.clock.set(move.t + 1000);
    await t.refresh();
    const o = (await list(t, 3)).list.find((x) => x.id === id)!;
    expect(o.positionStatus).toBe(3);
    expect(o.profitLoss).toBeGreaterThan(0);
    expect(o.closeReason).toBe('takeProfit');
  });

  it('stops out an account whose equity falls below half its margin, never below zero', async () => {
    t = await trader({ deposit: 1000 });
    const now = t.w.clock.now();
    const move = firstMove(t.w, 'NGAS', now, 0.008, 12 * HOUR);
    const q = await t.quote('NGAS');
    // As many lots as 95 % of the deposit can margin (10,000 units a lot, leverage 100).
    const lots = Math.floor((950 / (q.askPrice * 100)) * 100) / 100;
    const against = move.dir === 'down' ? 0 : 1;
    const id = (await t.order({ tradePair: 'NGAS', orderType: against, orderQuantity: lots }))
      .data!;
    t.w.clock.set(move.t + 1000);
    await t.refresh();
    const ex = await list(t, 5);
    expect(ex.list.map((o) => o.id)).toEqual([id]);
    const o = ex.list[0]!;
    expect(o.positionStatus).toBe(3);
    expect(o.closeReason).toBe('stopOut');
    // Closed near the level: the loss is about half the margin, far from the whole deposit.
    expect(-o.profitLoss).toBeGreaterThan(o.securityDepositInitial * 0.4);
    const bal = (await t.w.api.call('userBalance')).data!;
    expect(bal.lockMargin).toBe(0);
    expect(bal.balanceAmount).toBeGreaterThan(0);
    expect(bal.balanceAmount).toBeCloseTo(1000 - o.feeAmount + o.profitLoss, 2);
  });

  it('caps a loss beyond the balance after a weekend gap: the balance ends at zero, never below', async () => {
    // Friday 16:50 New York; commodities reopen Sunday 17:00. Ticks are driven by hand across the weekend.
    const fri = Date.UTC(2026, 10, 20, 21, 50);
    const reopen = Date.UTC(2026, 10, 22, 22, 0, 1);
    t = await trader({ start: fri, deposit: 1000, ticking: false });
    const ctx = t.w.sim.ctx;
    const gapOf = (s: string) => quoteAt(ctx, s, reopen).mid / quoteAt(ctx, s, fri).mid - 1;
    const sym = ['NGAS', 'USOIL', 'UKOIL', 'CORN', 'COPPER'].find(
      (s) => Math.abs(gapOf(s)) > 0.02,
    )!;
    const d = ctx.products.get(sym)!;
    const q = await t.quote(sym);
    const lots = Math.floor((950 / ((q.askPrice * d.contractSize) / d.multiple)) * 100) / 100;
    const r = await t.order({
      tradePair: sym,
      orderType: gapOf(sym) < 0 ? 0 : 1,
      orderQuantity: lots,
    });
    expect(r.code).toBe(0);
    t.w.clock.set(reopen);
    tradingModule.onTick!(ctx, reopen);
    await t.refresh();
    const o = (await list(t, 5)).list[0]!;
    expect(o).toMatchObject({ id: r.data, positionStatus: 3 });
    // The whole balance is lost, not more: the house absorbs the rest.
    expect((await t.w.api.call('userBalance')).data).toEqual({ balanceAmount: 0, lockMargin: 0 });
    expect(o.profitLoss).toBeCloseTo(-(1000 - o.feeAmount), 2);
    expect(ctx.ledger.total().eq(0)).toBe(true);
  });

  it('accrues a day of interest at the 17:00 New York rollover and charges it on close', async () => {
    // Wednesday 16:50 New York (EST).
    t = await trader({ start: Date.UTC(2026, 10, 18, 21, 50) });
    const id = (await t.order({ tradePair: 'BTCUSDT', orderQuantity: 1 })).data!;
    const open = (await list(t)).list[0]!;
    t.w.clock.advance(9 * 60_000);
    expect((await list(t)).list[0]!.interest).toBe(0);
    t.w.clock.advance(2 * 60_000);
    const daily = new Big(open.openingPrice).times('0.0001').round(2).toNumber();
    expect((await list(t)).list[0]!.interest).toBe(daily);
    expect((await t.w.api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(0);
    expect(t.w.sim.ctx.ledger.balance(acct.interest('real')).toNumber()).toBe(daily);
    expect((await list(t, 3)).list[0]!.interest).toBe(daily);
  });
});

describe('trading: US stock hours across daylight saving (New York)', () => {
  // 13:45 UTC is 08:45 EST (pre-market) but 09:45 EDT (open).
  const cases: Array<[string, number, 'open' | 'early_trading' | 'closed', number]> = [
    ['Fri 6 Mar 2026, before DST', Date.UTC(2026, 2, 6, 13, 45), 'early_trading', 304],
    ['Mon 9 Mar 2026, after DST starts', Date.UTC(2026, 2, 9, 13, 45), 'open', 0],
    ['Mon 9 Mar 2026 20:30 UTC = 16:30 EDT', Date.UTC(2026, 2, 9, 20, 30), 'closed', 304],
    ['Fri 6 Mar 2026 20:30 UTC = 15:30 EST', Date.UTC(2026, 2, 6, 20, 30), 'open', 0],
    ['Fri 30 Oct 2026, before DST ends', Date.UTC(2026, 9, 30, 13, 45), 'open', 0],
    ['Mon 2 Nov 2026, after DST ends', Date.UTC(2026, 10, 2, 13, 45), 'early_trading', 304],
    ['Mon 2 Nov 2026 14:45 UTC = 09:45 EST', Date.UTC(2026, 10, 2, 14, 45), 'open', 0],
  ];
  for (const [name, start, status, code] of cases) {
    it(`${name}: AAPL is ${status}, an order answers ${code}`, async () => {
      t = await trader({ start });
      expect((await t.w.api.call('marketStatus', { symbol: 'AAPL' })).data).toBe(status);
      expect((await t.order({ tradePair: 'AAPL', orderQuantity: 1 })).code).toBe(code);
    });
  }

  it('a position held over the close cannot be closed until the market reopens', async () => {
    // Thu 5 Mar 2026 15:55 EST; the next open is Fri 09:30 EST.
    t = await trader({ start: Date.UTC(2026, 2, 5, 20, 55) });
    const id = (await t.order({ tradePair: 'AAPL', orderQuantity: 1 })).data!;
    t.w.clock.advance(10 * 60_000);
    expect((await t.w.api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(304);
  });
});

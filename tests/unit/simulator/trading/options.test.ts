/** Options through the real client: products, placement refusals 601–607, settlement on the virtual clock. */
import { afterEach, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { trader, type Trader } from './support.ts';
import { acct } from '../../../../src/simulator/ledger.ts';
import {
  decodeTerm,
  optionProductId,
} from '../../../../src/simulator/modules/trading/option-config.ts';
import { heldOptions } from '../../../../src/simulator/modules/trading/options.ts';
import { OPTION_RUNNING_LIMIT } from '../../../../src/config/constants.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

/** The rounded mid at t, as settlement reads it. */
const mid = (tr: Trader, symbol: string, at: number) => {
  const d = tr.w.sim.ctx.products.get(symbol)!;
  return new Big(tr.w.sim.ctx.prices.priceAt(symbol, at).toFixed(d.precision));
};

describe('trading: option products', () => {
  it('lists one option product per pair with 30 s and 60 s terms in the spec encoding', async () => {
    t = await trader();
    const all = (await t.w.api.call('findOptionsProduct', { limit: 100, page: 1 })).data!
      .optionsProducts;
    expect(all).toHaveLength(60);
    const one = (
      await t.w.api.call('findOptionsProduct', { limit: 1, page: 1, productCode: 'EURUSD' })
    ).data!.optionsProducts;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ productCode: 'EURUSD', tradeStatus: 1 });
    const terms = Object.values(one[0]!.timeRatePayload).map(decodeTerm);
    expect(terms.map((x) => x.timeLong)).toEqual(expect.arrayContaining([30, 60]));
    for (const term of terms) {
      expect(term.profitRate).toBeGreaterThan(0);
      expect(term.chips.length).toBeGreaterThan(0);
      expect(term.max).toBeGreaterThan(term.min);
      expect(term.name).not.toBe('');
    }
    const page2 = (await t.w.api.call('findOptionsProduct', { limit: 10, page: 2 })).data!
      .optionsProducts;
    expect(page2[0]!.productCode).toBe(all[10]!.productCode);
  });
});

describe('trading: placing and settling options', () => {
  it('settles a 60 s option at its end time against the price at that instant; a win pays amount × rate / 100', async () => {
    t = await trader({ deposit: 1000 });
    const now = t.w.clock.now();
    const up = mid(t, 'BTCUSDT', now + 60_000).gt(mid(t, 'BTCUSDT', now));
    const r = await t.option({
      tradePair: 'BTCUSDT',
      orderType: up ? 0 : 1,
      amount: 100,
      timeLong: 60,
      rate: 85,
    });
    expect(r.code).toBe(0);
    const key = r.data!.uid;
    expect(r.data!.beginTime).toBe(now);
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBe(900);
    expect(t.w.sim.ctx.ledger.balance(heldOptions(t.uid, 'real')).toString()).toBe('100');
    const running = (
      await t.w.api.call('userOptionHistory', {
        limit: OPTION_RUNNING_LIMIT,
        page: 1,
        positionStatus: 0,
      })
    ).data!;
    expect(running.items.map((o) => o.uid)).toEqual([key]);
    expect((await t.w.api.call('checkOptionCompletion', { uid: key })).data).toEqual({
      completed: false,
    });

    t.w.clock.advance(60_000);
    expect((await t.w.api.call('checkOptionCompletion', { uid: key })).data).toEqual({
      completed: true,
    });
    const o = (await t.w.api.call('userOptionDetail', { uid: key })).data!;
    expect(o).toMatchObject({
      positionStatus: 1,
      endTime: now + 60_000,
      rate: 85,
      amount: 100,
      winLost: 85,
    });
    expect(o.priceEnd).toBe(mid(t, 'BTCUSDT', now + 60_000).toNumber());
    expect(o.completeTime).toBeGreaterThanOrEqual(o.endTime);
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBe(1085);
    const done = (
      await t.w.api.call('userOptionHistory', { limit: 10, page: 1, positionStatus: 1 })
    ).data!;
    expect(done).toMatchObject({ todayWinLoss: 85, totalWinLoss: 85, pages: 1 });
    expect(t.w.sim.ctx.ledger.total().eq(0)).toBe(true);
  });

  it('a lost 30 s option forfeits the stake', async () => {
    t = await trader({ deposit: 1000 });
    const now = t.w.clock.now();
    const up = mid(t, 'ETHUSDT', now + 30_000).gt(mid(t, 'ETHUSDT', now));
    const r = await t.option({
      tradePair: 'ETHUSDT',
      orderType: up ? 1 : 0,
      amount: 50,
      timeLong: 30,
      rate: 80,
    });
    expect(r.code).toBe(0);
    t.w.clock.advance(30_000);
    const o = (await t.w.api.call('userOptionDetail', { uid: r.data!.uid })).data!;
    expect(o.winLost).toBe(-50);
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBe(950);
    expect(t.w.sim.ctx.ledger.balance(acct.pnl('real')).toString()).toBe('50');
  });

  it('refunds the stake when the end price equals the strike', async () => {
    t = await trader({ deposit: 1000 });
    // Find a moment when the Dow (1 decimal) is unchanged after 30 s.
    const start = t.w.clock.now();
    let at = start;
    while (!mid(t, 'US30', at).eq(mid(t, 'US30', at + 30_000))) at += 1000;
    expect(at - start).toBeLessThan(4 * 3_600_000);
    t.w.clock.set(at);
    const r = await t.option({ tradePair: 'US30', amount: 200, timeLong: 30, rate: 80 });
    expect(r.code).toBe(0);
    t.w.clock.advance(30_000);
    expect((await t.w.api.call('userOptionDetail', { uid: r.data!.uid })).data!.winLost).toBe(0);
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBe(1000);
  });
});

describe('trading: option refusals', () => {
  it('501 for a bad direction or amount (not a positive integer, or outside min..max)', async () => {
    t = await trader();
    expect((await t.option({ tradePair: 'BTCUSDT', orderType: 5 as 0 })).code).toBe(501);
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 10.5 })).code).toBe(501);
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 0 })).code).toBe(501);
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 5 })).code).toBe(501);
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 20_000 })).code).toBe(501);
  });

  it('604 unknown pair; 603 unknown option product; 606 product of another pair or a stale rate', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    const base = {
      optionsProductId: '1',
      price: q.price,
      timeLong: 60,
      btime: 0,
      rate: 85,
      amount: 100,
      orderType: 0 as const,
      token: t.token,
    };
    expect((await t.w.api.call('addOrderOption', { ...base, tradePair: 'NOPE' })).code).toBe(604);
    expect(
      (
        await t.w.api.call('addOrderOption', {
          ...base,
          tradePair: 'BTCUSDT',
          optionsProductId: '9999',
        })
      ).code,
    ).toBe(603);
    const eth = optionProductId(t.w.sim.ctx, 'ETHUSDT')!;
    expect(
      (
        await t.w.api.call('addOrderOption', {
          ...base,
          tradePair: 'BTCUSDT',
          optionsProductId: eth,
        })
      ).code,
    ).toBe(606);
    expect((await t.option({ tradePair: 'BTCUSDT', rate: 99 })).code).toBe(606);
  });

  it('605 pair prohibited or market closed', async () => {
    t = await trader();
    t.w.sim.backOffice.setTradeStatus('ETHUSDT', 0);
    expect((await t.option({ tradePair: 'ETHUSDT' })).code).toBe(605);
    t.w.sim.stop();
    t = await trader({ start: Date.UTC(2026, 10, 21, 15, 0) });
    expect((await t.option({ tradePair: 'EURUSD' })).code).toBe(605);
  });

  it('602 a duration the product does not offer', async () => {
    t = await trader();
    expect((await t.option({ tradePair: 'BTCUSDT', timeLong: 45 })).code).toBe(602);
  });

  it('601 a price far from the current one', async () => {
    t = await trader();
    const q = await t.quote('BTCUSDT');
    expect((await t.option({ tradePair: 'BTCUSDT', price: q.price * 1.05 })).code).toBe(601);
    expect((await t.option({ tradePair: 'BTCUSDT', price: 0 })).code).toBe(601);
    expect((await t.option({ tradePair: 'BTCUSDT', price: q.price * 1.001 })).code).toBe(0);
  });

  it('203 stake above the cash', async () => {
    t = await trader({ deposit: 50 });
    expect((await t.option({ tradePair: 'BTCUSDT', amount: 100 })).code).toBe(203);
  });

  it('402 / 403 for option detail and completion of an unknown or another user’s option', async () => {
    t = await trader();
    const key = (await t.option({ tradePair: 'BTCUSDT' })).data!.uid;
    expect((await t.w.api.call('userOptionDetail', { uid: '424242' })).code).toBe(402);
    const other = await t.other('eve@example.com');
    t.w.session.token = other.token;
    expect((await t.w.api.call('userOptionDetail', { uid: key })).code).toBe(403);
    expect((await t.w.api.call('checkOptionCompletion', { uid: key })).code).toBe(403);
  });

  it('the demo book uses addOrderOptionMock and its own money', async () => {
    t = await trader({ deposit: 1000 });
    const demo = (await t.w.api.call('switchUser')).data!.token;
    t.w.session.token = demo;
    const q = await t.quote('BTCUSDT');
    const r = await t.w.api.call('addOrderOptionMock', {
      tradePair: 'BTCUSDT',
      optionsProductId: optionProductId(t.w.sim.ctx, 'BTCUSDT')!,
      price: q.price,
      timeLong: 30,
      btime: t.w.clock.now(),
      rate: 80,
      amount: 500,
      orderType: 1,
      token: demo,
    });
    expect(r.code).toBe(0);
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBe(99_500);
    expect(t.w.sim.ctx.ledger.balance(acct.cash(t.uid, 'real')).toString()).toBe('1000');
  });
});

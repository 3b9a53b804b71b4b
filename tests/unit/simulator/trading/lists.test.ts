/** The order list: filters by the UI's index + 1, paging, sort column, totals and the position summary. */
import { afterEach, describe, expect, it } from 'vitest';
import { trader, type Trader } from './support.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

describe('trading: order list', () => {
  it('filters [all, unsettled, deal, canceled, exception], pages, and sorts by the named column', async () => {
    t = await trader({ deposit: 100_000 });
    const api = t.w.api;
    const closed: string[] = [];
    for (const pair of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'])
      closed.push((await t.order({ tradePair: pair })).data!);
    t.w.clock.advance(3 * 60_000);
    // Close in reverse order, a second apart: closing time order differs from placing order.
    for (const id of [...closed].reverse()) {
      expect((await api.call('closeOrder', { orderId: id, token: t.token })).code).toBe(0);
      t.w.clock.advance(1000);
    }
    await t.order({ tradePair: 'XRPUSDT', orderQuantity: 100 });
    const q = await t.quote('LTCUSDT');
    await t.order({ tradePair: 'LTCUSDT', buyPoint: 1, price: q.askPrice - 5 });
    const cancelled = (await t.order({ tradePair: 'DOTUSDT', buyPoint: 1, price: 1 })).data!;
    await api.call('cancelOrder', { orderId: cancelled, token: t.token });

    const count = async (positionStatus?: number) =>
      (
        await api.call('userOrder', {
          page: 1,
          limit: 50,
          ...(positionStatus ? { positionStatus } : {}),
        })
      ).data!.list.length;
    expect([
      await count(),
      await count(1),
      await count(2),
      await count(3),
      await count(4),
      await count(5),
    ]).toEqual([6, 6, 2, 3, 1, 0]);

    const page1 = (
      await api.call('userOrder', {
        page: 1,
        limit: 2,
        positionStatus: 3,
        columns: ['closingTime'],
      })
    ).data!;
    const page2 = (
      await api.call('userOrder', {
        page: 2,
        limit: 2,
        positionStatus: 3,
        columns: ['closingTime'],
      })
    ).data!;
    expect(page1.pages).toBe(2);
    // Latest closing first: the first order placed was closed last.
    expect([...page1.list, ...page2.list].map((o) => o.id)).toEqual(closed);
    const byPlace = (await api.call('userOrder', { page: 1, limit: 10, positionStatus: 3 })).data!;
    expect(byPlace.list.map((o) => o.id)).toEqual([...closed].reverse());
    const total = page1.list.concat(page2.list).reduce((s, o) => s + o.profitLoss, 0);
    expect(page1.profitLossTotal).toBeCloseTo(total, 2);
    expect(page1.profitLossToday).toBe(page1.profitLossTotal);
  });

  it('summarises positions: equity, margin in use and free margin agree with the balance', async () => {
    t = await trader({ deposit: 20_000 });
    await t.order({ tradePair: 'BTCUSDT', orderQuantity: 0.5 });
    await t.order({ tradePair: 'EURUSD', orderQuantity: 1, orderType: 1 });
    t.w.clock.advance(10 * 60_000);
    const d = (await t.w.api.call('userOrder', { page: 1, limit: 10 })).data!;
    const bal = (await t.w.api.call('userBalance')).data!;
    const sumPnl = d.list.reduce((s, o) => s + o.profitLoss, 0);
    expect(d.profitLossSum).toBeCloseTo(sumPnl, 2);
    expect(d.securityDepositPrent).toBe(bal.lockMargin);
    expect(d.netValue).toBeCloseTo(bal.balanceAmount + bal.lockMargin + d.profitLossSum!, 2);
    expect(d.securityDepositAvailableSum).toBeCloseTo(d.netValue! - d.securityDepositPrent!, 2);
  });
});

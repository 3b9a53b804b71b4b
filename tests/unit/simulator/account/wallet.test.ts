/** The multi-currency wallet: balances in USD, transfers in and out with fees, records. */
import { describe, expect, it } from 'vitest';
import type { TestWorld } from '../../../support/sim.ts';
import { cash, funded, ledgerHolds, seeded, world } from './helpers.ts';

const form = (currId: string, curr: string, type: 0 | 1, num: string) => ({
  currId,
  curr,
  type,
  num,
});
const transfer = (w: TestWorld, currId: string, curr: string, type: 0 | 1, num: string) =>
  w.api.call('transformWallet', form(currId, curr, type, num));

describe('wallet', () => {
  it('shows one row per currency with USD values and the total', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    const bal = await w.api.call('myWalletBalance');
    expect(bal.data?.list.map((r) => r.currency)).toEqual(['USD', 'USDT', 'BTC', 'ETH', 'TRX']);
    expect(bal.data?.list[0]).toMatchObject({
      currency: 'USD',
      currencyId: '1',
      balance: '1000',
      usdBalance: '1000.00',
      unit: 'USD',
    });
    expect(bal.data?.list[0]?.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(bal.data?.totalBalance).toBe('1000.00');
  });

  it('transfers USD into USDT free of fee, and back out', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    expect(
      (await w.api.call('transformWalletCalculate', form('2', 'USDT', 0, '250'))).data,
    ).toEqual({ fee: '0', practical: '250' });
    expect((await transfer(w, '2', 'USDT', 0, '250')).code).toBe(0);
    expect(cash(w, uid)).toBe('750');
    const bal = (await w.api.call('myWalletBalance')).data;
    expect(bal?.list[1]).toMatchObject({ balance: '250', usdBalance: '250.00' });
    expect(bal?.totalBalance).toBe('1000.00');
    expect((await transfer(w, '2', 'USDT', 1, '100.5')).code).toBe(0);
    expect(cash(w, uid)).toBe('850.5');
    ledgerHolds(w);
  });

  it('charges 0.1% on BTC transfers and prices them at the BTC price', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '200000');
    expect((await w.api.call('transformWalletCalculate', form('3', 'BTC', 0, '1'))).data).toEqual({
      fee: '0.001',
      practical: '0.999',
    });
    const price = w.sim.ctx.prices.priceAt('BTCUSDT', w.clock.now());
    expect((await transfer(w, '3', 'BTC', 0, '1')).code).toBe(0);
    expect(Number(cash(w, uid))).toBeCloseTo(200000 - price, 1);
    expect(w.sim.ctx.ledger.balance(`u:${uid}:wallet:BTC`).toString()).toBe('0.999');
    expect(w.sim.ctx.ledger.balance('house:fees:wallet:BTC').toString()).toBe('0.001');
    expect((await transfer(w, '3', 'BTC', 1, '0.999')).code).toBe(0);
    expect(w.sim.ctx.ledger.balance(`u:${uid}:wallet:BTC`).toString()).toBe('0');
    ledgerHolds(w);
  });

  it('answers 1159 when the source balance does not cover the transfer', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    expect((await transfer(w, '2', 'USDT', 0, '1000.01')).code).toBe(1159);
    expect((await transfer(w, '4', 'ETH', 1, '0.1')).code).toBe(1159);
    expect(cash(w, uid)).toBe('1000');
  });

  it('answers 1030 for USD or an unknown currency, 1057 for a type other than 0/1, 1064 negative, 1036 zero, 1065 over 4 decimals', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    const calc = (currId: string, type: number, num: string) =>
      w.api.call('transformWalletCalculate', { currId, curr: '', type: type as 0, num });
    expect((await calc('1', 0, '10')).code).toBe(1030);
    expect((await calc('77', 0, '10')).code).toBe(1030);
    expect((await calc('2', 3, '10')).code).toBe(1057);
    expect((await calc('2', 0, '-10')).code).toBe(1064);
    expect((await calc('2', 0, '0')).code).toBe(1036);
    expect((await calc('2', 0, '1.00001')).code).toBe(1065);
    expect((await calc('2', 0, '1.0001')).code).toBe(0);
  });

  it('lists transfer records newest first, filtered by type', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    await transfer(w, '2', 'USDT', 0, '300');
    w.clock.advance(1000);
    await transfer(w, '2', 'USDT', 1, '100');
    const all = (await w.api.call('walletRecord', { page: 1, limit: 10 })).data;
    expect(all?.list.map((r) => [r.orderType, r.orderQuantity, r.unit])).toEqual([
      [1, '100', 'USDT'],
      [0, '300', 'USDT'],
    ]);
    expect(all?.pages).toBe(1);
    const outs = (await w.api.call('walletRecord', { page: 1, limit: 10, type: 1 })).data?.list;
    expect(outs).toHaveLength(1);
  });

  it('a demo session has no wallet (23523)', async () => {
    const w = await world();
    await seeded(w);
    w.session.token = (await w.api.call('switchUser')).data?.token;
    expect((await w.api.call('myWalletBalance')).code).toBe(23523);
    expect((await transfer(w, '2', 'USDT', 0, '1')).code).toBe(23523);
  });
});

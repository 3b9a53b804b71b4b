/** Withdrawals: status locks, fee calculation, hold while in review, approve and reject. */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { encodeSensitive } from '../../../../src/api/aes-codec.ts';
import type { TestWorld } from '../../../support/sim.ts';
import { cash, funded, ledgerHolds, seeded, world } from './helpers.ts';

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const aesKey = (w: TestWorld, uid: string) => w.sim.ctx.state.users[uid]?.aesKey ?? '';

async function saved(
  w: TestWorld,
  uid: string,
  currencyId = '101',
  address = TRC20,
): Promise<string> {
  const r = await w.api.call('addUserWallet', {
    currencyId,
    cryptocurrencyAddress: await encodeSensitive(aesKey(w, uid), address),
  });
  if (r.code !== 0) throw new Error(`addUserWallet ${r.code}`);
  return (
    (await w.api.call('userWallet', { pageNum: 1, pageSize: 1000 })).data?.list.find(
      (a) => a.currencyId === currencyId,
    )?.walletId ?? ''
  );
}

const withdraw = (w: TestWorld, currencyId: string, num: string, practicalNum?: string) =>
  w.api.call('userWithdraw', { currencyId, num, practicalNum: practicalNum ?? '', locale: 'en' });

describe('withdraw', () => {
  it('calculates a FIX_AMOUNT fee, holds the amount, locks with 1067, and a rejection returns it with 629005', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '5000');
    const walletId = await saved(w, uid);
    expect((await w.api.call('withdrawStatus')).code).toBe(0);
    const calc = await w.api.call('withdrawWalletCalculate', { currencyId: walletId, num: '1000' });
    expect(calc.data).toEqual({
      feeType: 'FIX_AMOUNT',
      feeNum: '25',
      feeUsd: '25.00',
      practical: '975',
      isOver: false,
      afterBalance: '4000.00',
    });
    const over = await w.api.call('withdrawWalletCalculate', { currencyId: walletId, num: '6000' });
    expect(over.data).toMatchObject({ isOver: true, afterBalance: '-1000.00' });
    // The whole cash is not over it.
    const all = await w.api.call('withdrawWalletCalculate', { currencyId: walletId, num: '5000' });
    expect(all.data).toMatchObject({ isOver: false, afterBalance: '0.00' });
    expect((await withdraw(w, walletId, '1000', '975')).code).toBe(0);
    expect(cash(w, uid)).toBe('4000');
    expect(
      w.sim.ctx.ledger
        .balance(`u:${uid}:held:withdraw:${w.sim.backOffice.walletRequests(uid)[0]?.id}`)
        .toString(),
    ).toBe('1000');
    const status = await w.api.call('withdrawStatus');
    expect(status.code).toBe(1067);
    expect(w.toasts).toEqual([]);
    expect((await withdraw(w, walletId, '100', '75')).code).toBe(1067);
    const [req] = w.sim.backOffice.walletRequests(uid);
    w.sim.backOffice.rejectWithdrawal(req?.id ?? '', 'Address on a sanctions list');
    expect(cash(w, uid)).toBe('5000');
    expect((await w.api.call('withdrawStatus')).code).toBe(0);
    const n = (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list[0];
    expect(n).toMatchObject({
      alarmType: 629005,
      paymentPrice: 1000,
      remark: 'Address on a sanctions list',
    });
    expect(
      (await w.api.call('uesrRecharge', { pageNum: 1, pageSize: 10, type: 1 })).data?.list[0],
    ).toMatchObject({
      actionType: 1,
      payState: 2,
      withdrawUsdPrice: '1000.00',
      payPrice: '1000',
    });
    ledgerHolds(w);
  });

  it('an approved withdrawal leaves the books: payout to the world, fee to the house', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '3000');
    const walletId = await saved(w, uid);
    await withdraw(w, walletId, '1000', '975');
    w.sim.backOffice.approveWithdrawal(w.sim.backOffice.walletRequests(uid)[0]?.id ?? '');
    expect(cash(w, uid)).toBe('2000');
    expect(w.sim.ctx.ledger.balance(`world:withdrawals:${uid}:USD`).toString()).toBe('975');
    expect((await w.api.call('rechargeStatus')).data?.payState).toBe(1);
    ledgerHolds(w);
  });

  it('PERCENTAGE fee on BTC, and the no-saved-wallet flow with an encoded paymentAddress', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '100000');
    const calc = await w.api.call('withdrawWalletCalculate', {
      currencyId: '103',
      coinId: '103',
      num: '0.5',
    });
    expect(calc.data).toMatchObject({ feeType: 'PERCENTAGE', feeNum: '0.001', practical: '0.499' });
    // The fee's USD value is what the user pays: rounded up to the cent.
    const feeUsd = new Big(w.sim.ctx.prices.priceAt('BTCUSDT', w.clock.now())).times('0.001');
    expect(feeUsd.round(2, Big.roundUp).eq(feeUsd.round(2, Big.roundDown))).toBe(false);
    expect(calc.data?.feeUsd).toBe(feeUsd.round(2, Big.roundUp).toFixed(2));
    const paymentAddress = await encodeSensitive(
      aesKey(w, uid),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    const r = await w.api.call('userWithdraw', {
      num: '0.5',
      practicalNum: '0.499',
      currencyId: '103',
      coinId: '103',
      paymentAddress,
      locale: 'en',
    });
    expect(r.code).toBe(0);
    const [req] = w.sim.backOffice.walletRequests(uid);
    expect(req?.target).toEqual({
      kind: 'crypto',
      coinNetId: '103',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(Number(req?.usd)).toBeCloseTo(
      w.sim.ctx.prices.priceAt('BTCUSDT', w.clock.now()) * 0.5,
      1,
    );
  });

  it('answers 1066 for a flagged account and 1070 with an open position', async () => {
    const w = await world();
    const { uid, token } = await seeded(w);
    await funded(w, uid, '50000');
    w.sim.backOffice.setAccountAnomaly(uid, true);
    expect((await w.api.call('withdrawStatus')).code).toBe(1066);
    w.sim.backOffice.setAccountAnomaly(uid, false);
    const info = (await w.api.call('productOrderInfo', { productCode: 'BTCUSDT' })).data?.BTCUSDT;
    const order = await w.api.call('addOrder', {
      tradePair: 'BTCUSDT',
      price: 0,
      stopPrice: null,
      takeProfitPprice: null,
      orderQuantity: info?.minCount ?? 0.01,
      multiple: info?.multiple ?? 100,
      orderType: 0,
      buyPoint: 2,
      token,
    });
    expect(order.code).toBe(0);
    expect((await w.api.call('withdrawStatus')).code).toBe(1070);
    const walletId = await saved(w, uid);
    expect((await withdraw(w, walletId, '100')).code).toBe(1070);
  });

  it('answers 1074 outside min..max or for a wrong practicalNum, 1069 for zero, 1065 for 6 decimals, 1052 over the balance', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    const walletId = await saved(w, uid);
    expect((await withdraw(w, walletId, '99.99')).code).toBe(1074);
    expect((await withdraw(w, walletId, '10000001')).code).toBe(1074);
    expect((await withdraw(w, walletId, '500', '500')).code).toBe(1074);
    expect((await withdraw(w, walletId, '0')).code).toBe(1069);
    expect(
      (await w.api.call('withdrawWalletCalculate', { currencyId: walletId, num: '-5' })).code,
    ).toBe(1069);
    expect((await withdraw(w, walletId, '100.123456')).code).toBe(1065);
    expect((await withdraw(w, walletId, '1000.01')).code).toBe(1052);
    expect((await withdraw(w, walletId, '1000', '975')).code).toBe(0);
  });

  it('answers 1051 with no such saved wallet, 1047 for a network switched off, 1049 for an empty address, 1055 for an unknown coin', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '5000');
    expect((await withdraw(w, '101', '200')).code).toBe(1051);
    expect(
      (await w.api.call('withdrawWalletCalculate', { currencyId: 'nope', num: '1' })).code,
    ).toBe(1051);
    expect(
      (await w.api.call('withdrawWalletCalculate', { currencyId: '1', coinId: '999', num: '1' }))
        .code,
    ).toBe(1055);
    const walletId = await saved(w, uid);
    w.sim.backOffice.setCoinNetEnabled('101', false);
    expect((await withdraw(w, walletId, '200')).code).toBe(1047);
    w.sim.backOffice.setCoinNetEnabled('101', true);
    const r = await w.api.call('userWithdraw', {
      num: '200',
      practicalNum: '175',
      currencyId: '101',
      coinId: '101',
      paymentAddress: ' ',
      locale: 'en',
    });
    expect(r.code).toBe(1051);
    const enc = await encodeSensitive(aesKey(w, uid), '   ');
    expect(
      (
        await w.api.call('userWithdraw', {
          num: '200',
          practicalNum: '175',
          currencyId: '101',
          coinId: '101',
          paymentAddress: enc,
          locale: 'en',
        })
      ).code,
    ).toBe(1049);
  });

  it('withdraws to a bank card with a PERCENTAGE fee in USD (1008 for a card that is not the caller’s, 1086 for an unknown withdrawType)', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '2000');
    const key = aesKey(w, uid);
    await w.api.call('addUserBankCard', {
      bankName: 'Bank of Test',
      name: await encodeSensitive(key, 'Ann Lee'),
      account: await encodeSensitive(key, 'GB29NWBK60161331926819'),
    });
    const card = (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 })).data
      ?.list[0];
    const meta = (await w.api.call('currencyBanckCardCoinNet')).data?.dto;
    expect(meta).toEqual({ id: '201', minWithdrawAmount: 50, maxWithdrawAmount: 10000000 });
    const calc = await w.api.call('withdrawBankCardCalculate', {
      currencyId: meta?.id ?? '',
      num: '1000',
    });
    expect(calc.data).toEqual({
      feeType: 'PERCENTAGE',
      feeNum: '2',
      feeUsd: '2.00',
      practical: '998',
      isOver: false,
      afterBalance: '1000.00',
    });
    const bank = (userBankId: string, withdrawType = 1) =>
      w.api.call('userWithdraw', {
        num: '1000',
        practicalNum: '998',
        userBankId,
        withdrawType: withdrawType as 1,
        locale: 'en',
      });
    expect((await bank('424242')).code).toBe(1008);
    expect((await bank(card?.id ?? '', 2)).code).toBe(1086);
    expect((await bank(card?.id ?? '')).code).toBe(0);
    expect(cash(w, uid)).toBe('1000');
    expect((await w.api.call('deleteUserBankCard', { id: card?.id ?? '' })).code).toBe(23552);
    w.sim.backOffice.approveWithdrawal(w.sim.backOffice.walletRequests(uid)[0]?.id ?? '');
    expect(w.sim.ctx.ledger.balance('house:fees:real').toString()).toBe('2');
    ledgerHolds(w);
  });
});

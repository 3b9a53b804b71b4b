/** Deposits with a proof image, reviewed by the back office; records and recharge status. */
import { describe, expect, it } from 'vitest';
import { totalDeposit } from '../../../../src/simulator/users.ts';
import { cash, deposit, ledgerHolds, png, seeded, world } from './helpers.ts';

describe('deposit', () => {
  it('deposit → approve → balance, record and forex-permission total', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    expect(await deposit(w, '1500.5')).toBe(0);
    expect(cash(w, uid)).toBe('0');
    expect((await w.api.call('rechargeStatus')).data).toEqual({ payState: 0 });
    const [review] = w.sim.backOffice.reviews();
    expect(review).toMatchObject({ kind: 'deposit', uid, summary: '1500.5 USDT (1500.50 USD)' });
    const ref = w.sim.backOffice.walletRequests(uid)[0]?.proof ?? '';
    expect(await w.sim.backOffice.upload(ref)).toMatch(/^data:image\/png;base64,/);
    w.sim.backOffice.approveDeposit(review?.id ?? '');
    expect(cash(w, uid)).toBe('1500.5');
    expect(totalDeposit(w.sim.ctx, uid).toString()).toBe('1500.5');
    expect((await w.api.call('userInfo')).data?.account.balanceAmount).toBe(1500.5);
    expect((await w.api.call('rechargeStatus')).data).toEqual({ payState: 1 });
    const rec = await w.api.call('uesrRecharge', { pageNum: 1, pageSize: 10 });
    expect(rec.data?.list[0]).toMatchObject({
      payPrice: '1500.5',
      actionType: 0,
      depositUsdPrice: '1500.50',
      payState: 1,
      currency: 'USDT',
    });
    expect(() => w.sim.backOffice.approveDeposit(review?.id ?? '')).toThrow(/not in review/);
    ledgerHolds(w);
  });

  it('a BTC deposit is valued at the BTC price when submitted', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    expect(await deposit(w, '0.5', { coinId: '103' })).toBe(0);
    const price = w.sim.ctx.prices.priceAt('BTCUSDT', w.clock.now());
    const [req] = w.sim.backOffice.walletRequests(uid);
    expect(Number(req?.usd)).toBeCloseTo(price * 0.5, 1);
    w.sim.backOffice.approveDeposit(req?.id ?? '');
    expect(cash(w, uid)).toBe(req?.usd.replace(/\.?0+$/, ''));
  });

  it('a rejected deposit has payState 2 with the reason and notifies 629006 with the amount', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await deposit(w, '2000');
    const [req] = w.sim.backOffice.walletRequests(uid);
    w.sim.backOffice.rejectDeposit(req?.id ?? '', 'Proof unreadable');
    expect(cash(w, uid)).toBe('0');
    const rec = await w.api.call('uesrRecharge', { pageNum: 1, pageSize: 10, type: 0, status: 2 });
    expect(rec.data?.list).toHaveLength(1);
    expect(rec.data?.list[0]).toMatchObject({ payState: 2, remark: 'Proof unreadable' });
    const n = await w.api.call('userNotification', { page: 1, limit: 10 });
    expect(n.data?.list[0]).toMatchObject({
      alarmType: 629006,
      paymentPrice: 2000,
      remark: 'Proof unreadable',
      readStatus: 0,
    });
  });

  it('answers 1036 for zero or under 1000 USD, 1065 over 5 decimals, 1055 an unknown network, 23553 without proof, 1016 for a non-image', async () => {
    const w = await world();
    await seeded(w);
    expect(await deposit(w, '0')).toBe(1036);
    expect(await deposit(w, '999.99')).toBe(1036);
    expect(await deposit(w, '.5')).toBe(1036);
    expect(await deposit(w, '1000.123456')).toBe(1065);
    expect(await deposit(w, '1000', { coinId: '999' })).toBe(1055);
    expect(await deposit(w, '1000', {}, null)).toBe(23553);
    expect(await deposit(w, '1000', {}, new Blob([], { type: 'image/png' }))).toBe(23553);
    expect(await deposit(w, '1000', {}, new Blob(['not an image'], { type: 'image/png' }))).toBe(
      1016,
    );
    expect(await deposit(w, '1000', {}, png())).toBe(0);
  });

  it('answers 1018 for a second deposit of the same amount while the first is in review', async () => {
    const w = await world();
    await seeded(w);
    expect(await deposit(w, '1200')).toBe(0);
    expect(await deposit(w, '1200')).toBe(1018);
    expect(await deposit(w, '1201')).toBe(0);
  });

  it('answers 1036 over 10,000,000 USD and 23552 with 5 deposits already in review, changing nothing', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    expect(await deposit(w, '10000000.01')).toBe(1036);
    expect(await deposit(w, '99999999999999999999')).toBe(1036);
    expect(await deposit(w, '10000000')).toBe(0);
    for (const amt of ['1001', '1002', '1003', '1004']) expect(await deposit(w, amt)).toBe(0);
    const before = JSON.stringify(w.sim.ctx.state);
    expect(await deposit(w, '1005')).toBe(23552);
    expect(JSON.stringify(w.sim.ctx.state)).toBe(before);
    // Once one is reviewed there is room again.
    const [req] = w.sim.backOffice.walletRequests(uid);
    w.sim.backOffice.rejectDeposit(req?.id ?? '', 'Proof unreadable');
    expect(await deposit(w, '1005')).toBe(0);
  });

  it('depositBanNewFlow: 23552 while the latest deposit is in review, as rechargeStatus says', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    expect((await w.api.call('rechargeStatus')).data).toEqual({ payState: null });
    expect(await deposit(w, '1200')).toBe(0);
    expect((await w.api.call('rechargeStatus')).data).toEqual({ payState: 0 });
    // Off: another may follow while it waits.
    expect(await deposit(w, '1300')).toBe(0);
    w.sim.backOffice.setFlag('depositBanNewFlow', true);
    expect(await deposit(w, '1400')).toBe(23552);
    for (const r of w.sim.backOffice.walletRequests(uid)) w.sim.backOffice.approveDeposit(r.id);
    expect((await w.api.call('rechargeStatus')).data).toEqual({ payState: 1 });
    expect(await deposit(w, '1400')).toBe(0);
  });

  it('wallet-type 1 users deposit from their own wallets (1085 for a wallet that is not theirs)', async () => {
    const w = await world();
    const other = await seeded(w);
    const foreign = w.sim.backOffice.addSelfWallet(
      other.uid,
      '101',
      'TXforeignWalletAddress000000000000',
    );
    const { uid } = await seeded(w);
    expect((await w.api.call('userSelfWallet')).data?.dtoList).toEqual([]);
    w.sim.backOffice.setWalletType(uid, 1);
    const said = w.sim.backOffice.addSelfWallet(uid, '101', 'TXmyOwnWalletAddress00000000000000');
    const list = (await w.api.call('userSelfWallet')).data?.dtoList ?? [];
    expect(list).toEqual([
      expect.objectContaining({
        said,
        currency: 'USDT',
        protocol: 'TRC20',
        address: 'TXmyOwnWalletAddress00000000000000',
      }),
    ]);
    expect((await w.api.call('userInfo')).data?.walletType).toBe(1);
    expect(await deposit(w, '1000', { said: foreign })).toBe(1085);
    expect(await deposit(w, '1000', { said })).toBe(0);
    expect(w.sim.backOffice.walletRequests(uid)[0]?.said).toBe(said);
  });

  it('a demo session cannot deposit (23523)', async () => {
    const w = await world();
    await seeded(w);
    const sw = await w.api.call('switchUser');
    w.session.token = sw.data?.token;
    expect(await deposit(w, '1000')).toBe(23523);
  });
});

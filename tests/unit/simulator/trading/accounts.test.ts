/** The real and demo books through the real client: balance, switch, one-time reset; codes with no real condition via the scenario switch. */
import { afterEach, describe, expect, it } from 'vitest';
import { trader, type Trader } from './support.ts';
import { contract, type CallName } from '../../../../src/api/contract.ts';
import { DEMO_BALANCE } from '../../../../src/simulator/users.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

const vsOf = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).virtualStatus;

describe('trading: accounts', () => {
  it('answers the balance of the token’s book', async () => {
    t = await trader({ deposit: 1234.5 });
    expect((await t.w.api.call('userBalance')).data).toEqual({
      balanceAmount: 1234.5,
      lockMargin: 0,
    });
    const demo = (await t.w.api.call('switchUser')).data!.token;
    t.w.session.token = demo;
    expect((await t.w.api.call('userBalance')).data).toEqual({
      balanceAmount: Number(DEMO_BALANCE),
      lockMargin: 0,
    });
  });

  it('switches between real and demo with a new token each time', async () => {
    t = await trader();
    const demo = (await t.w.api.call('switchUser')).data!.token;
    expect(vsOf(demo)).toBe('1');
    expect(t.w.sim.ctx.state.users[t.uid]!.virtualStatus).toBe('1');
    t.w.session.token = demo;
    const real = (await t.w.api.call('switchUser')).data!.token;
    expect(vsOf(real)).toBe('0');
    expect(t.w.sim.ctx.state.users[t.uid]!.virtualStatus).toBe('0');
  });

  it('refuses the demo account with 501 when virtual trading is off', async () => {
    t = await trader();
    t.w.sim.backOffice.setFlag('virtualTrading', false);
    const r = await t.w.api.call('switchUser');
    expect(r.code).toBe(501);
    expect(t.w.sim.ctx.state.users[t.uid]!.virtualStatus).toBe('0');
  });

  it('resets the demo book once: orders end, cash back to the demo balance; 701 the second time; 501 from a real token', async () => {
    t = await trader();
    expect((await t.w.api.call('resetUser')).code).toBe(501);
    const demo = (await t.w.api.call('switchUser')).data!.token;
    t.w.session.token = demo;
    const q = await t.quote('BTCUSDT');
    await t.w.api.call('addOrderMock', {
      tradePair: 'BTCUSDT',
      price: q.price,
      stopPrice: null,
      takeProfitPprice: null,
      orderQuantity: 1,
      multiple: 20,
      orderType: 0,
      buyPoint: 2,
      token: demo,
    });
    await t.w.api.call('addOrderMock', {
      tradePair: 'ETHUSDT',
      price: 1,
      stopPrice: null,
      takeProfitPprice: null,
      orderQuantity: 1,
      multiple: 20,
      orderType: 0,
      buyPoint: 1,
      token: demo,
    });
    const opt = await t.option({ tradePair: 'BTCUSDT', amount: 1000, token: demo });
    expect(opt.code).toBe(0);
    t.w.clock.advance(5000);
    expect((await t.w.api.call('userBalance')).data!.balanceAmount).toBeLessThan(
      Number(DEMO_BALANCE),
    );
    expect((await t.w.api.call('resetUser')).code).toBe(0);
    expect((await t.w.api.call('userBalance')).data).toEqual({
      balanceAmount: Number(DEMO_BALANCE),
      lockMargin: 0,
    });
    const list = (await t.w.api.call('userOrderMock', { page: 1, limit: 10, positionStatus: 5 }))
      .data!.list;
    expect(list.map((o) => o.positionStatus).sort()).toEqual([3, 4]);
    expect((await t.w.api.call('userOptionDetail', { uid: opt.data!.uid })).data).toMatchObject({
      positionStatus: 1,
      winLost: 0,
    });
    expect((await t.w.api.call('resetUser')).code).toBe(701);
    expect(t.w.sim.ctx.ledger.total().eq(0)).toBe(true);
  });

  it('1001 for a bad page, limit or filter', async () => {
    t = await trader();
    expect((await t.w.api.call('userOrder', { page: 0, limit: 10 })).code).toBe(1001);
    expect((await t.w.api.call('userOrder', { page: 1, limit: -1 })).code).toBe(1001);
    expect((await t.w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 9 })).code).toBe(
      1001,
    );
    expect(
      (await t.w.api.call('userOptionHistory', { page: 1, limit: 10, positionStatus: 3 as 1 }))
        .code,
    ).toBe(1001);
  });

  it('401 on a /waa/ trading call without a token', async () => {
    t = await trader();
    t.w.session.token = undefined;
    const r = await t.w.api.call('userBalance', undefined, { noAlert: true });
    expect(r.status).toBe(401);
  });
});

describe('trading: codes with no real condition, via the scenario switch', () => {
  // 201/204/205/206 are balance-store failures, 202 a price-feed failure, 502/607 a
  // failed submission, 1000 an unexpected error, 1002/1003 missing user/admin records:
  // none can happen in the simulator by itself (205/206 are still answered if the
  // ledger ever refuses a lock), so a reviewer injects them.
  const cases: Array<[number, CallName]> = [
    [201, 'userBalance'],
    [202, 'addOrder'],
    [204, 'closeOrder'],
    [205, 'addOrder'],
    [206, 'addOrderMock'],
    [502, 'addOrder'],
    [607, 'addOrderOption'],
    [1000, 'cancelOrder'],
    [1002, 'userBalance'],
    [1003, 'userOrder'],
  ];
  for (const [code, call] of cases) {
    it(`${code} on ${call}`, async () => {
      t = await trader();
      t.w.sim.backOffice.force({ call, code });
      const payload =
        call === 'userOrder' ? { page: 1, limit: 10 } : { orderId: '1', token: t.token };
      const r = await t.w.api.call(call, payload as never);
      expect(r.code).toBe(code);
      expect(r.message).toContain(`(code ${code})`);
      if (!contract[call].silent) expect(t.w.toasts).toContain(r.message);
    });
  }
});

/**
 * Money calls whose reply is lost after the server did the work (the
 * connection dropped on the way back): each actor looks for the effect in
 * the records (machines/shared/unsure.ts) and counts it done, instead of
 * "Server error" and a form ready for a second withdrawal. Not findable, it
 * says the money may have moved and where to check.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type InputFrom } from 'xstate';
import { encodeSensitive } from '../../../../src/api/aes-codec.ts';
import { withdrawActors } from '../../../../src/machines/withdraw/actors.ts';
import { transferActors } from '../../../../src/machines/transfer/actors.ts';
import { depositActors } from '../../../../src/machines/deposit/actors.ts';
import { loanActors } from '../../../../src/machines/loan/actors.ts';
import { LOOK_AGAIN_MS } from '../../../../src/machines/shared/unsure.ts';
import { toasts } from '../../../../src/state/toasts.ts';
import { lossyClient, type LossyClient } from '../../../support/lossy.ts';
import type { TestWorld } from '../../../support/sim.ts';
import { PNG_URL } from '../../../paths/specs/network.ts';
import { cash, funded, seeded, world } from '../../simulator/account/helpers.ts';

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const run = <L extends AnyActorLogic>(logic: L, input: InputFrom<L>) =>
  toPromise(createActor(logic, { input }).start());
const said = (key: string) => toasts.list.filter((t) => t.text?.key === key).length;
const lookAll = LOOK_AGAIN_MS.reduce((a, b) => a + b, 0);

/**
 * `p` once its looks are over (setTimeout faked): the simulator's replies take
 * real time (WebCrypto), so the clock moves a step a turn until `p` ends, for
 * at most 10 s of real time.
 */
async function looked<T>(p: Promise<T>): Promise<T> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => undefined);
  const until = performance.now() + 10_000;
  while (!done && performance.now() < until) {
    await vi.advanceTimersByTimeAsync(250);
    await new Promise((r) => setImmediate(r));
  }
  return p;
}

/** A funded user with a saved TRC20 address (its walletId) behind a lossy client. */
async function withdrawer(): Promise<{
  w: TestWorld;
  net: LossyClient;
  uid: string;
  wallet: string;
}> {
  const w = await world();
  const { uid } = await seeded(w);
  await funded(w, uid, '5000');
  const key = w.sim.ctx.state.users[uid]?.aesKey ?? '';
  const cryptocurrencyAddress = await encodeSensitive(key, TRC20);
  await w.api.call('addUserWallet', { currencyId: '101', cryptocurrencyAddress });
  const list = (await w.api.call('userWallet', { pageNum: 1, pageSize: 10 })).data?.list;
  return { w, net: lossyClient(w), uid, wallet: list?.[0]?.walletId ?? '' };
}

beforeEach(() => void toasts.list.splice(0));
afterEach(() => vi.useRealTimers());

describe('a withdrawal whose reply was lost', () => {
  const input = (wallet: string) => ({
    currencyId: wallet,
    num: '1000',
    practicalNum: '975',
    locale: 'en',
  });

  it('is found in the records: done, once, and a second one is refused while it is in review', async () => {
    const { w, net, uid, wallet } = await withdrawer();
    net.loseReply('userWithdraw');
    const r = await run(withdrawActors(net.api).submit, input(wallet));
    expect(r).toMatchObject({ code: 0 });
    expect(net.served).toEqual(['uesrRecharge', 'userWithdraw', 'uesrRecharge']);
    expect(w.sim.backOffice.walletRequests(uid).filter((q) => q.actionType === 1)).toHaveLength(1);
    expect(cash(w, uid)).toBe('4000');
    expect(w.toasts).toEqual([]);
    expect((await run(withdrawActors(net.api).submit, input(wallet))).code).toBe(1067);
  });

  it("a proxy's 504 after the server took it counts the same: found, done, once", async () => {
    const { w, net, uid, wallet } = await withdrawer();
    net.gatewayFails('userWithdraw', 504);
    expect(await run(withdrawActors(net.api).submit, input(wallet))).toMatchObject({ code: 0 });
    expect(w.sim.backOffice.walletRequests(uid).filter((q) => q.actionType === 1)).toHaveLength(1);
    expect(w.toasts).toEqual([]);
  });

  it('not findable (still offline): stays failed, says it may have been submitted, nothing else', async () => {
    const { w, net, uid, wallet } = await withdrawer();
    net.offline(true);
    vi.useFakeTimers();
    const p = run(withdrawActors(net.api).submit, input(wallet));
    await vi.advanceTimersByTimeAsync(lookAll);
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    expect(said('unsure.withdraw')).toBe(1);
    // The lost reply itself is not called a server error: that invited a second press.
    expect(w.toasts).toEqual([]);
    expect(w.sim.backOffice.walletRequests(uid).filter((q) => q.actionType === 1)).toEqual([]);
  });

  it('one of the same amount submitted just before is not taken for it', async () => {
    const { w, net, uid, wallet } = await withdrawer();
    expect(await run(withdrawActors(net.api).submit, input(wallet))).toMatchObject({ code: 0 });
    // The second request never reaches the server: only the first is in the records.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    net.loseRequest('userWithdraw');
    const p = run(withdrawActors(net.api).submit, input(wallet));
    expect(await looked(p)).toMatchObject({ code: -1, fault: 'network' });
    expect(said('unsure.withdraw')).toBe(1);
    expect(w.sim.backOffice.walletRequests(uid).filter((q) => q.actionType === 1)).toHaveLength(1);
  });
});

describe('a transfer whose reply was lost', () => {
  it('is found in the wallet records: done, and the money moved once', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    const net = lossyClient(w);
    net.loseReply('transformWallet');
    const form = { currId: '2', curr: 'USDT', type: 0 as const, num: '250' };
    expect(await run(transferActors(net.api).submit, form)).toMatchObject({ code: 0 });
    expect(net.served).toEqual(['walletRecord', 'transformWallet', 'walletRecord']);
    expect(cash(w, uid)).toBe('750');
    expect(said('unsure.transfer')).toBe(0);
  });

  it('one of the same amount made just before is not taken for it', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await funded(w, uid, '1000');
    const net = lossyClient(w);
    const form = { currId: '2', curr: 'USDT', type: 0 as const, num: '250' };
    expect(await run(transferActors(net.api).submit, form)).toMatchObject({ code: 0 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    net.loseRequest('transformWallet');
    const p = run(transferActors(net.api).submit, form);
    expect(await looked(p)).toMatchObject({ code: -1, fault: 'network' });
    expect(said('unsure.transfer')).toBe(1);
    expect(cash(w, uid)).toBe('750');
  });
});

describe('a deposit whose reply was lost', () => {
  it('is found in the records: done, one request', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const net = lossyClient(w);
    net.loseReply('userDeposit');
    const metaData = JSON.stringify({ coinId: '101', amt: '5000', said: '', locale: 'en' });
    const r = await run(depositActors(net.api).submit, { metaData, proof: PNG_URL });
    expect(r).toMatchObject({ code: 0 });
    expect(net.served).toEqual(['uesrRecharge', 'userDeposit', 'uesrRecharge']);
    expect(w.sim.backOffice.walletRequests(uid)).toHaveLength(1);
  });

  it('one of the same amount submitted just before is not taken for it', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const net = lossyClient(w);
    const metaData = JSON.stringify({ coinId: '101', amt: '5000', said: '', locale: 'en' });
    const submit = () => run(depositActors(net.api).submit, { metaData, proof: PNG_URL });
    expect(await submit()).toMatchObject({ code: 0 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    net.loseRequest('userDeposit');
    const p = submit();
    expect(await looked(p)).toMatchObject({ code: -1, fault: 'network' });
    expect(said('unsure.deposit')).toBe(1);
    expect(w.sim.backOffice.walletRequests(uid)).toHaveLength(1);
  });
});

describe('a loan request and a repayment whose replies were lost', () => {
  it('are found (the loan check, the repayment records): done, each once', async () => {
    const w = await world();
    const g = await seeded(w, { email: 'guarantor@example.com' });
    const { uid } = await seeded(w, { email: 'borrower@example.com' });
    const net = lossyClient(w);
    const request = { amount: 50_000, days: 7, guarantor: g.uid, remark: '' };
    net.loseReply('addUserLoan');
    expect(await run(loanActors(net.api).requestLoan, request)).toMatchObject({ code: 0 });
    const loan = (await w.api.call('userLoanCheck')).data?.dto;
    expect(loan).toMatchObject({ status: 0, amount: 50_000 });
    w.sim.backOffice.approveLoan(loan?.id ?? '');

    const ref = { loanId: loan?.id ?? '', loanUid: uid };
    net.loseReply('addUserLoanRepay');
    expect(await run(loanActors(net.api).repay, { ...ref, amount: 10_000 })).toMatchObject({
      code: 0,
    });
    expect((await w.api.call('userLoanRepay', ref)).data?.dtoList).toHaveLength(1);
    expect(cash(w, uid)).toBe('40000');
    expect(said('unsure.loan') + said('unsure.repay')).toBe(0);
  });

  it('a repayment of the same amount made just before is not taken for it', async () => {
    const w = await world();
    const g = await seeded(w, { email: 'guarantor@example.com' });
    const { uid } = await seeded(w, { email: 'borrower@example.com' });
    const net = lossyClient(w);
    await run(loanActors(net.api).requestLoan, {
      amount: 50_000,
      days: 7,
      guarantor: g.uid,
      remark: '',
    });
    const loan = (await w.api.call('userLoanCheck')).data?.dto;
    w.sim.backOffice.approveLoan(loan?.id ?? '');
    const ref = { loanId: loan?.id ?? '', loanUid: uid, amount: 10_000 };
    expect(await run(loanActors(net.api).repay, ref)).toMatchObject({ code: 0 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    net.loseRequest('addUserLoanRepay');
    expect(await looked(run(loanActors(net.api).repay, ref))).toMatchObject({ code: -1 });
    expect(said('unsure.repay')).toBe(1);
    expect(cash(w, uid)).toBe('40000');
  });

  it('a repayment not findable says it may have been made', async () => {
    const w = await world();
    const net = lossyClient(w);
    net.offline(true);
    vi.useFakeTimers();
    const p = run(loanActors(net.api).repay, { loanId: '1', loanUid: '2', amount: 100 });
    await vi.advanceTimersByTimeAsync(lookAll);
    expect(await p).toMatchObject({ code: -1 });
    expect(said('unsure.repay')).toBe(1);
  });
});

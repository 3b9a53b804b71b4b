/** Loans with a guarantor: request, review, repayments, overdue. */
import { describe, expect, it } from 'vitest';
import type { TestWorld } from '../../../support/sim.ts';
import { cash, funded, ledgerHolds, seeded, signIn, world } from './helpers.ts';

const request = (w: TestWorld, guarantor: string, amount = 50000, days = 7) =>
  w.api.call('addUserLoan', { amount, days, guarantor, remark: 'working capital' });

async function borrower(w: TestWorld) {
  const g = await seeded(w, { email: 'guarantor@example.com' });
  const b = await seeded(w, { email: 'borrower@example.com' });
  return { guarantor: g.uid, uid: b.uid };
}

describe('loans', () => {
  it('request → approve → repay → approve → repaid', async () => {
    const w = await world();
    const { guarantor, uid } = await borrower(w);
    expect((await w.api.call('userLoanCheck')).data).toEqual({ dto: null });
    expect((await request(w, guarantor, 60000, 15)).code).toBe(0);
    const pending = (await w.api.call('userLoanCheck')).data?.dto;
    expect(pending).toMatchObject({
      uid,
      amount: 60000,
      days: 15,
      guarantor,
      status: 0,
      repaymentDate: null,
    });
    w.sim.backOffice.approveLoan(pending?.id ?? '');
    const active = (await w.api.call('userLoanCheck')).data?.dto;
    expect(active).toMatchObject({ status: 1, repaymentDate: w.clock.now() + 15 * 86_400_000 });
    expect(cash(w, uid)).toBe('60000');
    const ref = { loanId: active?.id ?? '', loanUid: uid };
    expect((await w.api.call('addUserLoanRepay', { ...ref, amount: 20000 })).code).toBe(0);
    expect(cash(w, uid)).toBe('40000');
    let reps = (await w.api.call('userLoanRepay', ref)).data?.dtoList;
    expect(reps).toEqual([
      // In review: nothing is taken off what is owed yet.
      expect.objectContaining({ amount: 20000, amountOwed: 60000, status: 0 }),
    ]);
    const [first] = w.sim.backOffice.reviews().filter((r) => r.kind === 'repayment');
    w.sim.backOffice.approveRepayment(first?.id ?? '');
    expect((await w.api.call('addUserLoanRepay', { ...ref, amount: 40000 })).code).toBe(0);
    const [second] = w.sim.backOffice.reviews().filter((r) => r.kind === 'repayment');
    w.sim.backOffice.approveRepayment(second?.id ?? '');
    reps = (await w.api.call('userLoanRepay', ref)).data?.dtoList;
    // amountOwed: what the loan still owed once each record was settled (newest: owed now).
    expect(reps?.map((r) => [r.amount, r.amountOwed, r.status])).toEqual([
      [40000, 0, 1],
      [20000, 40000, 1],
    ]);
    expect((await w.api.call('userLoanCheck')).data?.dto?.status).toBe(3);
    expect(cash(w, uid)).toBe('0');
    expect(w.sim.ctx.ledger.balance('house:loans').toString()).toBe('0');
    expect((await request(w, guarantor)).code).toBe(0);
    ledgerHolds(w);
  });

  it('a rejected loan is status 2 and notifies 629021; a rejected repayment is returned and messaged', async () => {
    const w = await world();
    const { guarantor, uid } = await borrower(w);
    await request(w, guarantor);
    let loan = (await w.api.call('userLoanCheck')).data?.dto;
    w.sim.backOffice.rejectLoan(loan?.id ?? '', 'Guarantor not eligible');
    expect((await w.api.call('userLoanCheck')).data?.dto?.status).toBe(2);
    expect(
      (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list[0],
    ).toMatchObject({
      alarmType: 629021,
      remark: 'Guarantor not eligible',
    });
    await request(w, guarantor);
    loan = (await w.api.call('userLoanCheck')).data?.dto;
    w.sim.backOffice.approveLoan(loan?.id ?? '');
    const ref = { loanId: loan?.id ?? '', loanUid: uid };
    await w.api.call('addUserLoanRepay', { ...ref, amount: 10000 });
    expect((await w.api.call('addUserLoanRepay', { ...ref, amount: 100 })).code).toBe(23552);
    const [rep] = w.sim.backOffice.reviews().filter((r) => r.kind === 'repayment');
    w.sim.backOffice.rejectRepayment(rep?.id ?? '', 'Funds not received');
    expect(cash(w, uid)).toBe('50000');
    expect((await w.api.call('userLoanRepay', ref)).data?.dtoList[0]?.status).toBe(2);
    expect(
      (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list[0],
    ).toMatchObject({
      alarmType: 629012,
      actionType: 4,
      title: 'Loan repayment rejected',
    });
    ledgerHolds(w);
  });

  it('answers 1149 while a request is in review, 1150 while a loan is active, 1151 once overdue (status 4)', async () => {
    const w = await world();
    const { guarantor, uid } = await borrower(w);
    await request(w, guarantor);
    expect((await request(w, guarantor)).code).toBe(1149);
    const id = (await w.api.call('userLoanCheck')).data?.dto?.id ?? '';
    w.sim.backOffice.approveLoan(id);
    expect((await request(w, guarantor)).code).toBe(1150);
    w.sim.backOffice.makeLoanOverdue(id);
    expect((await w.api.call('userLoanCheck')).data?.dto?.status).toBe(4);
    expect((await request(w, guarantor)).code).toBe(1151);
    expect(
      (
        await w.api.call('userWithdraw', {
          currencyId: '101',
          num: '100',
          practicalNum: '75',
          locale: 'en',
        })
      ).code,
    ).toBe(1151);
    expect(
      (await w.api.call('addUserLoanRepay', { loanId: id, loanUid: uid, amount: 50000 })).code,
    ).toBe(0);
  });

  it('becomes overdue on its own once the repayment date passes with money owed', async () => {
    const w = await world();
    const { guarantor } = await borrower(w);
    await request(w, guarantor, 50000, 7);
    w.sim.backOffice.approveLoan((await w.api.call('userLoanCheck')).data?.dto?.id ?? '');
    w.clock.advance(7 * 86_400_000 + 1);
    await signIn(w, 'borrower@example.com');
    expect((await w.api.call('userLoanCheck')).data?.dto?.status).toBe(4);
  });

  it('answers 1156 without a bound e-mail, 1050 for an unknown guarantor, 1016 out of range, 1001 no guarantor', async () => {
    const w = await world();
    const g = await seeded(w);
    await seeded(w, { phone: '15550100400', email: undefined });
    expect((await request(w, g.uid)).code).toBe(1156);
    await w.api.call('bindEmailSubmit', { email: 'loaner@example.com' });
    expect((await request(w, '999999')).code).toBe(1050);
    expect((await request(w, '')).code).toBe(1001);
    expect((await request(w, g.uid, 40000)).code).toBe(1016);
    expect((await request(w, g.uid, 55000)).code).toBe(1016);
    expect((await request(w, g.uid, 1010000)).code).toBe(1016);
    expect((await request(w, g.uid, 50000, 6)).code).toBe(1016);
    expect((await request(w, g.uid, 50000, 31)).code).toBe(1016);
    expect((await request(w, g.uid, 1000000, 30)).code).toBe(0);
  });

  it('repayments: 1038 before approval, 1036 zero, over what is owed or off the 100 step, 203 over the balance', async () => {
    const w = await world();
    const { guarantor, uid } = await borrower(w);
    await request(w, guarantor);
    const id = (await w.api.call('userLoanCheck')).data?.dto?.id ?? '';
    const repay = async (amount: number) =>
      (await w.api.call('addUserLoanRepay', { loanId: id, loanUid: uid, amount })).code;
    expect(await repay(100)).toBe(1038);
    w.sim.backOffice.approveLoan(id);
    expect(await repay(0)).toBe(1036);
    expect(await repay(50100)).toBe(1036);
    expect(await repay(150.5)).toBe(1036);
    expect(await repay(150)).toBe(1036);
    await w.api.call('transformWallet', { currId: '2', curr: 'USDT', type: 0, num: '49950' });
    expect(await repay(100)).toBe(203);
    await funded(w, uid, '1000');
    expect(await repay(100)).toBe(0);
  });
});

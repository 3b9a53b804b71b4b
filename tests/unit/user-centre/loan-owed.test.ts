/**
 * The loan machine reads what is owed from the server's `amountOwed`, waits
 * while a repayment is in review and takes a new one after a rejection
 * (user-centre.md §3 "Loan", §4).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Repayment } from '../../../src/api/types/user.ts';
import { loanMachine } from '../../../src/machines/loan/machine.ts';

const LOAN = {
  id: 'L1',
  uid: 'U1',
  amount: 50_000,
  days: 7,
  guarantor: 'G1',
  repaymentDate: 0,
  status: 1,
};

function start(records: Repayment[]) {
  const machine = loanMachine.provide({
    actors: {
      checkLoan: fromPromise(async () => ({ code: 0, data: { dto: LOAN } })) as never,
      loadRecords: fromPromise(async () => ({ code: 0, data: { dtoList: records } })) as never,
    },
  });
  return createActor(machine).start();
}
const settled = (a: ReturnType<typeof start>) =>
  waitFor(a, (s) => s.matches({ active: 'idle' }) || s.matches({ active: 'waiting' }));

describe('loan: amount owed and the repay button', () => {
  it('takes what is owed from the newest record, not from the loan less approved repayments', async () => {
    // The server says 30000 is owed (say, a fee the client cannot know of).
    const s = await settled(
      start([{ amount: 10_000, amountOwed: 30_000, status: 1, createTime: 2 }]),
    );
    expect(s.context.owed).toBe(30_000);
    expect(s.matches({ active: 'idle' })).toBe(true);
  });

  it('owes the whole loan before any repayment', async () => {
    const s = await settled(start([]));
    expect(s.context.owed).toBe(50_000);
  });

  it('after a rejected repayment p_loan_repayment_reject shows and Repay takes a new one', async () => {
    const s = await settled(
      start([
        { amount: 5_000, amountOwed: 40_000, status: 2, createTime: 3 },
        { amount: 10_000, amountOwed: 40_000, status: 1, createTime: 2 },
      ]),
    );
    expect(s.matches({ active: 'idle' })).toBe(true);
    expect(s.hasTag('waiting')).toBe(false);
    expect(s.context.rejected).toBe(true);
    expect(s.can({ type: 'repay.click' })).toBe(true);
  });
});

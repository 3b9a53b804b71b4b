/**
 * Loans with a guarantor, and their repayments; both reviewed by the back
 * office. Loan status: 0 in review, 1 active, 2 rejected, 3 repaid, 4 overdue
 * (an active loan past its repayment date with money still owed; checked on
 * every loan call and withdrawal, or forced by the back office). No interest
 * is charged. An approved loan moves its amount from `house:loans` to the
 * real trading account; a repayment is held from it while in review and goes
 * to `house:loans` when approved.
 *
 * - addUserLoan: 23523 demo or loans switched off (user-loan), 1156 no
 *   e-mail bound, 1151 a loan is overdue, 1149 a request is in review, 1150
 *   a loan is active, 1016 amount not 50000..1000000 in steps of 10000, term
 *   not 7..30 days, guarantor oneself or remark over 140, 1001 no guarantor,
 *   23558 illegal characters, 1050 no such guarantor.
 * - userLoanRepay: 1008 not the caller's loan. Newest first; each record's
 *   `amountOwed` is what the loan still owed once that record was settled
 *   (an approved one takes its amount off; one in review or rejected does
 *   not), so the newest record's is what is owed now.
 * - addUserLoanRepay: 1039 not the caller's loan, 1038 loan not active or
 *   overdue, 23552 a repayment is in review, 1036 amount zero, over what is
 *   owed, or not a multiple of 100 (unless it settles the loan), 203 the
 *   available balance does not cover it.
 */
import Big from 'big.js';
import type { Loan, Repayment } from '../../../api/types/user.ts';
import { acct } from '../../ledger.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import { nextId } from '../../core-state.ts';
import { findUser } from '../../users.ts';
import { hasIllegal, MAX_FIELD, str } from '../identity/validate.ts';
import { isFailure, me, realUser } from './guard.ts';
import { mine, type LoanRecord, type AccountContext } from './state.ts';

export const LOAN = {
  min: 50_000,
  max: 1_000_000,
  step: 10_000,
  minDays: 7,
  maxDays: 30,
  repayStep: 100,
} as const;
export const DAY_MS = 86_400_000;

/** What is still owed on a loan (amount less approved repayments; whole units, summed as decimals). */
export const owed = (ctx: AccountContext, loan: LoanRecord): number =>
  Object.values(ctx.state.account.repayments)
    .filter((r) => r.loanId === loan.id && r.status === 1)
    .reduce((s, r) => s.minus(r.amount), new Big(loan.amount))
    .toNumber();

/** Mark a user's active loans past their date as overdue (status 4). */
export function refreshLoans(ctx: AccountContext, uid: string): void {
  const now = ctx.clock.now();
  for (const l of mine(ctx.state.account.loans, uid)) {
    if (l.status === 1 && l.repaymentDate !== null && now > l.repaymentDate && owed(ctx, l) > 0)
      l.status = 4;
  }
}

/** Has the user a loan past its repayment date (status 4)? Loans are brought up to date first. */
export const hasOverdueLoan = (ctx: AccountContext, uid: string): boolean => {
  refreshLoans(ctx, uid);
  return mine(ctx.state.account.loans, uid).some((l) => l.status === 4);
};

/** The user's latest loan. */
const latest = (ctx: AccountContext, uid: string): LoanRecord | undefined =>
  mine(ctx.state.account.loans, uid).sort(
    (a, b) => b.createdAt - a.createdAt || Number(b.id) - Number(a.id),
  )[0];

const loanView = (l: LoanRecord): Loan => ({
  id: l.id,
  uid: l.uid,
  amount: l.amount,
  days: l.days,
  guarantor: l.guarantor,
  repaymentDate: l.repaymentDate,
  status: l.status,
  remark: l.remark,
});

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The loan calls: check, apply, repay. */
export const loanHandlers = (ctx: AccountContext): Handlers => {
  const ownLoan = (uid: string, p: { loanId?: unknown; loanUid?: unknown } | undefined) => {
    const l = ctx.state.account.loans[String(p?.loanId)];
    const loanUid = str(p?.loanUid);
    return l && l.uid === uid && (loanUid === undefined || loanUid === uid) ? l : undefined;
  };
  return {
    userLoanCheck: (_p, info) => {
      const u = me(ctx, info);
      if (isFailure(u)) return u;
      refreshLoans(ctx, u.uid);
      const l = latest(ctx, u.uid);
      return ok({ dto: l ? loanView(l) : null });
    },
    addUserLoan: (p, info) => {
      const u = realUser(ctx, info);
      if (isFailure(u)) return u;
      if (ctx.state.flags['user-loan'] === false) return fail(23523);
      // Bound is enough (the spec's rule); proof matters for sign-in names.
      if (!u.email && !u.emailPending) return fail(1156);
      refreshLoans(ctx, u.uid);
      const own = mine(ctx.state.account.loans, u.uid);
      if (own.some((l) => l.status === 4)) return fail(1151);
      if (own.some((l) => l.status === 0)) return fail(1149);
      if (own.some((l) => l.status === 1)) return fail(1150);
      const amount = Number(p?.amount);
      const days = Number(p?.days);
      if (
        !isInt(amount) ||
        amount < LOAN.min ||
        amount > LOAN.max ||
        (amount - LOAN.min) % LOAN.step !== 0
      )
        return fail(1016);
      if (!isInt(days) || days < LOAN.minDays || days > LOAN.maxDays) return fail(1016);
      const guarantor = str(p?.guarantor);
      const remark = str(p?.remark) ?? '';
      if (!guarantor) return fail(1001);
      if (hasIllegal(guarantor, remark)) return fail(23558);
      if (guarantor === u.uid || remark.length > MAX_FIELD) return fail(1016);
      if (!findUser(ctx, guarantor)) return fail(1050);
      const id = nextId(ctx.state);
      ctx.state.account.loans[id] = {
        id,
        uid: u.uid,
        amount,
        days,
        guarantor,
        remark,
        status: 0,
        createdAt: ctx.clock.now(),
        repaymentDate: null,
      };
      return ok(null);
    },
    userLoanRepay: (p, info) => {
      const u = me(ctx, info);
      if (isFailure(u)) return u;
      const l = ownLoan(u.uid, p);
      if (!l) return fail(1008);
      const oldestFirst = Object.values(ctx.state.account.repayments)
        .filter((r) => r.loanId === l.id)
        .sort((a, b) => a.createTime - b.createTime || Number(a.id) - Number(b.id));
      let left = new Big(l.amount);
      const dtoList: Repayment[] = oldestFirst.map((r) => {
        if (r.status === 1) left = left.minus(r.amount);
        return {
          amount: r.amount,
          amountOwed: left.toNumber(),
          status: r.status,
          createTime: r.createTime,
        };
      });
      return ok({ dtoList: dtoList.reverse() });
    },
    addUserLoanRepay: (p, info) => {
      const u = realUser(ctx, info);
      if (isFailure(u)) return u;
      const l = ownLoan(u.uid, p);
      if (!l) return fail(1039);
      refreshLoans(ctx, u.uid);
      if (l.status !== 1 && l.status !== 4) return fail(1038);
      const reps = Object.values(ctx.state.account.repayments).filter((r) => r.loanId === l.id);
      if (reps.some((r) => r.status === 0)) return fail(23552);
      const due = owed(ctx, l);
      const amount = Number(p?.amount);
      if (
        !isInt(amount) ||
        amount <= 0 ||
        amount > due ||
        (amount !== due && amount % LOAN.repayStep !== 0)
      ) {
        return fail(1036);
      }
      const cash = acct.cash(u.uid, 'real');
      if (ctx.ledger.balance(cash).lt(amount)) return fail(203);
      const id = nextId(ctx.state);
      ctx.ledger.transfer(cash, acct.held(u.uid, `repay:${id}`), amount);
      ctx.state.account.repayments[id] = {
        id,
        loanId: l.id,
        uid: u.uid,
        amount,
        amountOwed: due,
        status: 0,
        createTime: ctx.clock.now(),
      };
      return ok(null);
    },
  };
};

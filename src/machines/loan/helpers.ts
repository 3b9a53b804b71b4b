/** The loan machine's limits and pure helpers: reply readers, what is owed, the blank form. */
import type { Loan, LoanRef, Repayment } from '../../api/types/user.ts';
import { MAX_LEN } from '../../config/constants.ts';
import type { CheckResult, LoanContext, LoanForm, RecordsResult } from './types.ts';
import { outputOf } from '../events.ts';
export { outputOf } from '../events.ts';

/** Loan amount slider (§9): 50000 to 1000000, step 10000, default 50000. */
export const LOAN_AMOUNT = {
  min: 50_000,
  max: 1_000_000,
  step: 10_000,
  default: 50_000,
  marks: [50_000, 500_000, 1_000_000],
} as const;
/** Loan term slider (§9): 7 to 30 days, default 7. */
export const LOAN_DAYS = { min: 7, max: 30, step: 1, default: 7, marks: [7, 15, 30] } as const;
/** Repayment slider (§9): step 100, from 0 to the amount owed. */
export const REPAY_STEP = 100;
/** A missing loan reads as this status (§4). */
export const NO_LOAN = 100;
/** Remark: at most 140 characters, like every text field of the spec. */
export const REMARK_MAX = MAX_LEN.nick;

export const codeOf = (e: unknown) => outputOf<{ code: number }>(e).code;
export const statusOf = (e: unknown) => outputOf<CheckResult>(e).data?.dto?.status ?? NO_LOAN;
export const recordsOf = (e: unknown) => outputOf<RecordsResult>(e).data?.dtoList ?? [];
/**
 * Owed: the server's `amountOwed` on the newest repayment record; with no
 * repayment yet, the loan's whole amount. Never recounted here.
 */
export const owedOf = (loan: Loan | undefined, records: Repayment[]): number =>
  records[0]?.amountOwed ?? loan?.amount ?? 0;

export const defaultForm = (): LoanForm => ({
  amount: LOAN_AMOUNT.default,
  days: LOAN_DAYS.default,
  guarantor: '',
  remark: '',
});
export const ref = (c: LoanContext): LoanRef => ({
  loanId: c.loan?.id ?? '',
  loanUid: c.loan?.uid ?? '',
});

/** The context the machine starts with. */
export const initialContext: LoanContext = {
  status: -1,
  loan: undefined,
  form: defaultForm(),
  errors: {},
  records: [],
  owed: 0,
  repayAmount: 0,
  repayError: undefined,
  overdue: false,
  rejected: false,
  message: undefined,
  failure: undefined,
  notice: undefined,
};

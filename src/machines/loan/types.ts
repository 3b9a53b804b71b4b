/** Types of the loan machine (../loanMachine.ts): its form, context and events. */
import type { CallResult } from '../../api/client.ts';
import type { Loan, Repayment } from '../../api/types/user.ts';
import type { Notice } from '../notice.ts';

export interface LoanForm {
  amount: number;
  days: number;
  guarantor: string;
  remark: string;
}

export interface LoanContext {
  /** -1 loading, 100 no loan, else the loan's status. */
  status: number;
  loan: Loan | undefined;
  form: LoanForm;
  errors: { guarantor?: string };
  /** Repayment records, newest first. */
  records: Repayment[];
  /** What is still owed on the active loan. */
  owed: number;
  /** The repayment slider's value. */
  repayAmount: number;
  repayError: string | undefined;
  /** Status 4: the view shows code 1151's message. */
  overdue: boolean;
  /** The latest repayment was rejected: p_loan_repayment_reject. */
  rejected: boolean;
  /** A message the request form shows (p_bind_email_first). */
  message: string | undefined;
  /** The last failing reply code. */
  failure: number | undefined;
  /** A message for the view to toast once. */
  notice: Notice | undefined;
}

export type LoanEvent =
  | { type: 'check.retry' }
  | { type: 'check.refresh' }
  | { type: 'amount.change'; value: number }
  | { type: 'days.change'; value: number }
  | { type: 'field.change'; field: 'guarantor' | 'remark'; value: string }
  | { type: 'form.submit' }
  | { type: 'records.reload' }
  | { type: 'records.refresh' }
  | { type: 'repay.click' }
  | { type: 'repay.change'; value: number }
  | { type: 'repay.cancel' };

export type CheckResult = CallResult<'userLoanCheck'>;
export type RecordsResult = CallResult<'userLoanRepay'>;

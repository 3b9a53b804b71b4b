/** The loan machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient, CallResult } from '../../api/client.ts';
import type { LoanRef, LoanRequest } from '../../api/types/user.ts';
import type { CheckResult, RecordsResult } from './machine.ts';

/** The real actors: the loan check, the request, the records, a repayment. */
export const loanActors = (api: ApiClient) => ({
  checkLoan: fromPromise<CheckResult>(() => api.call('userLoanCheck')),
  requestLoan: fromPromise<CallResult<'addUserLoan'>, LoanRequest>(({ input }) =>
    api.call('addUserLoan', input),
  ),
  loadRecords: fromPromise<RecordsResult, LoanRef>(({ input }) => api.call('userLoanRepay', input)),
  repay: fromPromise<CallResult<'addUserLoanRepay'>, LoanRef & { amount: number }>(({ input }) =>
    api.call('addUserLoanRepay', input),
  ),
});

/** The loan machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient, CallResult } from '../../api/client.ts';
import type { LoanRef, LoanRequest, Repayment } from '../../api/types/user.ts';
import {
  doneReply,
  sendAdding,
  settleUnsure,
  stampedSince,
  type AddedRecord,
} from '../shared/unsure.ts';
import type { CheckResult, RecordsResult } from './machine.ts';

type RequestResult = CallResult<'addUserLoan'>;
type RepayResult = CallResult<'addUserLoanRepay'>;

/** The real actors: the loan check, the request, the records, a repayment. */
export const loanActors = (api: ApiClient) => ({
  checkLoan: fromPromise<CheckResult>(() => api.call('userLoanCheck')),
  requestLoan: fromPromise<RequestResult, LoanRequest>(async ({ input }) => {
    const r: RequestResult = await api.call('addUserLoan', input, { unsure: true });
    // A lost reply: the request may be in review already; the loan check says.
    return settleUnsure(
      r,
      () => requested(api, input),
      (): RequestResult => doneReply(null),
      'unsure.loan',
    );
  }),
  loadRecords: fromPromise<RecordsResult, LoanRef>(({ input }) => api.call('userLoanRepay', input)),
  repay: fromPromise<RepayResult, LoanRef & { amount: number }>(({ input }) =>
    // A lost reply: the repayment may be in review already; the repayment records say.
    sendAdding(
      repayment(api, input),
      (): Promise<RepayResult> => api.call('addUserLoanRepay', input, { unsure: true }),
      'unsure.repay',
    ),
  ),
});

/**
 * True when the user's loan is this request, in review or approved: the
 * request was possible only with neither (one loan at a time).
 */
async function requested(api: ApiClient, q: LoanRequest): Promise<true | undefined> {
  const l = (await api.call('userLoanCheck', undefined, { quiet: true })).data?.dto;
  const live = l?.status === 0 || l?.status === 1;
  return (live && l.amount === q.amount && l.days === q.days) || undefined;
}

/** A repayment of this amount (in review, or approved meanwhile), as the loan's records show it. */
const repayment = (
  api: ApiClient,
  { amount, ...ref }: LoanRef & { amount: number },
): AddedRecord<Repayment> => ({
  list: async () => (await api.call('userLoanRepay', ref, { quiet: true })).data?.dtoList,
  // The records carry no id; their status moves on review, their amount and stamp do not.
  key: (x) => `${x.amount}|${x.createTime}`,
  matches: (x, since) => x.status !== 2 && x.amount === amount && stampedSince(x.createTime, since),
});

/**
 * Loan (user-centre.md §2 route /user/loan, §3 "Loan", §4 "Loan repayment
 * status" and "Loan status", §5 "Loan request", §6, §7, §8, §9).
 *
 * - userLoanCheck gives the latest loan (or null, treated as 100); status -1
 *   while it loads. 2 (rejected), 3 (repaid) and 100 allow a new request (a
 *   rejected one is offered again for editing); 0 is in review; 1 (active)
 *   and 4 (overdue, with code 1151's message) are repayable.
 * - The request: amount 50000..1000000 in steps of 10000 (default 50000),
 *   term 7..30 days (default 7), a guarantor UID (required:
 *   p_loan_guarantor) and a remark. addUserLoan; 1149, 1150 and 1151 mean the
 *   loan state changed elsewhere (read again); 1156 asks to bind an e-mail
 *   first (p_bind_email_first).
 * - Repay: the repayment records (userLoanRepay) give what is owed (the
 *   newest record's `amountOwed`, as the server counts it; no record yet:
 *   the loan's amount). The first click shows the slider (0 to the amount
 *   owed, step 100), the second submits addUserLoanRepay (not zero:
 *   p_loan_repayment_no_zero); after it (or a refusal) the records reload.
 *   The button waits while the latest repayment is in review (status 0);
 *   Refresh reads the records again. A rejected latest repayment shows
 *   p_loan_repayment_reject and the button takes a new repayment: the money
 *   came back and nothing is in review, so waiting would leave a loan that
 *   can never be repaid (§4; see Readings in docs/conformance.md). Nothing
 *   owed: the loan is repaid, its status is read again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { Loan, LoanRef, LoanRequest, Repayment } from '../../api/types/user.ts';
import { MAX_LEN } from '../../config/constants.ts';
import { clip } from '../validation/access.ts';
import { checkGuarantor, checkRepayment, snap } from '../validation/account.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';

// ── The form, the context and the events ──

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
  /**
   * What the user last sent that went through (a request or a repayment), until
   * the next refresh: the server's answers after it are read knowing it.
   */
  lastSaved: 'request' | 'repay' | undefined;
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

// ── Limits and readers ──

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
const REMARK_MAX = MAX_LEN.nick;

const statusOf = (r: CheckResult) => r.data?.dto?.status ?? NO_LOAN;
const recordsOf = (r: RecordsResult) => r.data?.dtoList ?? [];
/**
 * Owed: the server's `amountOwed` on the newest repayment record; with no
 * repayment yet, the loan's whole amount. Never recounted here.
 */
const owedOf = (loan: Loan | undefined, records: Repayment[]): number =>
  records[0]?.amountOwed ?? loan?.amount ?? 0;

const defaultForm = (): LoanForm => ({
  amount: LOAN_AMOUNT.default,
  days: LOAN_DAYS.default,
  guarantor: '',
  remark: '',
});
const ref = (c: LoanContext): LoanRef => ({
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
  lastSaved: undefined,
};

export const loanMachine = setup({
  types: {
    context: {} as LoanContext,
    events: {} as LoanEvent,
    emitted: {} as NoticeEvent,
  },
  actors: {
    checkLoan: fromPromise<CheckResult>(async () => {
      throw new Error('loanMachine: provide checkLoan');
    }),
    requestLoan: fromPromise<CallResult<'addUserLoan'>, LoanRequest>(async () => {
      throw new Error('loanMachine: provide requestLoan');
    }),
    loadRecords: fromPromise<RecordsResult, LoanRef>(async () => {
      throw new Error('loanMachine: provide loadRecords');
    }),
    repay: fromPromise<CallResult<'addUserLoanRepay'>, LoanRef & { amount: number }>(async () => {
      throw new Error('loanMachine: provide repay');
    }),
  },
  guards: {
    ok: (_, p: { code: number }) => p.code === 0,
    refused: (_, p: { code: number }) => p.code !== 0,
    /** The check read, with no loan or one rejected or repaid. */
    requestable: (_, r: CheckResult) => r.code === 0 && [2, 3, NO_LOAN].includes(statusOf(r)),
    /** The check read, with a loan in review. */
    inReview: (_, r: CheckResult) => r.code === 0 && statusOf(r) === 0,
    /** The check read, with a loan active or overdue. */
    repayable: (_, r: CheckResult) => r.code === 0 && [1, 4].includes(statusOf(r)),
    guarantorGiven: ({ context }) => !checkGuarantor(context.form.guarantor),
    stateChanged: (_, p: { code: number }) => [1149, 1150, 1151].includes(p.code),
    emailMissing: (_, p: { code: number }) => p.code === 1156,
    nothingOwed: ({ context }, r: RecordsResult) => owedOf(context.loan, recordsOf(r)) <= 0,
    /** §4: the button waits while the latest repayment is in review (a rejected one is done with). */
    latestInReview: (_, r: RecordsResult) => recordsOf(r)[0]?.status === 0,
    repayGiven: ({ context }) => !checkRepayment(context.repayAmount),
  },
  actions: {
    startCheck: assign({ status: -1 }),
    takeLoan: assign((_, r: CheckResult) => {
      const dto = r.data?.dto ?? undefined;
      const status = dto?.status ?? NO_LOAN;
      return {
        status,
        loan: dto ?? undefined,
        overdue: status === 4,
        failure: undefined,
        // A rejected request is offered again for editing; otherwise a new one.
        form:
          status === 2 && dto
            ? {
                amount: dto.amount,
                days: dto.days,
                guarantor: dto.guarantor,
                remark: dto.remark ?? '',
              }
            : defaultForm(),
        errors: {},
        records: [],
        owed: 0,
        repayAmount: 0,
        repayError: undefined,
        rejected: false,
      };
    }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    forgetSaved: assign({ lastSaved: undefined }),
    setAmount: assign(({ context, event }) =>
      event.type === 'amount.change'
        ? {
            form: {
              ...context.form,
              amount: snap(event.value, LOAN_AMOUNT.min, LOAN_AMOUNT.max, LOAN_AMOUNT.step),
            },
          }
        : {},
    ),
    setDays: assign(({ context, event }) =>
      event.type === 'days.change'
        ? {
            form: {
              ...context.form,
              days: snap(event.value, LOAN_DAYS.min, LOAN_DAYS.max, LOAN_DAYS.step),
            },
          }
        : {},
    ),
    edit: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            form: {
              ...context.form,
              [event.field]: clip(
                event.value,
                event.field === 'remark' ? REMARK_MAX : MAX_LEN.nick,
              ),
            },
            errors: event.field === 'guarantor' ? {} : context.errors,
          }
        : {},
    ),
    showErrors: assign(({ context }) => ({
      errors: { guarantor: checkGuarantor(context.form.guarantor) },
    })),
    askForEmail: assign((_, p: { code: number }) => ({
      failure: p.code,
      message: 'p_bind_email_first',
    })),
    recordRequest: assign({ lastSaved: 'request' as const, message: undefined }),
    announceSubmitted: say('submit_success_please_wait'),
    takeRecords: assign(({ context }, r: RecordsResult) => {
      const records = recordsOf(r);
      const owed = owedOf(context.loan, records);
      return {
        records,
        owed,
        repayAmount: Math.min(context.repayAmount, owed),
        rejected: records[0]?.status === 2,
        failure: undefined,
      };
    }),
    openSlider: assign({ repayAmount: 0, repayError: undefined, lastSaved: undefined }),
    setRepay: assign(({ context, event }) =>
      event.type === 'repay.change'
        ? { repayAmount: snap(event.value, 0, context.owed, REPAY_STEP), repayError: undefined }
        : {},
    ),
    showRepayError: assign(({ context }) => ({
      repayError: checkRepayment(context.repayAmount),
    })),
    recordRepay: assign({ lastSaved: 'repay' as const, failure: undefined }),
  },
}).createMachine({
  id: 'loan',
  context: initialContext,
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      entry: 'startCheck',
      invoke: {
        id: 'checkLoan',
        src: 'checkLoan',
        onDone: [
          {
            guard: { type: 'requestable', params: doneOutput },
            target: 'request',
            actions: { type: 'takeLoan', params: doneOutput },
          },
          {
            guard: { type: 'inReview', params: doneOutput },
            target: 'review',
            actions: { type: 'takeLoan', params: doneOutput },
          },
          {
            guard: { type: 'repayable', params: doneOutput },
            target: 'active',
            actions: { type: 'takeLoan', params: doneOutput },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    failed: { on: { 'check.retry': 'checking' } },
    review: {
      on: { 'check.refresh': { target: 'checking', actions: 'forgetSaved' } },
    },
    request: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'amount.change': { actions: 'setAmount' },
            'days.change': { actions: 'setDays' },
            'field.change': { actions: 'edit' },
            'form.submit': [
              { guard: 'guarantorGiven', target: 'submitting' },
              { actions: 'showErrors' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'requestLoan',
            src: 'requestLoan',
            input: ({ context: { form } }) => ({
              amount: form.amount,
              days: form.days,
              guarantor: form.guarantor.trim(),
              remark: form.remark.trim(),
            }),
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: '#loan.checking',
                actions: ['recordRequest', 'announceSubmitted'],
              },
              // A loan is in review, active or overdue after all: show it.
              {
                guard: { type: 'stateChanged', params: doneOutput },
                target: '#loan.checking',
                actions: { type: 'recordFailure', params: doneOutput },
              },
              {
                guard: { type: 'emailMissing', params: doneOutput },
                target: 'editing',
                actions: { type: 'askForEmail', params: doneOutput },
              },
              { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
      },
    },
    active: {
      initial: 'loadingRecords',
      states: {
        loadingRecords: {
          tags: ['busy'],
          invoke: {
            id: 'loadRecords',
            src: 'loadRecords',
            input: ({ context }) => ref(context),
            onDone: [
              {
                guard: { type: 'refused', params: doneOutput },
                target: 'recordsFailed',
                actions: { type: 'recordFailure', params: doneOutput },
              },
              // Repaid in full: the loan's status has moved on.
              {
                guard: { type: 'nothingOwed', params: doneOutput },
                target: '#loan.checking',
                actions: { type: 'takeRecords', params: doneOutput },
              },
              {
                guard: { type: 'latestInReview', params: doneOutput },
                target: 'waiting',
                actions: { type: 'takeRecords', params: doneOutput },
              },
              { target: 'idle', actions: { type: 'takeRecords', params: doneOutput } },
            ],
          },
        },
        recordsFailed: { on: { 'records.reload': 'loadingRecords' } },
        idle: { on: { 'repay.click': { target: 'sliding', actions: 'openSlider' } } },
        sliding: {
          on: {
            'repay.change': { actions: 'setRepay' },
            'repay.click': [
              { guard: 'repayGiven', target: 'repaying' },
              { actions: 'showRepayError' },
            ],
            'repay.cancel': 'idle',
          },
        },
        repaying: {
          tags: ['busy'],
          invoke: {
            id: 'repay',
            src: 'repay',
            input: ({ context }) => ({ ...ref(context), amount: context.repayAmount }),
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: 'loadingRecords',
                actions: ['recordRepay', 'announceSubmitted'],
              },
              // Refused (one in review already, what is owed changed…): read the records again.
              {
                target: 'loadingRecords',
                actions: { type: 'recordFailure', params: doneOutput },
              },
            ],
          },
        },
        /** The latest repayment is in review: the button waits. */
        waiting: {
          tags: ['waiting'],
          on: { 'records.refresh': { target: 'loadingRecords', actions: 'forgetSaved' } },
        },
      },
    },
  },
});

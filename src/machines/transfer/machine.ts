/**
 * Wallet transfer in or out of one currency row (user-centre.md §2 "Wallet",
 * §3 "Transfer form", §5 "Transfer", §7 transformWalletCalculate /
 * transformWallet, §8 1159, §9 transfer precision).
 *
 * - For a row other than USD, with type 0 (in: USD → the coin) or 1 (out).
 * - Amount: digits and one dot, at most 4 decimals (step 0.0001), minimum 0;
 *   required (p_t_transfer_amount) and not zero (transfer_amount_no_zero).
 * - A non-zero amount is calculated (transformWalletCalculate { curr, currId,
 *   type, num }) into fee and practical.
 * - Submit (transformWallet with the form) → currency_conversion_successful.
 *   After success, and after 1159 (transfer in or out failed), the balance
 *   reloads (myWalletBalance: the row's and the USD balance) and
 *   `balance.reload` is emitted for the wallet screen; success ends the
 *   machine (output `{ transferred: true }`).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { TransferForm } from '../../api/types/user.ts';
import { amountInput, checkTransferAmount } from '../validation/wallet.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';

/** Transfer precision: 4 decimals, step 0.0001 (§5, §9). */
const TRANSFER_DECIMALS = 4;
/** "Transfer in or out failed": the balance is reloaded (§8). */
const TRANSFER_FAILED = 1159;

export interface TransferInput {
  /** The row's currency code and id (not USD). */
  curr: string;
  currId: string;
  /** 0 in (USD → coin), 1 out (coin → USD). */
  type: 0 | 1;
  unit?: string;
}

interface Balances {
  /** The row's balance, in the coin. */
  coin: string;
  /** The USD row's balance. */
  usd: string;
}

export interface TransferContext {
  curr: string;
  currId: string;
  type: 0 | 1;
  unit: string;
  num: string;
  fee: string | undefined;
  practical: string | undefined;
  /** After a reload. */
  balances: Balances | undefined;
  errors: { num?: string };
  failure: number | undefined;
  /** The transfer went through (the reload after it then ends the flow). */
  transferred: boolean;
}

type TransferEvent =
  { type: 'field.change'; field: 'num'; value: string } | { type: 'form.submit' };

type TransferEmitted = { type: 'balance.reload' } | NoticeEvent;
interface TransferOutput {
  transferred: boolean;
}

export type CalcInput = Omit<TransferForm, 'fee' | 'practical' | 'unit'>;
export type CalcResult = CallResult<'transformWalletCalculate'>;
export type SubmitResult = CallResult<'transformWallet'>;
export type BalanceResult = CallResult<'myWalletBalance'>;

const form = (c: TransferContext): CalcInput => ({
  curr: c.curr,
  currId: c.currId,
  type: c.type,
  num: c.num,
});

export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
    emitted: {} as TransferEmitted,
    output: {} as TransferOutput,
  },
  actors: {
    calculate: fromPromise<CalcResult, CalcInput>(async () => {
      throw new Error('transferMachine: provide calculate');
    }),
    submit: fromPromise<SubmitResult, TransferForm>(async () => {
      throw new Error('transferMachine: provide submit');
    }),
    loadBalance: fromPromise<BalanceResult>(async () => {
      throw new Error('transferMachine: provide loadBalance');
    }),
  },
  guards: {
    amountValid: ({ event }) =>
      event.type === 'field.change' &&
      !checkTransferAmount(amountInput(event.value, TRANSFER_DECIMALS)),
    calculated: (_, r: CalcResult) => r.code === 0 && !!r.data,
    transferred: (_, p: { code: number }) => p.code === 0,
    refused: (_, p: { code: number }) => p.code === TRANSFER_FAILED,
    succeeded: ({ context }) => context.transferred,
  },
  actions: {
    setNum: assign(({ event }) =>
      event.type === 'field.change'
        ? {
            num: amountInput(event.value, TRANSFER_DECIMALS),
            fee: undefined,
            practical: undefined,
            errors: {},
          }
        : {},
    ),
    setQuote: assign((_, r: CalcResult) => {
      const d = r.data!;
      return { fee: d.fee, practical: d.practical, failure: undefined };
    }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    showErrors: assign(({ context }) => ({ errors: { num: checkTransferAmount(context.num) } })),
    recordTransfer: assign({ failure: undefined, transferred: true }),
    announce: say('currency_conversion_successful'),
    setBalances: assign(({ context }, r: BalanceResult) => {
      const list = r.data?.list;
      if (!list) return {};
      const row = (id: string) => list.find((r) => r.currencyId === id)?.balance ?? '0';
      const usd = list.find((r) => r.currency === 'USD')?.balance ?? '0';
      return { balances: { coin: row(context.currId), usd } };
    }),
    signalReload: emit({ type: 'balance.reload' }),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    curr: input.curr,
    currId: input.currId,
    type: input.type,
    unit: input.unit ?? input.curr,
    num: '',
    fee: undefined,
    practical: undefined,
    balances: undefined,
    errors: {},
    failure: undefined,
    transferred: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': [
          { guard: 'amountValid', target: '.calculating', actions: 'setNum' },
          { target: '.idle', actions: 'setNum' },
        ],
      },
      states: {
        /** No amount, or zero. */
        idle: { on: { 'form.submit': { actions: 'showErrors' } } },
        calculating: {
          tags: ['busy'],
          invoke: {
            id: 'calculate',
            src: 'calculate',
            input: ({ context }) => form(context),
            onDone: [
              {
                guard: { type: 'calculated', params: doneOutput },
                target: 'quoted',
                actions: { type: 'setQuote', params: doneOutput },
              },
              { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        /** Fee and practical shown: submittable. */
        quoted: { on: { 'form.submit': '#transfer.submitting' } },
        /**
         * The calculation failed: a new amount calculates again, and so does
         * Confirm (it was dropped here, the button doing nothing).
         */
        failed: { tags: ['error'], on: { 'form.submit': 'calculating' } },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          ...form(context),
          fee: context.fee,
          practical: context.practical,
          unit: context.unit,
        }),
        onDone: [
          {
            guard: { type: 'transferred', params: doneOutput },
            target: 'reloading',
            actions: 'recordTransfer',
          },
          {
            guard: { type: 'refused', params: doneOutput },
            target: 'reloading',
            actions: { type: 'recordFailure', params: doneOutput },
          },
          { target: 'editing.quoted', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        onDone: [
          {
            guard: 'succeeded',
            target: 'done',
            actions: [{ type: 'setBalances', params: doneOutput }, 'signalReload'],
          },
          {
            target: 'editing.quoted',
            actions: [{ type: 'setBalances', params: doneOutput }, 'signalReload'],
          },
        ],
      },
    },
    // The toast once the balances are read again, as the dialog closes.
    done: { type: 'final', tags: ['done'], entry: 'announce' },
  },
  output: ({ context }) => ({ transferred: context.transferred }),
});

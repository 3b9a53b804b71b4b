/**
 * Withdraw (user-centre.md §2 "Withdraw", §3 "Withdrawal calculation result",
 * "Fee info", "Withdraw selection", "Bank card meta", §4 "Withdraw", §5
 * "Withdraw", §6 NO_WALLET_WITHDRAW and user/bankCard, §7, §8 1066/1067/1070).
 *
 * - The status check runs first: 1066, 1067 or 1070 mean a request is
 *   already submitted; the form is `locked` with that code, and Refresh
 *   checks again (never locked for good once the cause is gone).
 * - Tabs crypto and bank_card, shown only when more than one method is
 *   configured; bank_card needs flag user/bankCard. Switching tab clears the
 *   amount (and the selection, fee and errors).
 * - Crypto: the saved wallets (userWallet, addresses decoded for the
 *   confirmation), or with NO_WALLET_WITHDRAW the coin networks
 *   (currencySimpleCoinNet) and a typed payment address (p_t_crypto_address),
 *   sent encoded. Bank card: the cards (userBankCardList) and the bank-card
 *   limits (currencyBanckCardCoinNet; failing: `metaMissing`, 'bank card meta
 *   not found.', key bank_card_meta_not_found). No wallet or card: `empty` (the add buttons).
 * - Amount: a leading dot is removed, 5 decimals. Nothing is validated until
 *   a target is chosen; then it must lie between the target's min and max,
 *   inclusive (withdraw_amount_limit_front … _back with `limits`).
 * - Within bounds the calculation (withdrawWalletCalculate /
 *   withdrawBankCardCalculate) runs, again when the amount or limits change,
 *   and every 1 s while the amount stays within bounds. Its verdict:
 *   'Not support feeType' (a fee type other than PERCENTAGE / FIX_AMOUNT),
 *   insufficient_balance (isOver), practicalNum_rule (practical <= 0).
 * - Submit (userWithdraw with num, practicalNum and the target; locale):
 *   `submitting` is the flag that blocks repeats; a failure clears it (a lock
 *   code locks the form); success shows submit_success_please_wait, resets
 *   the form and checks the status again. A submit while a check is in
 *   flight (the 1 s recheck) raises the flag at once (the button shows busy)
 *   and goes ahead when the check allows it; a refusing check clears it.
 */
import { and, fromPromise, setup } from 'xstate';
import { WITHDRAW_RECHECK_MS } from '../config/constants.ts';
import { actions } from './withdraw/actions.ts';
import { guards } from './withdraw/guards.ts';
import { calcPayload, cleared, submitPayload } from './withdraw/helpers.ts';
import type {
  CalcInput,
  CalcResult,
  LoadInput,
  MaxInput,
  MaxResult,
  StatusResult,
  SubmitInput,
  SubmitResult,
  TargetsResult,
  WithdrawContext,
  WithdrawEvent,
  WithdrawInput,
} from './withdraw/types.ts';

export type {
  CalcInput,
  LoadInput,
  SubmitInput,
  TargetsResult,
  WithdrawContext,
  WithdrawEvent,
  WithdrawInput,
  WithdrawTab,
  WithdrawTarget,
} from './withdraw/types.ts';
export { BANK_META_MISSING, WITHDRAW_LOCK_CODES, lockTitleKey } from './withdraw/helpers.ts';
export { withdrawActors } from './withdraw/actors.ts';

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
  },
  actors: {
    checkStatus: fromPromise<StatusResult>(async () => {
      throw new Error('withdrawMachine: provide checkStatus');
    }),
    loadTargets: fromPromise<TargetsResult, LoadInput>(async () => {
      throw new Error('withdrawMachine: provide loadTargets');
    }),
    calculate: fromPromise<CalcResult, CalcInput>(async () => {
      throw new Error('withdrawMachine: provide calculate');
    }),
    submit: fromPromise<SubmitResult, SubmitInput>(async () => {
      throw new Error('withdrawMachine: provide submit');
    }),
    findMax: fromPromise<MaxResult, MaxInput>(async () => {
      throw new Error('withdrawMachine: provide findMax');
    }),
  },
  delays: {
    /** The validity check repeats every 1 s while the amount is within bounds (§4, §9). */
    recheck: WITHDRAW_RECHECK_MS,
  },
  guards,
  actions,
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => {
    const tabs = input.methods.filter((m) => m !== 'bank_card' || input.bankCard);
    return {
      tabs,
      showTabs: tabs.length > 1,
      tab: tabs[0] ?? 'crypto',
      noWallet: input.noWallet ?? false,
      locale: input.locale ?? 'en',
      targets: [],
      targetId: undefined,
      limits: undefined,
      ...cleared,
      lockCode: undefined,
      failure: undefined,
      notice: undefined,
    };
  },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        onDone: [
          { guard: 'lockedCode', target: 'locked', actions: 'lock' },
          { target: 'ready', actions: 'unlock' },
        ],
      },
    },
    /**
     * A request is already submitted (lockCode says which). Refresh checks
     * again: once the request is decided (or the positions closed, or the
     * anomaly cleared) the form opens without leaving the screen.
     */
    locked: {
      tags: ['locked'],
      on: { 'status.refresh': 'checking' },
    },
    ready: {
      initial: 'loading',
      on: {
        'tab.select': { guard: 'otherTab', target: '.loading', actions: 'switchTab' },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadTargets',
            src: 'loadTargets',
            input: ({ context }) => ({ tab: context.tab, noWallet: context.noWallet }),
            onDone: [
              { guard: 'loadFailed', target: 'loadFailed', actions: 'recordFailure' },
              { guard: 'metaMissing', target: 'metaMissing' },
              { guard: 'noTargets', target: 'empty' },
              { target: 'form', actions: 'applyTargets' },
            ],
          },
        },
        loadFailed: { tags: ['error'], on: { 'load.retry': 'loading' } },
        /** The bank-card limits could not be read: BANK_META_MISSING. */
        metaMissing: { tags: ['error'] },
        /** No saved wallet / no card: the add buttons. */
        empty: { tags: ['empty'] },
        form: {
          initial: 'idle',
          on: {
            'target.select': [
              { guard: 'targetInBounds', target: '.checking', actions: 'select' },
              { guard: 'knownTarget', target: '.idle', actions: ['select', 'boundsError'] },
            ],
            'field.change': [
              { guard: 'isAddress', actions: 'setAddress' },
              { guard: 'amountInBounds', target: '.checking', actions: 'setAmount' },
              { guard: 'notSubmitting', target: '.idle', actions: ['setAmount', 'boundsError'] },
            ],
            // Max (issue 25 item 6): only when pressed, and only with a target chosen.
            'amount.max': { guard: 'hasTarget', target: '.maxing' },
          },
          states: {
            /**
             * Max pressed: the largest amount within the target's max and the
             * balance (withdraw/max.ts), then calculated as a typed amount.
             */
            maxing: {
              tags: ['calculating'],
              invoke: {
                id: 'findMax',
                src: 'findMax',
                input: ({ context }): MaxInput => {
                  const { num: _num, ...payload } = calcPayload(context);
                  return {
                    tab: context.tab,
                    payload,
                    limits: context.limits ?? { min: 0, max: 0, coin: '' },
                  };
                },
                onDone: [
                  { guard: 'maxInBounds', target: 'checking', actions: 'setMaxAmount' },
                  { guard: 'maxFound', target: 'idle', actions: ['setMaxAmount', 'boundsError'] },
                  { target: 'idle', actions: 'setMaxAmount' },
                ],
              },
            },
            /** No target, or the amount out of bounds: nothing to calculate. */
            idle: { on: { 'form.submit': { actions: 'showErrors' } } },
            checking: {
              tags: ['calculating'],
              on: {
                // A submit while the check is in flight (the 1 s recheck) is kept: the
                // flag is raised now and the submission follows the check's verdict.
                'form.submit': { guard: 'notSubmitting', actions: 'queueSubmit' },
              },
              invoke: {
                id: 'calculate',
                src: 'calculate',
                input: ({ context }) => ({ tab: context.tab, payload: calcPayload(context) }),
                onDone: [
                  {
                    guard: and(['submitQueued', 'feeAcceptable', 'addressGiven']),
                    target: 'submitting',
                    actions: 'setFee',
                  },
                  {
                    guard: and(['submitQueued', 'feeAcceptable']),
                    target: 'valid',
                    actions: ['setFee', 'unqueueSubmit', 'showErrors'],
                  },
                  { guard: 'feeAcceptable', target: 'valid', actions: 'setFee' },
                  { target: 'invalid', actions: ['setFee', 'unqueueSubmit'] },
                ],
              },
            },
            valid: {
              after: { recheck: 'checking' },
              on: {
                'form.submit': [
                  { guard: 'addressGiven', target: 'submitting' },
                  { actions: 'showErrors' },
                ],
              },
            },
            /** Calculated, but not allowed (fee type, balance, practical) or the call failed. */
            invalid: {
              after: { recheck: 'checking' },
              on: { 'form.submit': { actions: 'showErrors' } },
            },
            submitting: {
              tags: ['busy', 'submitting'],
              entry: 'startSubmit',
              invoke: {
                id: 'submit',
                src: 'submit',
                input: ({ context }) => submitPayload(context),
                onDone: [
                  { guard: 'withdrawn', target: '#withdraw.checking', actions: 'done' },
                  {
                    guard: 'lockedCode',
                    target: '#withdraw.locked',
                    actions: ['failSubmit', 'lock'],
                  },
                  { target: 'valid', actions: 'failSubmit' },
                ],
              },
            },
          },
        },
      },
    },
  },
});

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
 *   code locks the form); success emits the notice
 *   submit_success_please_wait, resets the form and checks the status again. A submit while a check is in
 *   flight (the 1 s recheck) raises the flag at once (the button shows busy)
 *   and goes ahead when the check allows it; a refusing check clears it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { FeeInfo, WithdrawBankPayload, WithdrawCryptoPayload } from '../../api/types/user.ts';
import { AMOUNT_DECIMALS, WITHDRAW_RECHECK_MS } from '../../config/constants.ts';
import {
  amountInput,
  checkFee,
  checkPaymentAddress,
  checkWithdrawAmount,
  type Limits,
} from '../validation/wallet.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';
import type { MaxResult } from './max.ts';

// ── Targets, the context, the events and the actors' results ──

export type WithdrawTab = 'crypto' | 'bank_card';

/** Where the money goes: a saved wallet, a coin network (typed address) or a bank card. */
export interface WithdrawTarget {
  /** walletId, coin-network id or card id. */
  id: string;
  kind: 'wallet' | 'coin' | 'card';
  /** Sent to the calculation (and, for wallets and coins, the withdrawal). */
  currencyId: string;
  /** The coin the amount is in (USD for bank cards). */
  coin: string;
  protocol?: string;
  /** A saved wallet's address, decoded, for the confirmation. */
  address?: string;
  logoUrl?: string;
  bankName?: string;
  /** The card's account, decoded (the list shows its last 4 digits). */
  account?: string;
  min: number;
  max: number;
}

export interface WithdrawInput {
  /** The site's withdraw methods, in tab order. */
  methods: WithdrawTab[];
  /** Flag user/bankCard. */
  bankCard?: boolean;
  /** Flag NO_WALLET_WITHDRAW. */
  noWallet?: boolean;
  /** Sent with the withdrawal. */
  locale?: string;
}

export interface WithdrawContext {
  tabs: WithdrawTab[];
  /** More than one method: the tabs show. */
  showTabs: boolean;
  tab: WithdrawTab;
  noWallet: boolean;
  locale: string;
  targets: WithdrawTarget[];
  targetId: string | undefined;
  /** Bounds of the chosen target, for the limit message. */
  limits: Limits | undefined;
  amount: string;
  /** Typed payment address (NO_WALLET_WITHDRAW). */
  address: string;
  /** The last calculation: fee, practical, afterBalance… */
  fee: FeeInfo | undefined;
  errors: { amount?: string; address?: string };
  /** 1066, 1067 or 1070 when locked. */
  lockCode: number | undefined;
  /** A submission is under way (repeat submits are blocked). */
  submitting: boolean;
  failure: number | undefined;
  /**
   * A withdrawal went through from this screen: the status checks after it
   * find it in review.
   */
  outcome: 'submitted' | undefined;
}

export type WithdrawEvent =
  | { type: 'tab.select'; tab: WithdrawTab }
  | { type: 'target.select'; id: string }
  | { type: 'field.change'; field: 'amount' | 'address'; value: string }
  /** Max beside the amount: the largest amount the limits and the balance allow (max.ts). */
  | { type: 'amount.max' }
  | { type: 'form.submit' }
  | { type: 'load.retry' }
  | { type: 'status.refresh' };

export type StatusResult = CallResult<'withdrawStatus'>;
export type CalcResult =
  CallResult<'withdrawWalletCalculate'> | CallResult<'withdrawBankCardCalculate'>;
export type SubmitResult = CallResult<'userWithdraw'>;
/** The targets of a tab; `metaMissing` when the bank-card limits could not be read. */
export interface TargetsResult {
  code: number;
  data: WithdrawTarget[] | null;
  metaMissing?: boolean;
}
export interface LoadInput {
  tab: WithdrawTab;
  noWallet: boolean;
}
export interface CalcInput {
  tab: WithdrawTab;
  payload: { currencyId: string; coinId?: string; num: string };
}
export type SubmitInput = WithdrawCryptoPayload | WithdrawBankPayload;
/** What Max needs: the calculation's target (as `calculate`) and the target's limits. */
export interface MaxInput {
  tab: WithdrawTab;
  payload: Omit<CalcInput['payload'], 'num'>;
  limits: Limits;
}

// ── Constants and readers ──

/** Status codes meaning a request is already submitted: the form locks (§4, §8). */
const WITHDRAW_LOCK_CODES: readonly number[] = [1066, 1067, 1070];
/**
 * The title of a lock, by its reason (issue 25 item 5): the spec's "already
 * submitted" (withdraw_already_submitted, §4) fits a request in review
 * (1067); an account on hold (1066) or open positions (1070) get a title
 * that says so. The code's own message shows under it in every case.
 */
export const lockTitleKey = (code: number | undefined): string =>
  code === 1066
    ? 'wallet_ui.lock_1066'
    : code === 1070
      ? 'wallet_ui.lock_1070'
      : 'withdraw_already_submitted';
/** Message key of the spec's 'bank card meta not found.' (the bank-card limits could not be read, §7). */
export const BANK_META_MISSING = 'bank_card_meta_not_found';

const targetOf = (c: WithdrawContext, id = c.targetId) => c.targets.find((t) => t.id === id);
/** The check's answer allows the withdrawal: read, and the fee rules pass. */
const feeOk = (r: CalcResult) => r.code === 0 && !!r.data && !checkFee(r.data);
/** A coin withdrawal has its payment address; other kinds need none. */
const addressGiven = (c: WithdrawContext) =>
  targetOf(c)?.kind !== 'coin' || !checkPaymentAddress(c.address);
const limitsOf = (t: WithdrawTarget | undefined): Limits | undefined =>
  t && { min: t.min, max: t.max, coin: t.coin };

const inBounds = (amount: string, limits: Limits | undefined) =>
  !!limits && !checkWithdrawAmount(amount, limits);

const calcPayload = (c: WithdrawContext): CalcInput['payload'] => {
  const t = targetOf(c);
  return {
    currencyId: t?.currencyId ?? '',
    ...(t?.kind === 'coin' ? { coinId: t.id } : {}),
    num: c.amount,
  };
};

const submitPayload = (c: WithdrawContext): SubmitInput => {
  const t = targetOf(c);
  const base = { num: c.amount, practicalNum: String(c.fee?.practical ?? ''), locale: c.locale };
  if (t?.kind === 'card') return { ...base, userBankId: t.id, withdrawType: 1 };
  if (t?.kind === 'coin') {
    return { ...base, currencyId: t.id, coinId: t.id, paymentAddress: c.address.trim() };
  }
  return { ...base, currencyId: t?.currencyId ?? '' };
};

const cleared = {
  amount: '',
  address: '',
  fee: undefined,
  errors: {},
  submitting: false,
};

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    emitted: {} as NoticeEvent,
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
  guards: {
    lockedCode: (_, r: { code: number }) => WITHDRAW_LOCK_CODES.includes(r.code),
    otherTab: ({ context, event }) =>
      !context.submitting &&
      event.type === 'tab.select' &&
      event.tab !== context.tab &&
      context.tabs.includes(event.tab),
    /** While a submission is under way the form does not change. */
    notSubmitting: ({ context }) => !context.submitting,
    loadFailed: (_, r: TargetsResult) => !r.data,
    metaMissing: (_, r: TargetsResult) => !!r.metaMissing,
    noTargets: (_, r: TargetsResult) => r.data?.length === 0,
    isAddress: ({ context, event }) =>
      !context.submitting && event.type === 'field.change' && event.field === 'address',
    amountInBounds: ({ context, event }) =>
      !context.submitting &&
      event.type === 'field.change' &&
      inBounds(amountInput(event.value, AMOUNT_DECIMALS), context.limits),
    knownTarget: ({ context, event }) =>
      !context.submitting && event.type === 'target.select' && !!targetOf(context, event.id),
    targetInBounds: ({ context, event }) =>
      !context.submitting &&
      event.type === 'target.select' &&
      inBounds(context.amount, limitsOf(targetOf(context, event.id))),
    /** Max found an amount within the target's bounds: it is calculated as a typed one. */
    maxInBounds: ({ context }, r: MaxResult) => !!r.amount && inBounds(r.amount, context.limits),
    maxFound: (_, r: MaxResult) => !!r.amount,
    hasTarget: ({ context }) => !context.submitting && !!targetOf(context),
    feeAcceptable: (_, r: CalcResult) => feeOk(r),
    addressGiven: ({ context }) => addressGiven(context),
    /** A submit arrived while the check was in flight, and the check allows it. */
    queuedAndSubmittable: ({ context }, r: CalcResult) =>
      context.submitting && feeOk(r) && addressGiven(context),
    /** A submit arrived while the check was in flight; the fee allows it, the address not. */
    queuedWithoutAddress: ({ context }, r: CalcResult) => context.submitting && feeOk(r),
    withdrawn: (_, r: SubmitResult) => r.code === 0,
  },
  actions: {
    lock: assign((_, r: { code: number }) => ({ lockCode: r.code })),
    unlock: assign({ lockCode: undefined }),
    switchTab: assign(({ event }) =>
      event.type === 'tab.select'
        ? { ...cleared, tab: event.tab, targets: [], targetId: undefined, limits: undefined }
        : {},
    ),
    applyTargets: assign((_, r: TargetsResult) => ({ targets: r.data ?? [] })),
    recordFailure: assign((_, r: { code: number }) => ({ failure: r.code })),
    select: assign(({ context, event }) => {
      if (event.type !== 'target.select') return {};
      const limits = limitsOf(targetOf(context, event.id));
      return { targetId: event.id, limits, fee: undefined, errors: {} };
    }),
    setAmount: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            amount: amountInput(event.value, AMOUNT_DECIMALS),
            fee: undefined,
            errors: { ...context.errors, amount: undefined },
          }
        : {},
    ),
    /** Max's answer, as if typed: the fee of the old amount goes, errors are judged again. */
    setMaxAmount: assign(({ context }, r: MaxResult) =>
      r.amount
        ? { amount: r.amount, fee: undefined, errors: { ...context.errors, amount: undefined } }
        : { failure: r.code },
    ),
    setAddress: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { address: event.value, errors: { ...context.errors, address: undefined } }
        : {},
    ),
    /** Only with a target chosen and an amount typed: nothing is validated before. */
    boundsError: assign(({ context }) => ({
      errors: {
        ...context.errors,
        amount:
          context.limits && context.amount
            ? checkWithdrawAmount(context.amount, context.limits)
            : undefined,
      },
    })),
    setFee: assign(({ context }, r: CalcResult) => ({
      fee: r.data ?? undefined,
      failure: r.code === 0 ? context.failure : r.code,
      errors: { ...context.errors, amount: r.data ? checkFee(r.data) : undefined },
    })),
    showErrors: assign(({ context }) => ({
      errors: {
        amount:
          context.errors.amount ??
          (context.limits ? checkWithdrawAmount(context.amount, context.limits) : undefined),
        address:
          targetOf(context)?.kind === 'coin' ? checkPaymentAddress(context.address) : undefined,
      },
    })),
    startSubmit: assign({ submitting: true, failure: undefined }),
    /** Submit pressed during a check: the repeat-blocking flag is up from now on. */
    queueSubmit: assign({ submitting: true, failure: undefined }),
    /** The check refused the queued submit: the flag drops (§4 "On failure it is cleared"). */
    unqueueSubmit: assign({ submitting: false }),
    failSubmit: assign((_, r: SubmitResult) => ({ submitting: false, failure: r.code })),
    done: assign({
      ...cleared,
      targetId: undefined,
      limits: undefined,
      outcome: 'submitted' as const,
    }),
    announceSubmitted: say('submit_success_please_wait'),
  },
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
      outcome: undefined,
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
          {
            guard: { type: 'lockedCode', params: doneOutput },
            target: 'locked',
            actions: { type: 'lock', params: doneOutput },
          },
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
              {
                guard: { type: 'loadFailed', params: doneOutput },
                target: 'loadFailed',
                actions: { type: 'recordFailure', params: doneOutput },
              },
              { guard: { type: 'metaMissing', params: doneOutput }, target: 'metaMissing' },
              { guard: { type: 'noTargets', params: doneOutput }, target: 'empty' },
              { target: 'form', actions: { type: 'applyTargets', params: doneOutput } },
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
             * balance (max.ts), then calculated as a typed amount.
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
                  {
                    guard: { type: 'maxInBounds', params: doneOutput },
                    target: 'checking',
                    actions: { type: 'setMaxAmount', params: doneOutput },
                  },
                  {
                    guard: { type: 'maxFound', params: doneOutput },
                    target: 'idle',
                    actions: [{ type: 'setMaxAmount', params: doneOutput }, 'boundsError'],
                  },
                  { target: 'idle', actions: { type: 'setMaxAmount', params: doneOutput } },
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
                    guard: { type: 'queuedAndSubmittable', params: doneOutput },
                    target: 'submitting',
                    actions: { type: 'setFee', params: doneOutput },
                  },
                  {
                    guard: { type: 'queuedWithoutAddress', params: doneOutput },
                    target: 'valid',
                    actions: [
                      { type: 'setFee', params: doneOutput },
                      'unqueueSubmit',
                      'showErrors',
                    ],
                  },
                  {
                    guard: { type: 'feeAcceptable', params: doneOutput },
                    target: 'valid',
                    actions: { type: 'setFee', params: doneOutput },
                  },
                  {
                    target: 'invalid',
                    actions: [{ type: 'setFee', params: doneOutput }, 'unqueueSubmit'],
                  },
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
                  {
                    guard: { type: 'withdrawn', params: doneOutput },
                    target: '#withdraw.checking',
                    actions: ['done', 'announceSubmitted'],
                  },
                  {
                    guard: { type: 'lockedCode', params: doneOutput },
                    target: '#withdraw.locked',
                    actions: [
                      { type: 'failSubmit', params: doneOutput },
                      { type: 'lock', params: doneOutput },
                    ],
                  },
                  { target: 'valid', actions: { type: 'failSubmit', params: doneOutput } },
                ],
              },
            },
          },
        },
      },
    },
  },
});

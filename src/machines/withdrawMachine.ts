/**
 * Withdraw (user-centre.md §2 "Withdraw", §3 "Withdrawal calculation result",
 * "Fee info", "Withdraw selection", "Bank card meta", §4 "Withdraw", §5
 * "Withdraw", §6 NO_WALLET_WITHDRAW and user/bankCard, §7, §8 1066/1067/1070).
 *
 * - The status check runs first: 1066, 1067 or 1070 mean a request is
 *   already submitted; the form is `locked` with that code.
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
 *   the form and checks the status again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { encodeSensitive } from '../api/aes-codec.ts';
import type { ApiClient, CallResult } from '../api/client.ts';
import type { FeeInfo, WithdrawBankPayload, WithdrawCryptoPayload } from '../api/types/user.ts';
import { WITHDRAW_RECHECK_MS } from '../config/constants.ts';
import { decodeToken, session } from '../state/session.ts';
import {
  amountInput,
  checkFee,
  checkPaymentAddress,
  checkWithdrawAmount,
  decodeForDisplay,
  type Limits,
} from './validation/wallet.ts';
import { notice, type Notice } from './notice.ts';

/** Deposit and withdraw amounts: 5 decimals (§5, §9). */
const AMOUNT_DECIMALS = 5;
/** Status codes meaning a request is already submitted: the form locks (§4, §8). */
export const WITHDRAW_LOCK_CODES: readonly number[] = [1066, 1067, 1070];
/** Message key of the spec's 'bank card meta not found.' (the bank-card limits could not be read, §7). */
export const BANK_META_MISSING = 'bank_card_meta_not_found';

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
  notice: Notice | undefined;
}

export type WithdrawEvent =
  | { type: 'tab.select'; tab: WithdrawTab }
  | { type: 'target.select'; id: string }
  | { type: 'field.change'; field: 'amount' | 'address'; value: string }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

type StatusResult = CallResult<'withdrawStatus'>;
type CalcResult = CallResult<'withdrawWalletCalculate'> | CallResult<'withdrawBankCardCalculate'>;
type SubmitResult = CallResult<'userWithdraw'>;
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

/**
 * The real actors. `aesKey` gives the session's key for the encoded fields
 * (default: the current token's).
 */
export const withdrawActors = (
  api: ApiClient,
  opts: { aesKey?: () => string | undefined } = {},
) => {
  const aesKey = opts.aesKey ?? (() => decodeToken(session.token)?.aesKey);
  const loadCrypto = async (noWallet: boolean): Promise<TargetsResult> => {
    if (noWallet) {
      const r = await api.call('currencySimpleCoinNet');
      return {
        code: r.code,
        data:
          r.data?.dtoList.map((n) => ({
            id: n.id,
            kind: 'coin' as const,
            currencyId: n.id,
            coin: n.currency,
            protocol: n.protocol,
            logoUrl: n.logoUrl,
            min: n.minWithdrawAmount ?? 0,
            max: n.maxWithdrawAmount ?? Number.MAX_SAFE_INTEGER,
          })) ?? null,
      };
    }
    const r = await api.call('userWallet', { pageNum: 1, pageSize: 1000 });
    if (!r.data) return { code: r.code, data: null };
    const key = aesKey();
    const data = await Promise.all(
      r.data.list.map(async (w) => ({
        id: w.walletId,
        kind: 'wallet' as const,
        currencyId: w.currencyId,
        coin: w.currencyName,
        protocol: w.protocol,
        address: await decodeForDisplay(key, w.cryptocurrencyAddress),
        logoUrl: w.logoUrl,
        min: w.minWithdrawAmount,
        max: w.maxWithdrawAmount,
      })),
    );
    return { code: r.code, data };
  };
  const loadCards = async (): Promise<TargetsResult> => {
    const [cards, meta] = await Promise.all([
      api.call('userBankCardList', { pageNum: 1, pageSize: 1000 }),
      api.call('currencyBanckCardCoinNet'),
    ]);
    if (!cards.data) return { code: cards.code, data: null };
    const dto = meta.data?.dto;
    if (!dto) return { code: 0, data: [], metaMissing: cards.data.list.length > 0 };
    const key = aesKey();
    const data = await Promise.all(
      cards.data.list.map(async (card) => ({
        id: card.id,
        kind: 'card' as const,
        currencyId: dto.id,
        coin: 'USD',
        bankName: card.bankName,
        account: await decodeForDisplay(key, card.account),
        min: dto.minWithdrawAmount,
        max: dto.maxWithdrawAmount,
      })),
    );
    return { code: 0, data };
  };
  return {
    checkStatus: fromPromise<StatusResult>(() => api.call('withdrawStatus')),
    loadTargets: fromPromise<TargetsResult, LoadInput>(({ input }) =>
      input.tab === 'bank_card' ? loadCards() : loadCrypto(input.noWallet),
    ),
    calculate: fromPromise<CalcResult, CalcInput>(({ input }) =>
      input.tab === 'bank_card'
        ? api.call('withdrawBankCardCalculate', input.payload)
        : api.call('withdrawWalletCalculate', input.payload),
    ),
    submit: fromPromise<SubmitResult, SubmitInput>(async ({ input }) => {
      const p = input as WithdrawCryptoPayload;
      if (!p.paymentAddress) return api.call('userWithdraw', input);
      const key = aesKey();
      // No key to encode with: the server refuses the address it cannot read.
      const paymentAddress = key ? await encodeSensitive(key, p.paymentAddress) : '';
      return api.call('userWithdraw', { ...p, paymentAddress });
    }),
  };
};

const output = <T>(e: unknown) => (e as { output: T }).output;

const targetOf = (c: WithdrawContext, id = c.targetId) => c.targets.find((t) => t.id === id);
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
  },
  delays: {
    /** The validity check repeats every 1 s while the amount is within bounds (§4, §9). */
    recheck: WITHDRAW_RECHECK_MS,
  },
  guards: {
    lockedCode: ({ event }) => WITHDRAW_LOCK_CODES.includes(output<{ code: number }>(event).code),
    otherTab: ({ context, event }) =>
      !context.submitting &&
      event.type === 'tab.select' &&
      event.tab !== context.tab &&
      context.tabs.includes(event.tab),
    /** While a submission is under way the form does not change. */
    notSubmitting: ({ context }) => !context.submitting,
    loadFailed: ({ event }) => !output<TargetsResult>(event).data,
    metaMissing: ({ event }) => !!output<TargetsResult>(event).metaMissing,
    noTargets: ({ event }) => output<TargetsResult>(event).data?.length === 0,
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
    feeAcceptable: ({ event }) => {
      const r = output<CalcResult>(event);
      return r.code === 0 && !!r.data && !checkFee(r.data);
    },
    addressGiven: ({ context }) =>
      targetOf(context)?.kind !== 'coin' || !checkPaymentAddress(context.address),
    withdrawn: ({ event }) => output<SubmitResult>(event).code === 0,
  },
  actions: {
    lock: assign(({ event }) => ({ lockCode: output<{ code: number }>(event).code })),
    switchTab: assign(({ event }) =>
      event.type === 'tab.select'
        ? { ...cleared, tab: event.tab, targets: [], targetId: undefined, limits: undefined }
        : {},
    ),
    applyTargets: assign(({ event }) => ({ targets: output<TargetsResult>(event).data ?? [] })),
    recordFailure: assign(({ event }) => ({ failure: output<{ code: number }>(event).code })),
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
    setFee: assign(({ context, event }) => {
      const r = output<CalcResult>(event);
      return {
        fee: r.data ?? undefined,
        failure: r.code === 0 ? context.failure : r.code,
        errors: { ...context.errors, amount: r.data ? checkFee(r.data) : undefined },
      };
    }),
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
    failSubmit: assign(({ event }) => ({
      submitting: false,
      failure: output<SubmitResult>(event).code,
    })),
    done: assign({
      ...cleared,
      targetId: undefined,
      limits: undefined,
      notice: notice('submit_success_please_wait'),
    }),
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
        onDone: [{ guard: 'lockedCode', target: 'locked', actions: 'lock' }, { target: 'ready' }],
      },
    },
    /** A request is already submitted (lockCode says which). */
    locked: { tags: ['locked'] },
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
          },
          states: {
            /** No target, or the amount out of bounds: nothing to calculate. */
            idle: { on: { 'form.submit': { actions: 'showErrors' } } },
            checking: {
              tags: ['calculating'],
              invoke: {
                id: 'calculate',
                src: 'calculate',
                input: ({ context }) => ({ tab: context.tab, payload: calcPayload(context) }),
                onDone: [
                  { guard: 'feeAcceptable', target: 'valid', actions: 'setFee' },
                  { target: 'invalid', actions: 'setFee' },
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

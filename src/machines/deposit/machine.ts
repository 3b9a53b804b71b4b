/**
 * Deposit (user-centre.md §2 "Deposit", §3 "Deposit payload", §4 "Deposit",
 * §5 "Deposit" and "Images", §6 flags, §7 userDeposit).
 *
 * - Tabs among the configured deposit types (crypto, bank; depositHideCrypto
 *   removes crypto); none configured: `disabled` (the view goes home).
 * - Crypto, step one: the coin and network list (currencySimpleCoinNet, or
 *   userSelfWallet for wallet-type 1 users, whose `said` goes with the
 *   deposit), the house address, its QR code unless depositHideQRCode, and a
 *   copy action (it emits the notice copy_success). Next opens step two:
 *   amount (p_t_deposit_amount, no leading dot, at most 5 decimals;
 *   deposit_amount_positive when zero;
 *   deposit_min_amount under the USD minimum of §9, shown on both steps and
 *   checked before submitting, when the coin's USD price is known: USD and
 *   USDT always, others from the market's quotes), a proof
 *   image (p_upload_deposit_proof; heic/jpg/jpeg/png up to 10 MB) and the
 *   agreement (p_read_agreement). Back returns to step one, keeping what was
 *   typed.
 * - Submit: userDeposit, multipart, metaData { coinId, amt, said, locale } and
 *   the depositProof file. Success resets the form and shows the result
 *   step (`crypto.submitted`): submit_success_please_wait (its title, not
 *   a notice), the amount and coin, In review and the time (server time,
 *   from the submit actor); `deposit.new` goes back to step one.
 * - Bank: the user's bank cards (userBankCardList, account decoded for its
 *   last 4 digits); deposits by bank wire go through online customer service
 *   (`service.open` runs the app's `openService`).
 * - depositBanNewFlow (§6; the recharge status call of §7): the latest
 *   deposit's status is read first (rechargeStatus: its payState). Waiting
 *   for review (0): no new deposit, `banned`, with Refresh to read it again;
 *   decided, none yet, or the read failed: the tabs open (the server refuses
 *   a deposit made anyway with 23552). Off: no read.
 * - The form is kept in session storage only while /user/agreement is open:
 *   `agreement.open` stores it, `navigate.away` (any other navigation)
 *   clears it, and a machine started from it (input `restored`) clears it
 *   too. Both are named actions; `stored` says whether it is kept.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEPOSIT_MIN_USD } from '../../api/wallet-rules.ts';
import { AMOUNT_DECIMALS } from '../../config/constants.ts';
import {
  amountInput,
  checkAgreement,
  checkDepositAmount,
  checkDepositMinimum,
  checkImage,
  checkProof,
  usdPriceOf,
} from '../validation/wallet.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';

import type {
  CardsResult,
  CoinsResult,
  DepositContext,
  DepositEvent,
  DepositForm,
  DepositInput,
  DepositSubmitInput,
  RechargeResult,
  SubmitResult,
} from './types.ts';

export type * from './types.ts';

// ── Constants and readers ──

/** Coins read, and at least one offered. */
const coinsLoaded = (r: CoinsResult) => r.code === 0 && (r.data?.dtoList.length ?? 0) > 0;

export const DEPOSIT_FORM_KEY = 'depositForm';

/** The form kept in session storage, if any (read by the app for `restored`). */
export function restoreDepositForm(): DepositForm | undefined {
  try {
    const raw = globalThis.sessionStorage?.getItem(DEPOSIT_FORM_KEY);
    // Only this machine writes the key (its save action), in this tab's session storage.
    return raw ? (JSON.parse(raw) as DepositForm) : undefined;
  } catch {
    return undefined;
  }
}

const formOf = (c: DepositContext): DepositForm => ({
  tab: c.tab,
  coinId: c.coinId,
  amount: c.amount,
  proof: c.proof,
  agreed: c.agreed,
  step: c.step,
});

/** The chosen coin's USD price, when known. */
export const priceOf = (c: DepositContext): number | undefined => {
  const coin = coinOf(c);
  return coin ? usdPriceOf(coin.currency, c.prices) : undefined;
};

const errorsOf = (c: DepositContext): DepositContext['errors'] => {
  const e = {
    // The minimum is checked here, before anything is sent (the proof goes with the deposit).
    amount: checkDepositAmount(c.amount) ?? checkDepositMinimum(c.amount, priceOf(c), c.minUsd),
    proof: checkProof(!!c.proof),
    agreement: checkAgreement(c.agreed),
  };
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
};

const coinOf = (c: DepositContext) => c.coins.find((n) => n.id === c.coinId);

const empty = {
  amount: '',
  proof: undefined,
  agreed: false,
  errors: {},
  pending: undefined,
};

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    emitted: {} as NoticeEvent,
    input: {} as DepositInput,
  },
  actors: {
    checkRecharge: fromPromise<RechargeResult>(async () => {
      throw new Error('depositMachine: provide checkRecharge');
    }),
    loadCoins: fromPromise<CoinsResult, { walletType: number }>(async () => {
      throw new Error('depositMachine: provide loadCoins');
    }),
    loadCards: fromPromise<CardsResult>(async () => {
      throw new Error('depositMachine: provide loadCards');
    }),
    prepareImage: fromPromise<string | null, { blob?: Blob }>(async () => {
      throw new Error('depositMachine: provide prepareImage');
    }),
    submit: fromPromise<SubmitResult, DepositSubmitInput>(async () => {
      throw new Error('depositMachine: provide submit');
    }),
  },
  guards: {
    /** depositBanNewFlow: the recharge status is read before any tab opens. */
    mustCheck: ({ context }) => context.banNewFlow && context.recharge === undefined,
    banNewFlow: ({ context }) => context.banNewFlow,
    /** The latest deposit is waiting for review (payState 0): no new one yet. */
    rechargeInReview: (_, r: RechargeResult) => r.data?.payState === 0,
    onCrypto: ({ context }) => context.tab === 'crypto' && context.tabs.includes('crypto'),
    onBank: ({ context }) => context.tab === 'bank' && context.tabs.includes('bank'),
    toCrypto: ({ context, event }) =>
      event.type === 'tab.select' &&
      event.tab === 'crypto' &&
      context.tab !== 'crypto' &&
      context.tabs.includes('crypto'),
    toBank: ({ context, event }) =>
      event.type === 'tab.select' &&
      event.tab === 'bank' &&
      context.tab !== 'bank' &&
      context.tabs.includes('bank'),
    coinsLoaded: (_, r: CoinsResult) => coinsLoaded(r),
    noCoins: (_, r: CoinsResult) => r.code === 0,
    cardsLoaded: (_, r: CardsResult) => !!r.data,
    /** Coins offered, and back from the agreement page on step two with the coin still offered. */
    resumeStepTwo: ({ context }, r: CoinsResult) =>
      coinsLoaded(r) &&
      context.restored &&
      context.step === 2 &&
      (r.data?.dtoList ?? []).some((n) => n.id === context.coinId),
    knownCoin: ({ context, event }) =>
      event.type === 'coin.select' && context.coins.some((n) => n.id === event.id),
    proofAcceptable: ({ event }) => event.type === 'proof.select' && !checkImage(event.file),
    imageRead: (_, url: string | null) => typeof url === 'string',
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    deposited: (_, r: SubmitResult) => r.code === 0,
  },
  actions: {
    /** What the recharge status said (a failed read lets the deposit open: the server refuses 23552). */
    takeRecharge: assign((_, r: RechargeResult) => ({
      recharge: { payState: r.data?.payState ?? null },
    })),
    setTab: assign(({ event }) => (event.type === 'tab.select' ? { tab: event.tab } : {})),
    applyCoins: assign(({ context }, out: CoinsResult) => {
      const coins = out.data?.dtoList ?? [];
      // The first option is chosen unless the kept form names one still offered.
      const keep = coins.some((n) => n.id === context.coinId);
      return { coins, coinId: keep ? context.coinId : coins[0]?.id, prices: out.prices ?? {} };
    }),
    clearCoins: assign({ coins: [], coinId: undefined }),
    setCards: assign((_, r: CardsResult) => ({ bankCards: r.data ?? [] })),
    recordFailure: assign((_, r: { code: number }) => ({ failure: r.code })),
    selectCoin: assign(({ event }) => (event.type === 'coin.select' ? { coinId: event.id } : {})),
    /** Put the address on the clipboard. Provided by the app where there is one. */
    copyAddress: ({ context }) => {
      const address = coinOf(context)?.address;
      if (address) void globalThis.navigator?.clipboard?.writeText(address).catch(() => {});
    },
    copied: assign(({ context }) => ({ copies: context.copies + 1 })),
    announceCopied: say('copy_success'),
    stepOne: assign({ step: 1 }),
    stepTwo: assign({ step: 2 }),
    editAmount: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            amount: amountInput(event.value, AMOUNT_DECIMALS),
            errors: { ...context.errors, amount: undefined },
          }
        : {},
    ),
    toggleAgreement: assign(({ context }) => ({
      agreed: !context.agreed,
      errors: { ...context.errors, agreement: undefined },
    })),
    rejectProof: assign(({ context, event }) =>
      event.type === 'proof.select'
        ? { errors: { ...context.errors, proof: checkImage(event.file) } }
        : {},
    ),
    markPending: assign(({ event }) =>
      event.type === 'proof.select'
        ? { pending: { name: event.file.name, size: event.file.size, type: event.file.type } }
        : {},
    ),
    /** Only after imageRead: the url is there. */
    setProof: assign(({ context }, url: string | null) => ({
      pending: undefined,
      proof: context.pending && { ...context.pending, url: url ?? '' },
      errors: { ...context.errors, proof: undefined },
    })),
    unreadableProof: assign(({ context }) => ({
      pending: undefined,
      errors: { ...context.errors, proof: 'illegal_extension' },
    })),
    removeProof: assign({ proof: undefined }),
    serviceOpened: assign(({ context }) => ({ serviceRequests: context.serviceRequests + 1 })),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context) })),
    /** The accepted deposit, for the result step (read before the form is reset). */
    keepResult: assign(({ context }, r: SubmitResult) => {
      const coin = coinOf(context);
      return {
        result: {
          amount: context.amount,
          currency: coin?.currency ?? '',
          protocol: coin?.protocol ?? '',
          at: r.at ?? Date.now(),
        },
      };
    }),
    clearResult: assign({ result: undefined }),
    /** The result step says submit_success_please_wait (its title): no notice besides. */
    resetForm: assign({ ...empty, step: 1, failure: undefined }),
    /** Keep the form in session storage (no storage: nothing to do). */
    storeForm: ({ context }) => {
      try {
        globalThis.sessionStorage?.setItem(DEPOSIT_FORM_KEY, JSON.stringify(formOf(context)));
      } catch {
        // Full storage: the form is simply not kept.
      }
    },
    clearStoredForm: () => {
      try {
        globalThis.sessionStorage?.removeItem(DEPOSIT_FORM_KEY);
      } catch {
        // Storage unavailable: nothing was kept.
      }
    },
    markStored: assign({ stored: true }),
    markCleared: assign({ stored: false }),
    /** Open online customer service (bank wire). Provided by the app. */
    openService: () => {},
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => {
    const tabs = input.types.filter((t) => t !== 'crypto' || !input.hideCrypto);
    const r = input.restored;
    return {
      tabs,
      tab: r && tabs.includes(r.tab) ? r.tab : (tabs[0] ?? 'crypto'),
      showQR: !input.hideQRCode,
      walletType: input.walletType ?? 0,
      locale: input.locale ?? 'en',
      coins: [],
      prices: {},
      minUsd: input.minUsd ?? DEPOSIT_MIN_USD,
      bankCards: [],
      coinId: r?.coinId,
      amount: r ? amountInput(r.amount, AMOUNT_DECIMALS) : '',
      proof: r?.proof,
      agreed: r?.agreed ?? false,
      step: r?.step ?? 1,
      pending: undefined,
      errors: {},
      failure: undefined,
      stored: false,
      restored: !!r,
      serviceRequests: 0,
      copies: 0,
      banNewFlow: input.banNewFlow ?? false,
      recharge: undefined,
      result: undefined,
    };
  },
  // Whatever was kept has been read into the machine (or was never there).
  entry: ['clearStoredForm'],
  on: {
    'tab.select': [
      { guard: 'toCrypto', target: '.crypto', actions: 'setTab' },
      { guard: 'toBank', target: '.bank', actions: 'setTab' },
    ],
    'agreement.open': { actions: ['storeForm', 'markStored'] },
    'navigate.away': { actions: ['clearStoredForm', 'markCleared'] },
  },
  initial: 'disabled',
  states: {
    /** No deposit type is configured: the view leaves (deposit is disabled). */
    disabled: {
      tags: ['disabled'],
      always: [
        { guard: 'mustCheck', target: 'checking' },
        { guard: 'onCrypto', target: 'crypto' },
        { guard: 'onBank', target: 'bank' },
      ],
    },
    /** depositBanNewFlow: is the latest deposit still in review? */
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkRecharge',
        src: 'checkRecharge',
        onDone: [
          {
            guard: { type: 'rechargeInReview', params: doneOutput },
            target: 'banned',
            actions: { type: 'takeRecharge', params: doneOutput },
          },
          { target: 'disabled', actions: { type: 'takeRecharge', params: doneOutput } },
        ],
      },
    },
    /** The latest deposit waits for review: no new one until it is decided (Refresh reads again). */
    banned: {
      tags: ['banned'],
      on: { 'status.refresh': 'checking' },
    },
    bank: {
      initial: 'loading',
      on: { 'service.open': { actions: ['openService', 'serviceOpened'] } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadCards',
            src: 'loadCards',
            onDone: [
              {
                guard: { type: 'cardsLoaded', params: doneOutput },
                target: 'ready',
                actions: { type: 'setCards', params: doneOutput },
              },
              { target: 'loadFailed', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        ready: {},
        loadFailed: { tags: ['error'], on: { 'load.retry': 'loading' } },
      },
    },
    crypto: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadCoins',
            src: 'loadCoins',
            input: ({ context }) => ({ walletType: context.walletType }),
            onDone: [
              {
                guard: { type: 'resumeStepTwo', params: doneOutput },
                target: 'details',
                actions: { type: 'applyCoins', params: doneOutput },
              },
              {
                guard: { type: 'coinsLoaded', params: doneOutput },
                target: 'choosing',
                actions: { type: 'applyCoins', params: doneOutput },
              },
              {
                guard: { type: 'noCoins', params: doneOutput },
                target: 'empty',
                actions: 'clearCoins',
              },
              { target: 'loadFailed', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        loadFailed: {
          tags: ['error'],
          on: { 'load.retry': 'loading' },
        },
        /** No coin or network (or, for wallet-type 1, no own wallet) to deposit from. */
        empty: { tags: ['empty'] },
        choosing: {
          entry: 'stepOne',
          on: {
            'coin.select': { guard: 'knownCoin', actions: 'selectCoin' },
            'address.copy': { actions: ['copyAddress', 'copied', 'announceCopied'] },
            'step.next': 'details',
          },
        },
        details: {
          entry: 'stepTwo',
          initial: 'idle',
          on: {
            'field.change': { actions: 'editAmount' },
            'agreement.toggle': { actions: 'toggleAgreement' },
            'proof.remove': { actions: 'removeProof' },
            'step.back': 'choosing',
          },
          states: {
            idle: {
              on: {
                'proof.select': [
                  { guard: 'proofAcceptable', target: 'preparing', actions: 'markPending' },
                  { actions: 'rejectProof' },
                ],
                'form.submit': [
                  { guard: 'formValid', target: '#deposit.crypto.submitting' },
                  { actions: 'showErrors' },
                ],
              },
            },
            preparing: {
              tags: ['busy'],
              on: {
                // Another file chosen while one is read replaces it: that read
                // is dropped and the new one read (it was silently ignored).
                'proof.select': [
                  {
                    guard: 'proofAcceptable',
                    target: 'preparing',
                    reenter: true,
                    actions: 'markPending',
                  },
                  { actions: 'rejectProof' },
                ],
              },
              invoke: {
                id: 'prepareImage',
                src: 'prepareImage',
                input: ({ event }) => ({
                  blob: event.type === 'proof.select' ? event.blob : undefined,
                }),
                onDone: [
                  {
                    guard: { type: 'imageRead', params: doneOutput },
                    target: 'idle',
                    actions: { type: 'setProof', params: doneOutput },
                  },
                  { target: 'idle', actions: 'unreadableProof' },
                ],
              },
            },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => ({
              metaData: JSON.stringify({
                coinId: context.coinId,
                amt: context.amount,
                said: coinOf(context)?.said ?? '',
                locale: context.locale,
              }),
              proof: context.proof?.url ?? '',
            }),
            onDone: [
              {
                guard: { type: 'deposited', params: doneOutput },
                target: 'submitted',
                actions: [{ type: 'keepResult', params: doneOutput }, 'resetForm'],
              },
              { target: 'details', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        /**
         * The result step: submit_success_please_wait, the amount and coin,
         * In review and the time; the form behind it is already reset.
         * `deposit.new` returns to step one; under depositBanNewFlow it reads
         * the recharge status again first (the new deposit is in review).
         */
        submitted: {
          tags: ['done'],
          on: {
            'deposit.new': [
              // depositBanNewFlow: the deposit just made waits for review, so ask again.
              {
                guard: 'banNewFlow',
                target: '#deposit.checking',
                actions: 'clearResult',
              },
              { target: 'choosing', actions: 'clearResult' },
            ],
          },
        },
      },
    },
  },
});

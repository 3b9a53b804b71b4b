/**
 * Deposit (user-centre.md §2 "Deposit", §3 "Deposit payload", §4 "Deposit",
 * §5 "Deposit" and "Images", §6 flags, §7 userDeposit).
 *
 * - Tabs among the configured deposit types (crypto, bank; depositHideCrypto
 *   removes crypto); none configured: `disabled` (the view goes home).
 * - Crypto, step one: the coin and network list (currencySimpleCoinNet, or
 *   userSelfWallet for wallet-type 1 users, whose `said` goes with the
 *   deposit), the house address, its QR code unless depositHideQRCode, and a
 *   copy action. Next opens step two: amount (p_t_deposit_amount, no leading
 *   dot, at most 5 decimals; deposit_amount_positive when zero), a proof
 *   image (p_upload_deposit_proof; heic/jpg/jpeg/png up to 10 MB) and the
 *   agreement (p_read_agreement). Back returns to step one, keeping what was
 *   typed.
 * - Submit: userDeposit, multipart, metaData { coinId, amt, said, locale } and
 *   the depositProof file. Success shows submit_success_please_wait and
 *   resets the form to step one.
 * - Bank: the user's bank cards (userBankCardList, account decoded for its
 *   last 4 digits); deposits by bank wire go through online customer service
 *   (`service.open` runs the app's `openService`).
 * - The form is kept in session storage only while /user/agreement is open:
 *   `agreement.open` stores it, `navigate.away` (any other navigation)
 *   clears it, and a machine started from it (input `restored`) clears it
 *   too. Both are named actions; `stored` says whether it is kept.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { ApiClient, CallResult } from '../api/client.ts';
import type { CoinNet } from '../api/types/user.ts';
import { decodeToken, session } from '../state/session.ts';
import {
  amountInput,
  checkAgreement,
  checkDepositAmount,
  checkImage,
  checkProof,
  dataUrlToBlob,
  decodeForDisplay,
  readImage,
  type FileMeta,
  type ImageValue,
} from './validation/wallet.ts';
import { notice, type Notice } from './notice.ts';

/** Deposit and withdraw amounts: 5 decimals (§5, §9). */
const AMOUNT_DECIMALS = 5;
/** Where the form waits while the agreement page is open. */
export const DEPOSIT_FORM_KEY = 'depositForm';

export type DepositTab = 'crypto' | 'bank';

/** What is kept while the agreement is read. */
export interface DepositForm {
  tab: DepositTab;
  coinId: string | undefined;
  amount: string;
  proof: ImageValue | undefined;
  agreed: boolean;
  step: 1 | 2;
}

export interface DepositInput {
  /** The site's deposit types, in tab order. */
  types: DepositTab[];
  /** Flag depositHideCrypto. */
  hideCrypto?: boolean;
  /** Flag depositHideQRCode. */
  hideQRCode?: boolean;
  /** 1: the user deposits from own wallets. */
  walletType?: number;
  /** Sent in metaData. */
  locale?: string;
  /** The form kept while /user/agreement was open ({@link restoreDepositForm}). */
  restored?: DepositForm;
}

type Field = 'amount' | 'proof' | 'agreement';

/** A bank card of the bank tab. */
export interface DepositBankCard {
  id: string;
  bankName: string;
  /** Decoded; the view shows its last 4 digits. */
  account: string;
}

export interface DepositContext {
  tabs: DepositTab[];
  tab: DepositTab;
  showQR: boolean;
  walletType: number;
  locale: string;
  /** Coin and network options of step one. */
  coins: CoinNet[];
  /** The bank tab's cards. */
  bankCards: DepositBankCard[];
  coinId: string | undefined;
  amount: string;
  proof: ImageValue | undefined;
  agreed: boolean;
  step: 1 | 2;
  /** The proof file being read. */
  pending: FileMeta | undefined;
  errors: Partial<Record<Field, string>>;
  failure: number | undefined;
  notice: Notice | undefined;
  /** The form is in session storage (the agreement page is open). */
  stored: boolean;
  /** Started from a kept form. */
  restored: boolean;
  /** Times customer service was asked for (bank tab). */
  serviceRequests: number;
}

export type DepositEvent =
  | { type: 'tab.select'; tab: DepositTab }
  | { type: 'coin.select'; id: string }
  | { type: 'address.copy' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'field.change'; field: 'amount'; value: string }
  | { type: 'proof.select'; file: FileMeta; blob: Blob }
  | { type: 'proof.remove' }
  | { type: 'agreement.toggle' }
  | { type: 'agreement.open' }
  | { type: 'navigate.away' }
  | { type: 'service.open' }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

type CoinsResult = CallResult<'currencySimpleCoinNet'> | CallResult<'userSelfWallet'>;
type SubmitResult = CallResult<'userDeposit'>;
/** The user's cards, decoded. */
export interface CardsResult {
  code: number;
  data: DepositBankCard[] | null;
}
export interface DepositSubmitInput {
  metaData: string;
  /** Data URL of the proof. */
  proof: string;
}

/**
 * The real actors: the coin list, the bank cards, reading the proof, the
 * deposit. `aesKey` gives the session's key (default: the current token's).
 */
export const depositActors = (
  api: ApiClient,
  opts: { prepare?: (blob: Blob) => Promise<string>; aesKey?: () => string | undefined } = {},
) => ({
  loadCards: fromPromise<CardsResult>(async () => {
    const r = await api.call('userBankCardList', { pageNum: 1, pageSize: 1000 });
    if (!r.data) return { code: r.code, data: null };
    const key = (opts.aesKey ?? (() => decodeToken(session.token)?.aesKey))();
    const data = await Promise.all(
      r.data.list.map(async (c) => ({
        id: c.id,
        bankName: c.bankName,
        account: await decodeForDisplay(key, c.account),
      })),
    );
    return { code: r.code, data };
  }),
  loadCoins: fromPromise<CoinsResult, { walletType: number }>(({ input }) =>
    input.walletType === 1 ? api.call('userSelfWallet') : api.call('currencySimpleCoinNet'),
  ),
  /** The image as a data URL, or null when its bytes are not a picture. */
  prepareImage: fromPromise<string | null, { blob: Blob }>(({ input }) =>
    (opts.prepare ?? readImage)(input.blob).catch(() => null),
  ),
  submit: fromPromise<SubmitResult, DepositSubmitInput>(({ input }) =>
    api.call('userDeposit', { metaData: input.metaData, depositProof: dataUrlToBlob(input.proof) }),
  ),
});

/** The form kept in session storage, if any (read by the app for `restored`). */
export function restoreDepositForm(): DepositForm | undefined {
  try {
    const raw = globalThis.sessionStorage?.getItem(DEPOSIT_FORM_KEY);
    return raw ? (JSON.parse(raw) as DepositForm) : undefined;
  } catch {
    return undefined;
  }
}

const output = <T>(e: unknown) => (e as { output: T }).output;

const formOf = (c: DepositContext): DepositForm => ({
  tab: c.tab,
  coinId: c.coinId,
  amount: c.amount,
  proof: c.proof,
  agreed: c.agreed,
  step: c.step,
});

const errorsOf = (c: DepositContext): DepositContext['errors'] => {
  const e = {
    amount: checkDepositAmount(c.amount),
    proof: checkProof(!!c.proof),
    agreement: checkAgreement(c.agreed),
  };
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
};

const coinOf = (c: DepositContext) => c.coins.find((n) => n.id === c.coinId);

const empty = { amount: '', proof: undefined, agreed: false, errors: {}, pending: undefined };

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  actors: {
    loadCoins: fromPromise<CoinsResult, { walletType: number }>(async () => {
      throw new Error('depositMachine: provide loadCoins');
    }),
    loadCards: fromPromise<CardsResult>(async () => {
      throw new Error('depositMachine: provide loadCards');
    }),
    prepareImage: fromPromise<string | null, { blob: Blob }>(async () => {
      throw new Error('depositMachine: provide prepareImage');
    }),
    submit: fromPromise<SubmitResult, DepositSubmitInput>(async () => {
      throw new Error('depositMachine: provide submit');
    }),
  },
  guards: {
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
    coinsLoaded: ({ event }) => {
      const r = output<CoinsResult>(event);
      return r.code === 0 && (r.data?.dtoList.length ?? 0) > 0;
    },
    noCoins: ({ event }) => output<CoinsResult>(event).code === 0,
    cardsLoaded: ({ event }) => !!output<CardsResult>(event).data,
    /** Back from the agreement page on step two, with the coin still offered. */
    resumeStepTwo: ({ context, event }) =>
      context.restored &&
      context.step === 2 &&
      (output<CoinsResult>(event).data?.dtoList ?? []).some((n) => n.id === context.coinId),
    knownCoin: ({ context, event }) =>
      event.type === 'coin.select' && context.coins.some((n) => n.id === event.id),
    proofAcceptable: ({ event }) => event.type === 'proof.select' && !checkImage(event.file),
    imageRead: ({ event }) => typeof output<string | null>(event) === 'string',
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    deposited: ({ event }) => output<SubmitResult>(event).code === 0,
  },
  actions: {
    setTab: assign(({ event }) => (event.type === 'tab.select' ? { tab: event.tab } : {})),
    applyCoins: assign(({ context, event }) => {
      const coins = output<CoinsResult>(event).data?.dtoList ?? [];
      // The first option is chosen unless the kept form names one still offered.
      const keep = coins.some((n) => n.id === context.coinId);
      return { coins, coinId: keep ? context.coinId : coins[0]?.id };
    }),
    clearCoins: assign({ coins: [], coinId: undefined }),
    setCards: assign(({ event }) => ({ bankCards: output<CardsResult>(event).data ?? [] })),
    recordFailure: assign(({ event }) => ({ failure: output<{ code: number }>(event).code })),
    selectCoin: assign(({ event }) => (event.type === 'coin.select' ? { coinId: event.id } : {})),
    /** Put the address on the clipboard. Provided by the app where there is one. */
    copyAddress: ({ context }) => {
      const address = coinOf(context)?.address;
      if (address) void globalThis.navigator?.clipboard?.writeText(address).catch(() => {});
    },
    copied: assign({ notice: notice('copy_success') }),
    stepOne: assign({ step: 1 as const }),
    stepTwo: assign({ step: 2 as const }),
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
    setProof: assign(({ context, event }) => ({
      pending: undefined,
      proof: context.pending && { ...context.pending, url: output<string>(event) },
      errors: { ...context.errors, proof: undefined },
    })),
    unreadableProof: assign(({ context }) => ({
      pending: undefined,
      errors: { ...context.errors, proof: 'illegal_extension' },
    })),
    removeProof: assign({ proof: undefined }),
    /** A message already shown is not shown again. */
    clearNotice: assign({ notice: undefined }),
    serviceOpened: assign(({ context }) => ({ serviceRequests: context.serviceRequests + 1 })),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context) })),
    resetForm: assign({
      ...empty,
      failure: undefined,
      notice: notice('submit_success_please_wait'),
    }),
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
      bankCards: [],
      coinId: r?.coinId,
      amount: r ? amountInput(r.amount, AMOUNT_DECIMALS) : '',
      proof: r?.proof,
      agreed: r?.agreed ?? false,
      step: r?.step ?? 1,
      pending: undefined,
      errors: {},
      failure: undefined,
      notice: undefined,
      stored: false,
      restored: !!r,
      serviceRequests: 0,
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
        { guard: 'onCrypto', target: 'crypto' },
        { guard: 'onBank', target: 'bank' },
      ],
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
              { guard: 'cardsLoaded', target: 'ready', actions: 'setCards' },
              { target: 'loadFailed', actions: 'recordFailure' },
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
                guard: and(['coinsLoaded', 'resumeStepTwo']),
                target: 'details',
                actions: 'applyCoins',
              },
              { guard: 'coinsLoaded', target: 'choosing', actions: 'applyCoins' },
              { guard: 'noCoins', target: 'empty', actions: 'clearCoins' },
              { target: 'loadFailed', actions: 'recordFailure' },
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
            'address.copy': { actions: ['copyAddress', 'copied'] },
            'step.next': { target: 'details', actions: 'clearNotice' },
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
              invoke: {
                id: 'prepareImage',
                src: 'prepareImage',
                input: ({ event }) => ({
                  blob: (event as Extract<DepositEvent, { type: 'proof.select' }>).blob,
                }),
                onDone: [
                  { guard: 'imageRead', target: 'idle', actions: 'setProof' },
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
              { guard: 'deposited', target: 'choosing', actions: 'resetForm' },
              { target: 'details', actions: 'recordFailure' },
            ],
          },
        },
      },
    },
  },
});

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
 *   dot, at most 5 decimals; deposit_amount_positive when zero;
 *   deposit_min_amount under the USD minimum of §9, shown on both steps and
 *   checked before submitting, when the coin's USD price is known: USD and
 *   USDT always, others from the market's quotes), a proof
 *   image (p_upload_deposit_proof; heic/jpg/jpeg/png up to 10 MB) and the
 *   agreement (p_read_agreement). Back returns to step one, keeping what was
 *   typed.
 * - Submit: userDeposit, multipart, metaData { coinId, amt, said, locale } and
 *   the depositProof file. Success resets the form and shows the result
 *   step (`crypto.submitted`): submit_success_please_wait, the amount and
 *   coin, In review and the time (server time, from the submit actor);
 *   `deposit.new` goes back to step one.
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
import { and, fromPromise, setup } from 'xstate';
import { amountInput } from './validation/wallet.ts';
import { actions } from './deposit/actions.ts';
import { guards } from './deposit/guards.ts';
import { AMOUNT_DECIMALS, DEPOSIT_MIN_USD, coinOf } from './deposit/helpers.ts';
import type {
  CardsResult,
  CoinsResult,
  DepositContext,
  DepositEvent,
  DepositInput,
  DepositSubmitInput,
  RechargeResult,
  SubmitResult,
} from './deposit/types.ts';

export type {
  CardsResult,
  DepositBankCard,
  DepositContext,
  DepositEvent,
  DepositForm,
  DepositInput,
  DepositReceipt,
  DepositSubmitInput,
  DepositTab,
} from './deposit/types.ts';
export { DEPOSIT_FORM_KEY, priceOf, restoreDepositForm } from './deposit/helpers.ts';
export { depositActors } from './deposit/actors.ts';

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
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
    prepareImage: fromPromise<string | null, { blob: Blob }>(async () => {
      throw new Error('depositMachine: provide prepareImage');
    }),
    submit: fromPromise<SubmitResult, DepositSubmitInput>(async () => {
      throw new Error('depositMachine: provide submit');
    }),
  },
  guards,
  actions,
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
      notice: undefined,
      stored: false,
      restored: !!r,
      serviceRequests: 0,
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
          { guard: 'rechargeInReview', target: 'banned', actions: 'takeRecharge' },
          { target: 'disabled', actions: 'takeRecharge' },
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
              { guard: 'deposited', target: 'submitted', actions: ['keepResult', 'resetForm'] },
              { target: 'details', actions: 'recordFailure' },
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
                actions: ['clearResult', 'clearNotice'],
              },
              { target: 'choosing', actions: ['clearResult', 'clearNotice'] },
            ],
          },
        },
      },
    },
  },
});

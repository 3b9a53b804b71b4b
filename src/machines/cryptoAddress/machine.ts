/**
 * Saved crypto withdrawal addresses (user-centre.md §2 "Crypto list, add,
 * delete", routes /user/wallet/crypto, addCrypto, deleteCrypto; §3 "Saved
 * crypto address"; §5 "Add crypto address"; §7; §8).
 *
 * - The list: userWallet { pageNum 1, pageSize 1000 }; addresses arrive
 *   encoded with the token's aesKey and are decoded for display.
 * - Add: a coin and network picker drawer (currencySimpleCoinNet) and an
 *   address (required: p_t_crypto_address; a network too:
 *   p_choose_coin_network). The address is encoded before addUserWallet;
 *   when it cannot be encoded a generic something-wrong message shows.
 *   Success: "add success", back to the list, reloaded.
 * - Delete (the delete screen, reached from the list or by its route with
 *   the wallet's id): a confirm drawer, then deleteUserWallet { walletId };
 *   success: delete_success; either way back to the list, reloaded.
 * - The add and delete routes start the machine with `start`; the list is
 *   read first either way (the delete screen shows the saved wallet).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import { checkCoinNet, checkCryptoAddress } from '../validation/account.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';
import type { CoinNet } from '../../api/types/user.ts';

// ── The input, the context and the events ──

export interface CryptoAddressInput {
  /** The route the flow starts on: the list (default), add, or delete. */
  start?: 'list' | 'add' | 'delete';
  /** The delete route's walletId. */
  walletId?: string;
}

/** A saved address as shown: the address decoded ('' when it cannot be). */
export interface SavedWallet {
  walletId: string;
  currencyId: string;
  currencyName: string;
  protocol: string;
  address: string;
  logoUrl: string;
}

export type CoinOption = Pick<CoinNet, 'id' | 'currency' | 'protocol' | 'logoUrl'>;

export interface CryptoAddressContext {
  start: 'list' | 'add' | 'delete';
  walletId: string | undefined;
  wallets: SavedWallet[];
  coins: CoinOption[];
  /** The chosen network (its id is the currencyId sent). */
  coinId: string | undefined;
  address: string;
  /** The wallet on the delete screen. */
  selected: SavedWallet | undefined;
  errors: { coin?: string; address?: string };
  /** The last failing reply code, until the user changes the form. */
  failure: number | undefined;
  /** What the last save or delete did (announced as a notice when it happened). */
  outcome: 'added' | 'deleted' | 'unsent' | undefined;
}

export type CryptoAddressEvent =
  | { type: 'list.reload' }
  | { type: 'add.open' }
  | { type: 'item.open'; walletId: string }
  | { type: 'back' }
  | { type: 'coins.reload' }
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'coin.select'; id: string }
  | { type: 'field.change'; field: 'address'; value: string }
  | { type: 'form.submit' }
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

/** The list call's code and the decoded list. */
export interface WalletsResult {
  code: number;
  wallets: SavedWallet[];
}
export interface CoinsResult {
  code: number;
  coins: CoinOption[];
}
/** addUserWallet's result, or the address could not be encoded (nothing was sent). */
export type AddResult = CallResult<'addUserWallet'> | { code: -1; encodeFailed: true };

export type { AesKeySource } from '../aes-key.ts';

// ── The machine ──

export const cryptoAddressMachine = setup({
  types: {
    context: {} as CryptoAddressContext,
    events: {} as CryptoAddressEvent,
    input: {} as CryptoAddressInput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    loadWallets: fromPromise<WalletsResult>(async () => {
      throw new Error('cryptoAddressMachine: provide loadWallets');
    }),
    loadCoins: fromPromise<CoinsResult>(async () => {
      throw new Error('cryptoAddressMachine: provide loadCoins');
    }),
    addWallet: fromPromise<AddResult, { currencyId: string; address: string }>(async () => {
      throw new Error('cryptoAddressMachine: provide addWallet');
    }),
    deleteWallet: fromPromise<CallResult<'deleteUserWallet'>, { walletId: string }>(async () => {
      throw new Error('cryptoAddressMachine: provide deleteWallet');
    }),
  },
  guards: {
    ok: (_, p: { code: number }) => p.code === 0,
    encodeFailed: (_, p: AddResult) => 'encodeFailed' in p,
    /** The list read and the flow starts on the add route. */
    okOnAdd: ({ context }, p: { code: number }) => p.code === 0 && context.start === 'add',
    /** The list read and holds the delete route's wallet. */
    okOnDelete: ({ context }, p: WalletsResult) =>
      p.code === 0 &&
      context.start === 'delete' &&
      p.wallets.some((w) => w.walletId === context.walletId),
    knownWallet: ({ context, event }) =>
      event.type === 'item.open' && context.wallets.some((w) => w.walletId === event.walletId),
    knownCoin: ({ context, event }) =>
      event.type === 'coin.select' && context.coins.some((c) => c.id === event.id),
    formValid: ({ context }) =>
      !checkCoinNet(context.coinId) && !checkCryptoAddress(context.address),
  },
  actions: {
    takeWallets: assign((_, p: WalletsResult) => ({
      wallets: p.wallets,
      failure: undefined,
    })),
    /** The start route is honoured once. */
    started: assign({ start: 'list' as const, walletId: undefined }),
    selectStartWallet: assign(({ context }, p: WalletsResult) => ({
      selected: p.wallets.find((w) => w.walletId === context.walletId),
    })),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    forgetOutcome: assign({ outcome: undefined, failure: undefined }),
    resetForm: assign({ coinId: undefined, address: '', errors: {}, failure: undefined }),
    takeCoins: assign((_, p: CoinsResult) => ({ coins: p.coins })),
    selectWallet: assign(({ context, event }) => ({
      selected:
        event.type === 'item.open'
          ? context.wallets.find((w) => w.walletId === event.walletId)
          : undefined,
      failure: undefined,
      outcome: undefined,
    })),
    selectCoin: assign(({ context, event }) =>
      event.type === 'coin.select'
        ? { coinId: event.id, errors: { ...context.errors, coin: undefined }, failure: undefined }
        : {},
    ),
    edit: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            address: event.value,
            errors: { ...context.errors, address: undefined },
            failure: undefined,
            outcome: undefined,
          }
        : {},
    ),
    showErrors: assign(({ context }) => ({
      errors: Object.fromEntries(
        Object.entries({
          coin: checkCoinNet(context.coinId),
          address: checkCryptoAddress(context.address),
        }).filter(([, v]) => v),
      ),
    })),
    recordAdded: assign({ outcome: 'added' as const }),
    announceAdded: say('tips.add_success'),
    recordDeleted: assign({ outcome: 'deleted' as const }),
    announceDeleted: say('tips.delete_success'),
    recordUnsent: assign({ outcome: 'unsent' as const }),
    somethingWrong: say('tips.something_wrong', 'error'),
  },
}).createMachine({
  id: 'cryptoAddress',
  context: ({ input }) => ({
    start: input?.start ?? 'list',
    walletId: input?.walletId,
    wallets: [],
    coins: [],
    coinId: undefined,
    address: '',
    selected: undefined,
    errors: {},
    failure: undefined,
    outcome: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWallets',
        src: 'loadWallets',
        onDone: [
          {
            guard: { type: 'okOnAdd', params: doneOutput },
            target: 'add',
            actions: [{ type: 'takeWallets', params: doneOutput }, 'started'],
          },
          {
            guard: { type: 'okOnDelete', params: doneOutput },
            target: 'detail',
            actions: [
              { type: 'takeWallets', params: doneOutput },
              { type: 'selectStartWallet', params: doneOutput },
              'started',
            ],
          },
          {
            guard: { type: 'ok', params: doneOutput },
            target: 'list',
            actions: [{ type: 'takeWallets', params: doneOutput }, 'started'],
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    failed: { on: { 'list.reload': 'loading' } },
    list: {
      on: {
        'list.reload': 'loading',
        'add.open': { target: 'add', actions: 'forgetOutcome' },
        'item.open': { guard: 'knownWallet', target: 'detail', actions: 'selectWallet' },
      },
    },
    add: {
      initial: 'loadingCoins',
      entry: 'resetForm',
      states: {
        loadingCoins: {
          tags: ['busy'],
          invoke: {
            id: 'loadCoins',
            src: 'loadCoins',
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: 'form',
                actions: { type: 'takeCoins', params: doneOutput },
              },
              { target: 'coinsFailed', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        coinsFailed: {
          on: { 'coins.reload': 'loadingCoins', back: { target: '#cryptoAddress.list' } },
        },
        form: {
          initial: 'idle',
          on: {
            'field.change': { actions: 'edit' },
            back: { target: '#cryptoAddress.list', actions: 'forgetOutcome' },
          },
          states: {
            idle: {
              on: {
                'picker.open': 'picking',
                'form.submit': [
                  { guard: 'formValid', target: '#cryptoAddress.add.saving' },
                  { actions: 'showErrors' },
                ],
              },
            },
            picking: {
              tags: ['drawer'],
              on: {
                'coin.select': { guard: 'knownCoin', target: 'idle', actions: 'selectCoin' },
                'picker.close': 'idle',
              },
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'addWallet',
            src: 'addWallet',
            input: ({ context }) => ({
              currencyId: context.coinId ?? '',
              address: context.address,
            }),
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: '#cryptoAddress.loading',
                actions: ['recordAdded', 'announceAdded'],
              },
              {
                guard: { type: 'encodeFailed', params: doneOutput },
                target: 'form',
                actions: ['recordUnsent', 'somethingWrong'],
              },
              { target: 'form', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
      },
    },
    detail: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'delete.open': 'confirm',
            back: { target: '#cryptoAddress.list', actions: 'forgetOutcome' },
          },
        },
        confirm: {
          tags: ['drawer'],
          on: { 'delete.cancel': 'idle', 'delete.confirm': 'deleting' },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteWallet',
            src: 'deleteWallet',
            input: ({ context }) => ({ walletId: context.selected?.walletId ?? '' }),
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: '#cryptoAddress.loading',
                actions: ['recordDeleted', 'announceDeleted'],
              },
              // Gone already (another tab) or refused: show the list as it is now.
              {
                target: '#cryptoAddress.loading',
                actions: { type: 'recordFailure', params: doneOutput },
              },
            ],
          },
        },
      },
    },
  },
});

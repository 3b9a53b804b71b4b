/**
 * The multi-currency wallet screen (user-centre.md §2 "Wallet", §3 "Wallet
 * balance", §4 "Wallet", §7 myWalletBalance, §9 wallet refresh).
 *
 * - Tabs my_wallet and wallet_record.
 * - my_wallet: the balance (myWalletBalance: one row per currency and the
 *   total in USD) loads, then refreshes every 8 s while the tab is shown;
 *   `balance.reload` (a transfer finished: the transfer machine emits it)
 *   reloads it now. A failed load keeps the last rows and tries again 8 s
 *   later.
 * - wallet_record: the record filter (all, 0 transfer in, 1 transfer out, 2
 *   order) for the records list, which is the generic infinite list
 *   (infiniteListMachine with call walletRecord and payload { type }).
 * - Transfers are their own machine (transfer/machine.ts), one per dialog.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { WalletItem } from '../../api/types/user.ts';
import { WALLET_REFRESH_MS } from '../../config/constants.ts';
import { doneOutput } from '../events.ts';

export type WalletTab = 'my_wallet' | 'wallet_record';
/** Record filter: undefined all, 0 transfer in, 1 transfer out, 2 order. */
export type RecordType = 0 | 1 | 2 | undefined;

interface WalletContext {
  list: WalletItem[];
  /** Total assets in USD. */
  totalBalance: string | undefined;
  recordType: RecordType;
  failure: number | undefined;
}

type WalletEvent =
  | { type: 'tab.select'; tab: WalletTab }
  | { type: 'balance.reload' }
  | { type: 'records.filter'; recordType: RecordType };

export type BalanceResult = CallResult<'myWalletBalance'>;

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
  },
  actors: {
    loadBalance: fromPromise<BalanceResult>(async () => {
      throw new Error('walletMachine: provide loadBalance');
    }),
  },
  delays: {
    /** The balance refreshes every 8 s while my_wallet is shown (§4, §9). */
    walletRefresh: WALLET_REFRESH_MS,
  },
  guards: {
    loaded: (_, p: BalanceResult) => p.code === 0 && !!p.data,
    toRecords: ({ event }) => event.type === 'tab.select' && event.tab === 'wallet_record',
    toWallet: ({ event }) => event.type === 'tab.select' && event.tab === 'my_wallet',
  },
  actions: {
    apply: assign((_, p: BalanceResult) => {
      const d = p.data!;
      return { list: d.list, totalBalance: d.totalBalance, failure: undefined };
    }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    setFilter: assign(({ event }) =>
      event.type === 'records.filter' ? { recordType: event.recordType } : {},
    ),
  },
}).createMachine({
  id: 'wallet',
  context: { list: [], totalBalance: undefined, recordType: undefined, failure: undefined },
  initial: 'myWallet',
  states: {
    myWallet: {
      initial: 'loading',
      on: {
        'tab.select': { guard: 'toRecords', target: 'records' },
        'balance.reload': '.loading',
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadBalance',
            src: 'loadBalance',
            onDone: [
              {
                guard: { type: 'loaded', params: doneOutput },
                target: 'idle',
                actions: { type: 'apply', params: doneOutput },
              },
              { target: 'idle', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        idle: { after: { walletRefresh: 'loading' } },
      },
    },
    records: {
      on: {
        'tab.select': { guard: 'toWallet', target: 'myWallet' },
        'records.filter': { actions: 'setFilter' },
      },
    },
  },
});

/** The transfer machine's real actors: calculate, transfer, read the balances. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { TransferForm, WalletRecord } from '../../api/types/user.ts';
import { readWallet } from '../../state/wallet.ts';
import { sendAdding, stampedSince, type AddedRecord } from '../shared/unsure.ts';
import type { BalanceResult, CalcInput, CalcResult, SubmitResult } from './machine.ts';

export const transferActors = (api: ApiClient) => ({
  calculate: fromPromise<CalcResult, CalcInput>(({ input }) =>
    api.call('transformWalletCalculate', input),
  ),
  submit: fromPromise<SubmitResult, TransferForm>(({ input }) =>
    // A lost reply: the money may have moved already; the wallet records say.
    sendAdding(
      transferRecord(api, input),
      (): Promise<SubmitResult> => api.call('transformWallet', input, { unsure: true }),
      'unsure.transfer',
    ),
  ),
  loadBalance: fromPromise<BalanceResult>(() => readWallet(api)),
});

/** A transfer of these values, as the newest wallet records show it. */
const transferRecord = (api: ApiClient, f: TransferForm): AddedRecord<WalletRecord> => ({
  list: async () =>
    (await api.call('walletRecord', { page: 1, limit: 5, type: f.type }, { quiet: true })).data
      ?.list,
  // The records carry no id: their values and stamp tell them apart.
  key: (x) => `${x.orderType}|${x.currency}|${x.orderQuantity}|${x.orderTime}`,
  matches: (x, since) =>
    x.orderType === f.type &&
    x.currency === f.curr &&
    Number(x.orderQuantity) === Number(f.num) &&
    stampedSince(x.orderTime, since),
});

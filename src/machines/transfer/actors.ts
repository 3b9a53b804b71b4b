/** The transfer machine's real actors: calculate, transfer, read the balances. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { TransferForm } from '../../api/types/user.ts';
import { readWallet } from '../../state/wallet.ts';
import type { BalanceResult, CalcInput, CalcResult, SubmitResult } from './machine.ts';

export const transferActors = (api: ApiClient) => ({
  calculate: fromPromise<CalcResult, CalcInput>(({ input }) =>
    api.call('transformWalletCalculate', input),
  ),
  submit: fromPromise<SubmitResult, TransferForm>(({ input }) =>
    api.call('transformWallet', input),
  ),
  loadBalance: fromPromise<BalanceResult>(() => readWallet(api)),
});

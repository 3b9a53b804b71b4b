/** The wallet machine's real actor: the wallet balance. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { readWallet } from '../../state/wallet.ts';
import type { BalanceResult } from './machine.ts';

export const walletActors = (api: ApiClient) => ({
  loadBalance: fromPromise<BalanceResult>(() => readWallet(api)),
});

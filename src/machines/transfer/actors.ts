/** The transfer machine's real actors: calculate, transfer, read the balances. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { TransferForm } from '../../api/types/user.ts';
import { serverNow } from '../../state/server-clock.ts';
import { readWallet } from '../../state/wallet.ts';
import { doneReply, settleUnsure, stampedSince } from '../shared/unsure.ts';
import type { BalanceResult, CalcInput, CalcResult, SubmitResult } from './machine.ts';

export const transferActors = (api: ApiClient) => ({
  calculate: fromPromise<CalcResult, CalcInput>(({ input }) =>
    api.call('transformWalletCalculate', input),
  ),
  submit: fromPromise<SubmitResult, TransferForm>(async ({ input }) => {
    const since = serverNow();
    const r: SubmitResult = await api.call('transformWallet', input, { unsure: true });
    // A lost reply: the money may have moved already; the wallet records say.
    return settleUnsure(
      r,
      () => transferred(api, input, since),
      (): SubmitResult => doneReply(null),
      'unsure.transfer',
    );
  }),
  loadBalance: fromPromise<BalanceResult>(() => readWallet(api)),
});

/** True when a transfer of these values is among the newest records since `since` (server time). */
async function transferred(
  api: ApiClient,
  f: TransferForm,
  since: number,
): Promise<true | undefined> {
  const r = await api.call('walletRecord', { page: 1, limit: 5, type: f.type }, { quiet: true });
  const found = r.data?.list.some(
    (x) =>
      x.orderType === f.type &&
      x.currency === f.curr &&
      Number(x.orderQuantity) === Number(f.num) &&
      stampedSince(x.orderTime, since),
  );
  return found || undefined;
}

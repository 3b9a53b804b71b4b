/**
 * The multi-currency wallet's latest read (myWalletBalance), one copy for
 * every view (issue 23 "one source per total"): My wallet's total and rows
 * and My page's total assets show the same read, whoever made it (the
 * wallet screen's refresh, a transfer's reload, My page). Kept per account,
 * as the balance is (state/balance.ts).
 */
import { proxy } from 'valtio/vanilla';
import type { ApiClient, CallResult } from '../api/client.ts';
import type { WalletBalanceData } from '../api/types/user.ts';
import { accountOf } from './balance.ts';
import { session } from './session.ts';

export interface WalletRead {
  account: string;
  data: WalletBalanceData;
}

export const walletBoard = proxy<{ read: WalletRead | undefined }>({ read: undefined });

/** Note a wallet read for the account the token was for (a reply for an old token is dropped). */
export function noteWallet(token: string | undefined, data: WalletBalanceData | null | undefined) {
  const account = accountOf(token);
  if (!account || !data || account !== accountOf(session.token)) return;
  walletBoard.read = { account, data: { list: [...data.list], totalBalance: data.totalBalance } };
}

/** Read the wallet and note it (the wallet and transfer machines' actors, My page). */
export async function readWallet(
  api: ApiClient,
  opts?: { quiet?: boolean },
): Promise<CallResult<'myWalletBalance'>> {
  const token = session.token;
  const r = await api.call('myWalletBalance', undefined, opts);
  if (r.code === 0) noteWallet(token, r.data);
  return r;
}

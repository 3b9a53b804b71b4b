/** The wallet's figures for the views that show them (one source: state/wallet.ts). */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { WalletBalanceData } from '../../api/types/user.ts';
import { accountOf } from '../../state/balance.ts';
import { session } from '../../state/session.ts';
import { readWallet, walletBoard } from '../../state/wallet.ts';
import { useServices } from '../services-context.tsx';

/**
 * The wallet's latest read for this account (state/wallet.ts); `read` reads
 * it on mount too, and again when `again` changes (My page and its Refresh;
 * My wallet's machine reads on its own).
 */
export function useWallet(read = false, again?: unknown): WalletBalanceData | undefined {
  const { api } = useServices();
  const { token } = useSnapshot(session);
  const account = accountOf(token);
  useEffect(() => {
    if (read && account) void readWallet(api, { quiet: true });
  }, [api, read, account, again]);
  const board = useSnapshot(walletBoard);
  return board.read && board.read.account === account
    ? (board.read.data as WalletBalanceData)
    : undefined;
}

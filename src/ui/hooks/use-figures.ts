/**
 * Figures shown in more than one place, each from one source (issue 23):
 * the views read them here and mark them with the same `data-figure` key
 * (README "Numbers on screen"), so a figure in the header agrees with the
 * same figure on My page, in the order form, in a list and its summary.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { MarketOrder } from '../../api/types/trading.ts';
import type { WalletBalanceData } from '../../api/types/user.ts';
import { orders } from '../../state/orders.ts';
import { accountOf, balanceFigures, type BalanceFigures } from '../../state/balance.ts';
import { session } from '../../state/session.ts';
import { readWallet, walletBoard } from '../../state/wallet.ts';
import { useServices } from '../services-context.tsx';
import { useBalance } from './use-session.ts';

/** The `data-figure` keys: one per figure, the same in every place it shows. */
export const FIGURE = {
  /** Balance plus locked margin (header popover, My page). */
  balanceTotal: 'balance.total',
  /** The balance (popover, My page, both order forms). */
  balanceAvailable: 'balance.available',
  /** The wallet's total assets in USD (My wallet, My page). */
  walletTotal: 'wallet.total-usd',
  /** One wallet row's balance, and its USD value. */
  walletCoin: (coin: string) => `wallet.${coin}.balance`,
  walletCoinUsd: (coin: string) => `wallet.${coin}.usd`,
  /** The open positions' P&L, net value and available prepayment (the summary). */
  positionsPnl: 'positions.pnl-sum',
  positionsNet: 'positions.net-value',
  positionsAvailable: 'positions.available',
  /** One position's or order's P&L (card, table row, detail). */
  positionPnl: (id: string) => `position.${id}.pnl`,
  /** One option's result (list card, settlement). */
  optionPnl: (uid: string) => `option.${uid}.pnl`,
  /** History's totals. */
  historyToday: 'history.pnl-today',
  historyTotal: 'history.pnl-total',
} as const;

/** The balance's total and available, while `on`: the one source of both (state/balance.ts). */
export function useBalanceFigures(on = true): BalanceFigures | undefined {
  return balanceFigures(useBalance(on));
}

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

/**
 * An order as the exchange channel has it now while it is open or pending
 * (its P&L and current price move), else as given (a closed order, or a list
 * read before it opened): a position's figures are the same in the positions
 * list, its detail, the records screens and the wallet overview.
 */
export function useLiveOrder(o: MarketOrder): MarketOrder {
  const snap = useSnapshot(orders);
  const live = snap.holding.find((x) => x.id === o.id) ?? snap.pending.find((x) => x.id === o.id);
  return (live as MarketOrder | undefined) ?? o;
}

/**
 * The `data-figure` keys (README "Numbers on screen"): a figure shown in more
 * than one place has one key, the same wherever it shows, and one source
 * (hooks/use-figures.ts, use-wallet.ts, use-live-order.ts, trade/summary.ts).
 */
import { BALANCE_AVAILABLE, BALANCE_TOTAL } from './hooks/use-figures.ts';

/** The `data-figure` keys: one per figure, the same in every place it shows. */
export const FIGURE = {
  /** Balance plus locked margin (header popover, My page). */
  balanceTotal: BALANCE_TOTAL,
  /** The balance (popover, My page, both order forms). */
  balanceAvailable: BALANCE_AVAILABLE,
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

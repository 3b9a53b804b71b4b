/**
 * Figures shown in more than one place, each from one source (issue 23):
 * the views read them here and mark them with the same `data-figure` key
 * (README "Numbers on screen"), so a figure in the header agrees with the
 * same figure on My page, in the order form, in a list and its summary.
 * (All the keys: ui/figures.ts; the wallet's and a live order's figures:
 * use-wallet.ts and use-live-order.ts.)
 */
import { balanceFigures, type BalanceFigures } from '../../state/balance.ts';
import { useBalance } from './use-session.ts';

/** The balance's `data-figure` keys (the first route's; the rest are in ui/figures.ts). */
export const BALANCE_TOTAL = 'balance.total';
export const BALANCE_AVAILABLE = 'balance.available';

/** The balance's total and available, while `on`: the one source of both (state/balance.ts). */
export function useBalanceFigures(on = true): BalanceFigures | undefined {
  return balanceFigures(useBalance(on));
}

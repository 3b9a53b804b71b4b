/**
 * The positions summary, consistent with the rows it sits above (issue 13
 * item 4).
 *
 * Where each figure comes from:
 * - a row's P&L is the server's `profitLoss` of that open position on the
 *   exchange channel: (closing-side price − opening price) × volume ×
 *   contract size, in USD. Fees are charged when the order opens and are
 *   shown in their own column, not in the P&L;
 * - the summary's P&L (spec §3 `profitLossSum`) is the same quantity summed
 *   over the open positions. The summary call and the channel are priced at
 *   different instants (the summary is polled, the rows pushed), so the
 *   summary is re-based to the rows' instant: its P&L is the sum of the rows
 *   shown, and net value and available prepayment move by the same
 *   difference. Before the rows arrive, the server's figures stand.
 */
import Big from 'big.js';
import type { MarketOrder, PositionSummary } from '../../api/types/trading.ts';

export interface SummaryFigures {
  profitLoss: number;
  netValue: number;
  available: number;
}

export function summaryAtRows(
  server: Partial<PositionSummary> | undefined,
  holding: readonly Pick<MarketOrder, 'profitLoss'>[] | undefined,
): SummaryFigures | undefined {
  if (!server) return undefined;
  const serverPnl = new Big(server.profitLossSum ?? 0);
  const pnl = holding
    ? holding.reduce((sum, o) => sum.plus(o.profitLoss ?? 0), new Big(0))
    : serverPnl;
  const shift = pnl.minus(serverPnl);
  const cents = (v: Big) => v.round(2, Big.roundHalfUp).toNumber();
  return {
    profitLoss: cents(pnl),
    netValue: cents(new Big(server.netValue ?? 0).plus(shift)),
    available: cents(new Big(server.securityDepositAvailableSum ?? 0).plus(shift)),
  };
}

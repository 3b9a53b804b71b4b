/** A market order's live figures, for every view that shows the order. */
import { useSnapshot } from 'valtio';
import type { MarketOrder } from '../../api/types/trading.ts';
import { orders } from '../../state/orders.ts';

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

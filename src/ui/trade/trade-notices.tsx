/**
 * Notices of positions the trader did not close by hand (issue 25 item 4): a
 * stop loss, take profit or stop-out that fires says so, with the symbol, the
 * close price and the P&L; a pending order that fills says so with its side,
 * volume and fill price. Mounted once; it listens to the exchange channel's
 * lists (state/orders.ts) and reads the closed orders' results, which it
 * keeps for "Order placed" (orders.closed).
 */
import { useEffect } from 'react';
import { noteClosed, onPendingFilled, onPositionsGone, orders } from '../../state/orders.ts';
import { decodeToken, isDemo, session } from '../../state/session.ts';
import { useServices } from '../services-context.tsx';
import { announceClose, announceFill, closedByItself, closedOrders } from './trade-results.ts';

export function TradeNotices() {
  const { api } = useServices();
  useEffect(
    () =>
      onPositionsGone((ids) => {
        const demo = isDemo(decodeToken(session.token));
        void closedOrders(api, ids, demo).then((list) => {
          // Said once: an order looked for twice (a slow reply, then the next check) is kept once.
          const fresh = list.filter((o) => !orders.closed[o.id]);
          noteClosed(list);
          for (const o of fresh) if (closedByItself(o)) announceClose(o);
        });
      }),
    [api],
  );
  useEffect(() => onPendingFilled((list) => list.forEach(announceFill)), []);
  return null;
}

/**
 * Notices of positions the trader did not close by hand (issue 25 item 4): a
 * stop loss, take profit or stop-out that fires says so, with the symbol, the
 * close price and the P&L; a pending order that fills says so with its side,
 * volume and fill price. Mounted once; it listens to the exchange channel's
 * lists (state/orders.ts) and reads the closed orders' results.
 */
import { useEffect } from 'react';
import { onPendingFilled, onPositionsGone } from '../../state/orders.ts';
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
          for (const o of list) if (closedByItself(o)) announceClose(o);
        });
      }),
    [api],
  );
  useEffect(() => onPendingFilled((list) => list.forEach(announceFill)), []);
  return null;
}

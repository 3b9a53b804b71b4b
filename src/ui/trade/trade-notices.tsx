/**
 * Notices of positions the trader did not close by hand (issue 25 item 4): a
 * stop loss, take profit or stop-out that fires says so, with the symbol, the
 * close price and the P&L; a pending order that fills says so with its side,
 * volume and fill price. Mounted once; it listens to the exchange channel's
 * lists (state/orders.ts) and reads the closed orders' results, which it
 * keeps for "Order placed" (orders.closed). An option that settles out of
 * sight says how it ended (option-notices.ts).
 */
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client.ts';
import {
  noteClosed,
  onPendingFilled,
  onPositionsGone,
  orders,
  UNLISTED_CHECKS_MS,
} from '../../state/orders.ts';
import { decodeToken, isDemo, session } from '../../state/session.ts';
import { accountOf } from '../../state/token.ts';
import { useServices } from '../services-context.tsx';
import { announceClose, announceFill, closedByItself, closedOrders } from './trade-results.ts';
import { watchSettledOptions } from './option-notices.ts';

/**
 * Announce the positions that leave the open list by themselves (a stop, a
 * take profit, a stop-out), from the closed list's figures. Returns the stop.
 */
export function watchClosedPositions(api: ApiClient): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Orders being looked for: one search each, however many times they are reported gone.
  const chasing = new Set<string>();
  const done = (ids: readonly string[]) => ids.forEach((id) => chasing.delete(id));
  const look = (ids: readonly string[], book: string | undefined, tries: number) => {
    if (!ids.length) return;
    const token = session.token;
    if (!token || accountOf(token) !== book) return done(ids);
    void closedOrders(api, ids, isDemo(decodeToken(token))).then((list) => {
      // Said once: an order looked for twice (a slow reply, then the next check) is kept once.
      const fresh = list.filter((o) => !orders.closed[o.id]);
      noteClosed(list);
      for (const o of fresh) if (closedByItself(o)) announceClose(o);
      // A server may take the order off the open list before its closed list has it:
      // looked for again, a few times, so the stop's notice is not lost.
      const missing = ids.filter((id) => !orders.closed[id]);
      const wait = UNLISTED_CHECKS_MS[tries];
      done(ids.filter((id) => !missing.includes(id)));
      if (!missing.length || wait === undefined) return done(missing);
      const timer = setTimeout(() => {
        timers.delete(timer);
        // One that a list shows meanwhile is open (an order placed here, listed late).
        const open = (id: string) =>
          [...orders.holding, ...orders.pending].some((o) => o.id === id);
        done(missing.filter(open));
        look(
          missing.filter((id) => !open(id)),
          book,
          tries + 1,
        );
      }, wait);
      timers.add(timer);
    });
  };
  const off = onPositionsGone((gone) => {
    const ids = gone.filter((id) => !chasing.has(id));
    if (!ids.length) return;
    ids.forEach((id) => chasing.add(id));
    const token = session.token;
    look(ids, token ? accountOf(token) : undefined, 0);
  });
  return () => {
    off();
    for (const t of timers) clearTimeout(t);
  };
}

export function TradeNotices() {
  const { api } = useServices();
  useEffect(() => watchClosedPositions(api), [api]);
  useEffect(() => watchSettledOptions(api), [api]);
  useEffect(() => onPendingFilled((list) => list.forEach(announceFill)), []);
  return null;
}

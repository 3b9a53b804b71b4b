/**
 * Trading events the lists follow: an order placed, closed or cancelled, an
 * option placed or settled. Views that show results (history, totals) reload
 * when `seq` moves, so a panel left open does not go stale (issue 13 item 12).
 * `endings` are the server times at which options this client placed end, so
 * a history panel can reload when they settle even if nothing watches them.
 */
import { proxy } from 'valtio/vanilla';
import { serverNow } from './server-clock.ts';

export interface TradeEvents {
  seq: number;
  /** Server times (epoch ms) at which known running options end. */
  endings: number[];
}

export const tradeEvents = proxy<TradeEvents>({ seq: 0, endings: [] });

/** Something changed the user's orders or results. */
export function tradeChanged(): void {
  tradeEvents.seq += 1;
}

/** An option was placed: it ends (server time) at `endTime`. */
export function optionPlaced(endTime: number): void {
  tradeEvents.endings = [...tradeEvents.endings.filter((t) => t > serverNow() - 60_000), endTime];
  tradeChanged();
}

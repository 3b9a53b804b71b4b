/**
 * The reality check's real actor (./machine.ts): what the dialog shows about this session, read from the server:
 * trades placed since it began (market and pending orders, options) and the
 * realised profit and loss (market orders closed and options settled since
 * then), on the account in use. The newest page of each list is enough for
 * any reasonable interval (LIST_LIMIT records per list).
 */
import Big from 'big.js';
import type { ApiClient } from '../../api/client.ts';
import type { MarketOrder, OptionOrder } from '../../api/types/trading.ts';
import type { SessionSummary } from './machine.ts';

const LIST_LIMIT = 100;
/** The order list's filters (trading.md §3): 1 all (newest placed first), 3 closed (newest closed first with columns closingTime). */
const FILTERS: Array<{ positionStatus: number; columns: string[] }> = [
  { positionStatus: 1, columns: [] },
  { positionStatus: 3, columns: ['closingTime'] },
];

/** The summary of some lists (pure: the actor below reads them). */
function summarise(
  startedAt: number,
  now: number,
  orders: MarketOrder[],
  options: OptionOrder[],
): SessionSummary {
  const placedAt = (o: MarketOrder) => o.orderTimeTs ?? o.transactionTimeTs ?? 0;
  const seen = new Set<string>();
  let trades = 0;
  let pnl = new Big(0);
  for (const o of orders) {
    if (seen.has(o.id)) continue;
    seen.add(o.id);
    if (placedAt(o) >= startedAt) trades += 1;
    if (o.positionStatus === 3 && (o.closingTimeTs ?? 0) >= startedAt) pnl = pnl.plus(o.profitLoss);
  }
  for (const o of options) {
    if (seen.has(`o${o.id}`)) continue;
    seen.add(`o${o.id}`);
    if (o.beginTime >= startedAt) trades += 1;
    if (o.completeTime !== null && o.completeTime >= startedAt && o.winLost !== null)
      pnl = pnl.plus(o.winLost);
  }
  return {
    elapsedMs: Math.max(0, now - startedAt),
    tradesPlaced: trades,
    profitLoss: pnl.toFixed(2),
  };
}

/** The machine's `summarise` actor body: the lists of the account in use, then the summary. */
export async function readSessionSummary(
  api: ApiClient,
  opts: { startedAt: number; now: () => number; demo: boolean },
): Promise<SessionSummary> {
  const call = opts.demo ? 'userOrderMock' : 'userOrder';
  const [lists, running, finished] = await Promise.all([
    Promise.all(
      FILTERS.map((filter) =>
        api.call(call, { page: 1, limit: LIST_LIMIT, ...filter }, { noAlert: true }),
      ),
    ),
    api.call(
      'userOptionHistory',
      { page: 1, limit: LIST_LIMIT, positionStatus: 0 },
      { noAlert: true },
    ),
    api.call(
      'userOptionHistory',
      { page: 1, limit: LIST_LIMIT, positionStatus: 1 },
      { noAlert: true },
    ),
  ]);
  const orders = lists.flatMap((r) => (r.code === 0 && r.data ? r.data.list : []));
  const options = [running, finished].flatMap((r) => (r.code === 0 && r.data ? r.data.items : []));
  if ([...lists, running, finished].every((r) => r.code !== 0)) throw new Error('no lists');
  return summarise(opts.startedAt, opts.now(), orders, options);
}

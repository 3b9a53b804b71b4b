/** The trade records' market list query (user-centre.md §4 filters, §7 userOrder payload). */

/** Market filters in order: the index + 1 is the positionStatus sent (all sends none). */
export const MARKET_FILTERS = ['all', 'unsettled', 'deal', 'canceled', 'exception'] as const;

/**
 * The fixed part of the userOrder payload for a filter: positionStatus
 * (index + 1; none for all) and `columns`, the time the list is ordered by:
 * closing time for closed (deal) orders, order time otherwise.
 */
export function marketQuery(filter: number): { positionStatus?: number; columns: string[] } {
  const column = MARKET_FILTERS[filter] === 'deal' ? 'closingTime' : 'orderTime';
  return { ...(filter === 0 ? {} : { positionStatus: filter + 1 }), columns: [column] };
}

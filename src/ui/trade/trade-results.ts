/**
 * What a trade did, said after it (issue 25 item 4): a close names its close
 * price and realised P&L; a stop loss, take profit or stop-out that fires
 * says so with the symbol, price and P&L. The figures are the server's: the
 * closed order as the closed list (positionStatus 3) gives it, with the
 * `closeReason` extension (api/types/trading.ts).
 */
import type { ApiClient } from '../../api/client.ts';
import type { MarketOrder } from '../../api/types/trading.ts';
import { RESULT_TOAST_MS, TOAST_MS } from '../../config/constants.ts';
import { showFigureToast } from '../../state/toasts.ts';

/** The newest closed orders looked at for a result: a burst of closes fits well within. */
const LOOK_BACK = 20;

/** The account's newest closed orders, newest first ([] when refused). */
export async function recentClosedOrders(
  api: ApiClient,
  demo: boolean,
  limit: number = LOOK_BACK,
): Promise<MarketOrder[]> {
  const r = await api.call(
    demo ? 'userOrderMock' : 'userOrder',
    { page: 1, limit, positionStatus: 3, columns: ['closingTime'] },
    { quiet: true },
  );
  return r.code === 0 && r.data ? r.data.list : [];
}

/** These orders as the closed list gives them (those not there yet are left out). */
export async function closedOrders(
  api: ApiClient,
  ids: readonly string[],
  demo: boolean,
): Promise<MarketOrder[]> {
  const wanted = new Set(ids);
  return (await recentClosedOrders(api, demo)).filter((o) => wanted.has(o.id));
}

/** The sentence for a closed order: by hand, its stop loss or take profit, or a stop-out. */
const RESULT_KEY = {
  manual: 'position.result_manual',
  stopLoss: 'position.result_stopLoss',
  takeProfit: 'position.result_takeProfit',
  stopOut: 'position.result_stopOut',
} as const;

/** Whether the system or the order's own stops closed it (not the trader's hand). */
export const closedByItself = (o: MarketOrder): boolean =>
  o.closeReason === 'stopLoss' || o.closeReason === 'takeProfit' || o.closeReason === 'stopOut';

/** Say what a close did: where it closed and the P&L it realised. */
export function announceClose(o: MarketOrder): void {
  const reason = o.closeReason && o.closeReason !== 'reset' ? o.closeReason : 'manual';
  showFigureToast(
    RESULT_KEY[reason],
    {
      symbol: o.tradePair,
      price: { kind: 'price', unit: o.tradePair, value: o.currentPrice },
      pnl: { kind: 'pnl', unit: 'USD', value: o.profitLoss },
    },
    reason === 'manual' || reason === 'takeProfit' ? 'success' : 'info',
    RESULT_TOAST_MS,
  );
}

/**
 * A close by hand went through: say where it closed and what it realised, or
 * only that it went through when the closed list does not hold it yet.
 */
export async function announceCloseOf(
  api: ApiClient,
  orderId: string,
  demo: boolean,
): Promise<void> {
  const [o] = await closedOrders(api, [orderId], demo);
  if (o) announceClose(o);
  else showFigureToast('tips.operation_success', {}, 'success', TOAST_MS);
}

/** A pending order that filled: "Buy limit BTCUSDT 0.01 filled at 58930.00". */
export function announceFill(o: MarketOrder): void {
  showFigureToast(
    o.orderType === 0 ? 'position.filled_buy' : 'position.filled_sell',
    {
      symbol: o.tradePair,
      volume: { kind: 'volume', unit: o.tradePair, value: o.orderQuantity },
      price: { kind: 'price', unit: o.tradePair, value: o.openingPrice },
    },
    'success',
    RESULT_TOAST_MS,
  );
}

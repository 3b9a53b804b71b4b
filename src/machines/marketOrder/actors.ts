/**
 * The market order machine's real actors: product loads, the balance poll
 * (shared), placing the order (and finding it when its reply was lost).
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { mockVariant } from '../../api/contract.ts';
import { noteBalance } from '../../state/balance.ts';
import { knownOrderIds } from '../../state/orders.ts';
import { learnPrecisions, learnProducts } from '../../state/products.ts';
import { session } from '../../state/session.ts';
import { serverNow } from '../../state/server-clock.ts';
import { balancePoller } from '../shared/balance-poller.ts';
import { doneReply, settleUnsure, stampedSince } from '../shared/unsure.ts';
import type { ProductLoad } from '../validation/trading.ts';
import type { PlaceInput, PlaceResult } from './machine.ts';

/** Order info, market status, quote and balance of a product, at once. */
async function loadProduct(api: ApiClient, symbol: string): Promise<ProductLoad> {
  const token = session.token;
  const [info, status, quote, balance] = await Promise.all([
    api.call('productOrderInfo', { productCode: symbol }),
    api.call('marketStatus', { symbol }),
    api.call('thumb', { symbol }),
    api.call('userBalance'),
  ]);
  // Every price on screen uses the product's precision (src/state/products.ts).
  learnProducts(info.data);
  if (quote.data) learnPrecisions([quote.data]);
  // Every view shows the latest balance read (state/balance.ts).
  noteBalance(token, balance.data);
  return { symbol, info, status, quote, balance };
}

/** The real actors. `token` is the session token the exchange payload carries. */
export const marketOrderActors = (
  api: ApiClient,
  token: () => string | undefined = () => session.token,
) => ({
  loadProduct: fromPromise<ProductLoad, { symbol: string }>(({ input }) =>
    loadProduct(api, input.symbol),
  ),
  balancePoller: balancePoller(api),
  placeOrder: fromPromise<PlaceResult, PlaceInput>(async ({ input: { demo, ...p } }) => {
    const body = { ...p, token: token() ?? '' };
    const since = serverNow();
    const known = knownOrderIds();
    const r: PlaceResult = await (demo
      ? api.call(mockVariant.addOrder, body, { unsure: true })
      : api.call('addOrder', body, { unsure: true }));
    return settleUnsure(
      r,
      () => findPlacedOrder(api, demo, p, since, known),
      (id): PlaceResult => doneReply(id),
      'order.outcome_unknown',
    );
  }),
});

/**
 * The number of the order these values placed since `since` (server time),
 * among the account's newest orders and not among those `known` before the
 * press (the same order placed a moment before); undefined when none is, or
 * the list cannot be read (still offline).
 */
async function findPlacedOrder(
  api: ApiClient,
  demo: boolean,
  p: Omit<PlaceInput, 'demo'>,
  since: number,
  known: ReadonlySet<string>,
): Promise<string | undefined> {
  const r = await api.call(
    demo ? mockVariant.userOrder : 'userOrder',
    { page: 1, limit: 5, positionStatus: 1, columns: ['orderTime'] },
    { quiet: true },
  );
  return r.data?.list.find(
    (o) =>
      o.tradePair === p.tradePair &&
      o.orderType === p.orderType &&
      o.buyPoint === p.buyPoint &&
      Number(o.orderQuantity) === p.orderQuantity &&
      !known.has(o.id) &&
      stampedSince(o.orderTimeTs ?? o.transactionTimeTs, since),
  )?.id;
}

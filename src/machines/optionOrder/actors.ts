/**
 * The option order machine's real actors: option loads, the balance poll,
 * placing the option (and finding it when its reply was lost).
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { mockVariant } from '../../api/contract.ts';
import { noteBalance } from '../../state/balance.ts';
import { learnPrecisions } from '../../state/products.ts';
import { knownOptionUids, noteOptionKnown } from '../../state/running-options.ts';
import { session } from '../../state/session.ts';
import { serverNow } from '../../state/server-clock.ts';
import { OPTION_RUNNING_LIMIT } from '../../config/constants.ts';
import type { OptionOrder } from '../../api/types/trading.ts';
import { balancePoller } from '../shared/balance-poller.ts';
import { doneReply, settleUnsure, stampedSince } from '../shared/unsure.ts';
import type { OptionLoad } from '../validation/trading.ts';
import type { PlaceInput, PlaceResult } from './machine.ts';

/** The option product, market status, quote and balance of a symbol, at once. */
async function loadOption(api: ApiClient, symbol: string): Promise<OptionLoad> {
  const token = session.token;
  const [product, status, quote, balance] = await Promise.all([
    api.call('findOptionsProduct', { limit: 1, page: 1, productCode: symbol }),
    api.call('marketStatus', { symbol }),
    api.call('thumb', { symbol }),
    api.call('userBalance'),
  ]);
  if (quote.data) learnPrecisions([quote.data]);
  noteBalance(token, balance.data);
  return { symbol, product, status, quote, balance };
}

/** The real actors. `token` is the session token the exchange payload carries. */
export const optionOrderActors = (
  api: ApiClient,
  token: () => string | undefined = () => session.token,
) => ({
  loadOption: fromPromise<OptionLoad, { symbol: string }>(({ input }) =>
    loadOption(api, input.symbol),
  ),
  balancePoller: balancePoller(api),
  placeOption: fromPromise<PlaceResult, PlaceInput>(async ({ input: { demo, ...p } }) => {
    const body = { ...p, token: token() ?? '' };
    const since = serverNow();
    // Options the app knows at the press are not this one, however alike.
    const known = knownOptionUids();
    const r: PlaceResult = await (demo
      ? api.call(mockVariant.addOrderOption, body, { unsure: true })
      : api.call('addOrderOption', body, { unsure: true }));
    const settled = await settleUnsure(
      r,
      () => findPlacedOption(api, p, since, known),
      (o): PlaceResult => doneReply({ uid: o.uid, beginTime: o.beginTime }),
      'order.outcome_unknown',
    );
    if (settled.data) noteOptionKnown(settled.data.uid);
    return settled;
  }),
});

/**
 * The running option these values placed since `since` (server time), none
 * of the `known` ones; undefined when none is, or the list cannot be read
 * (still offline).
 */
async function findPlacedOption(
  api: ApiClient,
  p: Omit<PlaceInput, 'demo'>,
  since: number,
  known: ReadonlySet<string>,
): Promise<OptionOrder | undefined> {
  const r = await api.call(
    'userOptionHistory',
    { page: 1, limit: OPTION_RUNNING_LIMIT, positionStatus: 0 },
    { quiet: true },
  );
  return r.data?.items.find(
    (o) =>
      !known.has(o.uid) &&
      o.tradePair === p.tradePair &&
      o.orderType === p.orderType &&
      Number(o.amount) === p.amount &&
      o.timeLong === p.timeLong &&
      stampedSince(o.beginTime, since),
  );
}

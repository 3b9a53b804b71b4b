/** The option order machine's real actors: option loads, the balance poll, placing the option. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { mockVariant } from '../../api/contract.ts';
import { noteBalance } from '../../state/balance.ts';
import { learnPrecisions } from '../../state/products.ts';
import { session } from '../../state/session.ts';
import { balancePoller } from '../shared/balance-poller.ts';
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
  placeOption: fromPromise<PlaceResult, PlaceInput>(({ input: { demo, ...p } }) => {
    const body = { ...p, token: token() ?? '' };
    return demo ? api.call(mockVariant.addOrderOption, body) : api.call('addOrderOption', body);
  }),
});

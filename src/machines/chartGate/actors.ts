/** The chart gate's real actor (./machine.ts): one check of the product info. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { TradeMode } from '../../config/site.ts';
import type { GateLoad } from './machine.ts';

async function loadGate(api: ApiClient, symbol: string, mode: TradeMode): Promise<GateLoad> {
  if (mode === 'option') {
    const [status, product] = await Promise.all([
      api.call('marketStatus', { symbol }),
      api.call('findOptionsProduct', { limit: 1, page: 1, productCode: symbol }),
    ]);
    return { symbol, mode, status, product };
  }
  const [status, quote] = await Promise.all([
    api.call('marketStatus', { symbol }),
    api.call('thumb', { symbol }),
  ]);
  return { symbol, mode, status, quote };
}

export const chartGateActors = (api: ApiClient) => ({
  loadGate: fromPromise<GateLoad, { symbol: string; mode: TradeMode }>(({ input }) =>
    loadGate(api, input.symbol, input.mode),
  ),
});

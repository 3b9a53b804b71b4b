/** Prices for the whole app: the product list once, then the market channel's ticks. */
import type { PricesMessage } from '../../api/types/realtime.ts';
import { queuePrices, setAllPrices } from '../../state/prices.ts';
import { rememberPrices } from '../../state/last-prices.ts';
import type { Services } from './services.ts';

export async function startMarketData(s: Services): Promise<void> {
  rememberPrices();
  let first = true;
  s.backend.channels.market.subscribe({ op: 'sub', topic: 'prices' }, (msg) => {
    if (first) performance.mark('boot:first-tick');
    first = false;
    queuePrices((msg as PricesMessage).data);
  });
  s.realtime.send({ type: 'channel.activate', channel: 'market' });
  const r = await s.api.call('productList');
  performance.mark('boot:product-list');
  if (r.data) setAllPrices(r.data);
}

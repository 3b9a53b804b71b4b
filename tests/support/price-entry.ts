/** A made-up price entry for tests of the price streams (every field a client reads). */
import type { PriceEntry } from '../../src/api/types/trading.ts';

export const priceEntry = (
  name: string,
  n: number,
  more: Partial<PriceEntry> = {},
): PriceEntry => ({
  name,
  productName: name,
  price: n,
  bidPrice: n - 1,
  askPrice: n + 1,
  priceChangePercent: 0,
  volume: 0,
  lastUpdate: 0,
  sort: 0,
  type: '1',
  tradeStatus: 1,
  ...more,
});

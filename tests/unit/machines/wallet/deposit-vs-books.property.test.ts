/**
 * The deposit form's minimum against the server's, for random coin prices
 * and amounts: the form converts at the price the market publishes (the
 * thumb's), the books at their own price of the coin. A deposit the form
 * lets through must not come back 1036, nor one it refuses be taken.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDepositMinimum,
  depositMinimumIn,
} from '../../../../src/machines/validation/wallet.ts';
import { belowDepositMinimum, DEPOSIT_MIN_USD } from '../../../../src/api/wallet-rules.ts';
import { productBySymbol } from '../../../../src/simulator/catalogue.ts';
import type { CoreState } from '../../../../src/simulator/core-state.ts';
import type { SimContext } from '../../../../src/simulator/module.ts';
import { createProducts } from '../../../../src/simulator/products.ts';
import { quoteOf } from '../../../../src/simulator/quote.ts';
import { usdPrice } from '../../../../src/simulator/modules/account/coins.ts';

const products = createProducts({ products: {} } as unknown as CoreState);

describe('the deposit form and the books agree on the minimum', () => {
  it.each(['BTC', 'ETH', 'TRX'])('%s: at the published price, whatever the mid', (coin) => {
    const symbol = `${coin}USDT`;
    const d = productBySymbol.get(symbol)!;
    fc.assert(
      fc.property(
        fc.double({ min: d.level * 0.5, max: d.level * 1.5, noNaN: true }),
        fc.integer({ min: -2, max: 2 }),
        (mid, steps) => {
          const shown = quoteOf(d, { t: 0, mid, prev: mid, today: null }, 0, 1, 'open').price;
          // The smallest amount the form names ("at least …"), and a few 0.00001 steps either side.
          const amount = new Big(depositMinimumIn(shown, DEPOSIT_MIN_USD))
            .plus(steps / 1e5)
            .toFixed(5);
          const ctx = {
            products,
            prices: { priceAt: () => mid },
            clock: { now: () => 0 },
          } as unknown as SimContext;
          const books = belowDepositMinimum(amount, usdPrice(ctx, coin)!, DEPOSIT_MIN_USD);
          const form = checkDepositMinimum(amount, shown, DEPOSIT_MIN_USD) === 'deposit_min_amount';
          expect(form).toBe(books);
          if (steps === 0) expect(form).toBe(false);
        },
      ),
      { numRuns: 2000, seed: 20261130 },
    );
  });
});

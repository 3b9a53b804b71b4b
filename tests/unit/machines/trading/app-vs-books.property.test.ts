/**
 * The numbers the order form shows against the numbers the simulator's books
 * take, for random products, prices, volumes and directions: margin, fee,
 * P&L at a stop, the volume a typed figure becomes, and an option's win.
 * Each side runs its own path from its own inputs (the form from the product
 * info and the price board the trader's client holds, the books from the
 * product definition and the prices at that instant), so a rule that drifts
 * on one side (a rate, a rounding, a precision) shows here as a cent apart.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDirection, ProductOrderInfo } from '../../../../src/api/types/trading.ts';
import {
  feeOf,
  marginOf,
  pnlAt,
  volumePrecision,
} from '../../../../src/machines/validation/trading.ts';
import { sanitizeNumber } from '../../../../src/machines/validation/number-input.ts';
import { profitIfWon } from '../../../../src/machines/validation/options.ts';
import { prices } from '../../../../src/state/prices.ts';
import { CATALOGUE, type ProductDef } from '../../../../src/simulator/catalogue.ts';
import { createProducts } from '../../../../src/simulator/products.ts';
import { quoteOf } from '../../../../src/simulator/quote.ts';
import type { CoreState } from '../../../../src/simulator/core-state.ts';
import * as books from '../../../../src/simulator/modules/trading/money.ts';
import type {
  OptionRecord,
  OrderRecord,
  TradingContext,
} from '../../../../src/simulator/modules/trading/state.ts';
import { OPTION_TERMS } from '../../../../src/simulator/modules/trading/option-config.ts';
import { settleOption } from '../../../../src/simulator/modules/trading/options.ts';

const RUNS = { numRuns: 400, seed: 20261130 };
const products = createProducts({ products: {} } as unknown as CoreState);

/** A random mid of every product, off its grid by up to its level (the unrounded walk). */
const mids = fc.tuple(
  ...CATALOGUE.map((d) =>
    fc.double({ min: d.level * 0.5, max: d.level * 1.5, noNaN: true, noDefaultInfinity: true }),
  ),
);

/** The books' view of the prices at one instant, and the trader's board as published from them. */
function market(values: number[]): TradingContext {
  const mid = new Map(CATALOGUE.map((d, i) => [d.symbol, values[i]!]));
  prices.bySymbol = Object.fromEntries(
    CATALOGUE.map((d) => [
      d.symbol,
      quoteOf(
        d,
        { t: 0, mid: mid.get(d.symbol)!, prev: mid.get(d.symbol)!, today: null },
        0,
        1,
        'open',
      ),
    ]),
  );
  return {
    products,
    prices: { priceAt: (s: string) => mid.get(s)! },
  } as unknown as TradingContext;
}

const product = fc.constantFrom(...CATALOGUE);
const direction = fc.constantFrom<OrderDirection>(0, 1);
/** A volume on the product's grid, within its bounds. */
const lotsOf = (d: ProductDef) =>
  fc
    .integer({ min: 1, max: Math.round(d.maxCount / books.lotStep(d).toNumber()) })
    .map((n) => books.lotStep(d).times(n));

afterEach(() => {
  prices.bySymbol = {};
});

describe('the order form and the books compute the same numbers', () => {
  it('margin, fee and the P&L at a price, to the cent, for every product', () => {
    fc.assert(
      fc.property(
        mids,
        product.chain((d) =>
          fc.tuple(
            fc.constant(d),
            lotsOf(d),
            direction,
            fc.double({ min: 0.5, max: 1.5, noNaN: true }),
          ),
        ),
        (values, [d, lots, dir, move]) => {
          const ctx = market(values);
          const info = products.info(d.symbol) as ProductOrderInfo;
          const q = quoteOf(
            d,
            { t: 0, mid: values[CATALOGUE.indexOf(d)]!, prev: 1, today: null },
            0,
            1,
            'open',
          );
          const entry = dir === 0 ? q.askPrice! : q.bidPrice!;
          const close = Number((entry * move).toFixed(d.precision));
          const rate = books.usdRate(ctx, books.quoteCurrency(d), 0);
          const notional = books.notionalUsd(d, new Big(entry), lots, rate);
          const volume = lots.toString();
          expect(marginOf(entry, volume, info)).toBe(
            books.marginOf(notional, d.multiple).toFixed(2),
          );
          expect(feeOf(entry, volume, info)).toBe(books.feeOf(notional).toFixed(2));
          const order = {
            orderType: dir,
            openPrice: String(entry),
            volume: volume,
          } as unknown as OrderRecord;
          expect(pnlAt(dir, entry, close, volume, info)).toBe(
            books.pnlOf(d, order, new Big(close), rate).toFixed(2),
          );
        },
      ),
      RUNS,
    );
  });

  it('a volume typed in the form is the volume the books keep, whatever the smallest volume', () => {
    const minCount = fc.constantFrom(0.01, 0.1, 0.5, 1, 1.5, 2, 10);
    const typed = fc.stringMatching(/^\d{1,4}(\.\d{0,4})?$/);
    fc.assert(
      fc.property(product, minCount, typed, (base, min, raw) => {
        const d = { ...base, minCount: min };
        const info = { ...products.info(base.symbol), minCount: min } as ProductOrderInfo;
        const shown = sanitizeNumber(raw, volumePrecision(info)).replace(/\.$/, '');
        const step = books.lotStep(d);
        const kept = new Big(shown || 0).div(step).round(0, Big.roundDown).times(step);
        expect(kept.eq(shown || 0)).toBe(true);
      }),
      RUNS,
    );
  });

  it('what the placed drawer says a win pays is what settlement pays', () => {
    const amount = fc.integer({ min: 1, max: 1_000_000 });
    const rate = fc.oneof(
      fc.constantFrom(...OPTION_TERMS.map((t) => t.rate)),
      fc.integer({ min: 1, max: 20_000 }).map((n) => n / 100),
    );
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        // A buy whose end price is above its start: a win, settled by the books.
        const ctx = {
          products,
          prices: { priceAt: () => 70_000 },
          ledger: { transfer: () => undefined },
        } as unknown as TradingContext;
        const o = {
          symbol: 'BTCUSDT',
          orderType: 0,
          price: '60000',
          amount: String(a),
          rate: r,
        } as unknown as OptionRecord;
        settleOption(ctx, o, 0);
        expect(profitIfWon(a, r)).toBe(new Big(o.winLost!).toFixed(2));
      }),
      RUNS,
    );
  });
});

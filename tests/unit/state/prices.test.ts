/** The price board: whole entries replace a product's, patches merge into it in place, once a frame. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prices, queuePricePatches, queuePrices, setAllPrices } from '../../../src/state/prices.ts';
import type { PriceEntry } from '../../../src/api/types/trading.ts';

const entry = (name: string, over: Partial<PriceEntry> = {}): PriceEntry => ({
  name,
  productName: name,
  price: 10,
  bidPrice: 9,
  askPrice: 11,
  priceChangePercent: 0,
  volume: 1,
  lastUpdate: 1_000,
  sort: name === 'A' ? 0 : 1,
  type: '1',
  tradeStatus: 1,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers();
  prices.bySymbol = {};
  prices.symbols = [];
});
afterEach(() => vi.useRealTimers());

const frame = () => vi.advanceTimersByTime(20);

describe('price board', () => {
  it('merges a patch into the entry in place: the other fields stay, the entry is the same object', () => {
    queuePrices({ A: entry('A'), B: entry('B') });
    frame();
    const a = prices.bySymbol.A;
    queuePricePatches([{ name: 'A', bidPrice: 8, askPrice: 10, price: 9, lastUpdate: 1_200 }]);
    expect(prices.bySymbol.A!.bidPrice).toBe(9); // not before the frame
    frame();
    expect(prices.bySymbol.A).toBe(a);
    expect(prices.bySymbol.A).toEqual(
      entry('A', { bidPrice: 8, askPrice: 10, price: 9, lastUpdate: 1_200 }),
    );
    expect(prices.bySymbol.B).toEqual(entry('B'));
    expect(prices.symbols).toEqual(['A', 'B']);
  });

  it('within one frame, later ticks win: a patch after a whole entry lands on it, a whole entry after a patch replaces it', () => {
    queuePrices({ A: entry('A'), B: entry('B') });
    frame();
    queuePrices({ A: entry('A', { bidPrice: 5 }) });
    queuePricePatches([
      { name: 'A', askPrice: 12 },
      { name: 'B', askPrice: 13 },
    ]);
    queuePricePatches([{ name: 'A', askPrice: 14 }]);
    queuePrices({ B: entry('B', { bidPrice: 7 }) });
    frame();
    expect(prices.bySymbol.A).toEqual(entry('A', { bidPrice: 5, askPrice: 14 }));
    expect(prices.bySymbol.B).toEqual(entry('B', { bidPrice: 7 }));
  });

  it('a patch for a product not on the board changes nothing', () => {
    queuePricePatches([{ name: 'Z', bidPrice: 1 }]);
    frame();
    expect(prices.bySymbol).toEqual({});
  });

  it("the product list call's list does not overwrite what the live stream put on the board", () => {
    queuePrices({ A: entry('A', { bidPrice: 3, high: 12 }) });
    frame();
    setAllPrices({ A: entry('A', { high: 11 }), B: entry('B') });
    expect(prices.bySymbol.A).toEqual(entry('A', { bidPrice: 3, high: 12 }));
    expect(prices.bySymbol.B).toEqual(entry('B'));
    expect(prices.symbols).toEqual(['A', 'B']);
  });
});

describe('a silent feed of some products', () => {
  it('a product the stream leaves out for 10 s of ticks is quiet (not live) until it comes again; a closed one never is; a clock jump alone flags none', () => {
    prices.quiet = {};
    const open = (name: string, at: number, over: Partial<PriceEntry> = {}) =>
      entry(name, { marketStatus: 'open', lastUpdate: at, sort: 5, ...over });
    let t = 50_000;
    queuePrices({
      QA: open('QA', t),
      QB: open('QB', t),
      QC: open('QC', t, { marketStatus: 'closed' }),
    });
    frame();
    // The server's clock jumps a minute (time skipped): QB is not in that one tick.
    t += 60_000;
    queuePricePatches([{ name: 'QA', price: 11, lastUpdate: t }]);
    frame();
    expect(prices.quiet).toEqual({});
    // Ticks go on without QB (and QC, closed): after 10 s of them, QB is quiet.
    for (let i = 1; i <= 48; i++) {
      queuePricePatches([{ name: 'QA', price: 11 + i, lastUpdate: t + i * 200 }]);
      frame();
    }
    expect(prices.quiet).toEqual({});
    queuePricePatches([{ name: 'QA', price: 99, lastUpdate: t + 10_000 }]);
    frame();
    expect(prices.quiet).toEqual({ QB: true });
    // It comes again: live at once.
    queuePricePatches([{ name: 'QB', price: 12, lastUpdate: t + 10_200 }]);
    frame();
    expect(prices.quiet).toEqual({});
  });
});

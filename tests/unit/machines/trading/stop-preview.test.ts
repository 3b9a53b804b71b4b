/**
 * The range and the P&L shown beside the pending price and the stops (issue
 * 25 item 1): one rule, shared with the simulator's books (api/order-rules.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceEntry, ProductOrderInfo } from '../../../../src/api/types/trading.ts';
import { closePnl, stopRefusal, stopSide } from '../../../../src/api/order-rules.ts';
import { pendingRange, pnlAt, stopPreview } from '../../../../src/machines/validation/trading.ts';
import { prices } from '../../../../src/state/prices.ts';

const btc = {
  productCode: 'BTCUSDT',
  minCount: 0.01,
  maxCount: 10,
  multiple: 20,
  pip: 0.01,
  pricePrecision: 2,
  type: '4',
  contractSize: 1,
} as ProductOrderInfo;
const eurjpy = {
  ...btc,
  productCode: 'EURJPY',
  type: '2',
  pricePrecision: 3,
  contractSize: 100_000,
} as ProductOrderInfo;
const quote = { bid: 59_999.9, ask: 60_000, price: 59_999.95, time: 0 };

afterEach(() => {
  prices.bySymbol = {};
});

describe('the P&L of closing at a price (the books and the form)', () => {
  it('is (close − open) × lots × contract size × USD rate for a buy, the negative for a sell', () => {
    expect(closePnl(0, 60_000, 59_000, '0.1', 1, 1).toFixed(2)).toBe('-100.00');
    expect(closePnl(1, 60_000, 59_000, '0.1', 1, 1).toFixed(2)).toBe('100.00');
    // 0.01 lots of EURJPY (100,000 units a lot), 0.5 yen at 1/150 USD a yen.
    expect(closePnl(0, 160, 160.5, '0.01', 100_000, 1 / 150).toFixed(2)).toBe('3.33');
  });

  it('pnlAt converts a quote currency at the live board’s rate', () => {
    prices.bySymbol = { USDJPY: { price: 150 } as PriceEntry };
    expect(pnlAt(0, 160, 160.5, '0.01', eurjpy)).toBe('3.33');
    expect(pnlAt(1, 160, 160.5, '0.01', eurjpy)).toBe('-3.33');
    expect(pnlAt(0, undefined, 160.5, '0.01', eurjpy)).toBeUndefined();
    expect(pnlAt(0, 160, 160.5, '', eurjpy)).toBeUndefined();
  });
});

describe('where a stop may lie (trading.md §8 308–315)', () => {
  it('a buy stops below and takes profit above; a sell the other way round', () => {
    expect(stopSide('stopLoss', 0)).toBe('below');
    expect(stopSide('takeProfit', 0)).toBe('above');
    expect(stopSide('stopLoss', 1)).toBe('above');
    expect(stopSide('takeProfit', 1)).toBe('below');
  });

  it('names the code of the wrong side, the reference itself included', () => {
    expect(stopRefusal('stopLoss', 100, 0, false, 100)).toBe(311);
    expect(stopRefusal('stopLoss', 99.99, 0, false, 100)).toBeUndefined();
    expect(stopRefusal('takeProfit', 100, 1, true, 100)).toBe(312);
  });
});

describe('the preview beside each field', () => {
  const form = (over: Partial<Parameters<typeof stopPreview>[2]> = {}) => ({
    direction: 0 as const,
    pending: false,
    ref: quote.bid,
    entry: quote.ask,
    volume: '1',
    info: btc,
    ...over,
  });

  it('a buy: stop loss below the bid, take profit above it, with the P&L if hit', () => {
    // Bought at the ask 60000; a stop at 59000 loses 1000.00, a target at 61000 wins 1000.00.
    expect(stopPreview('stopLoss', '59000', form())).toEqual({
      side: 'below',
      ref: 59_999.9,
      pnl: '-1000.00',
    });
    expect(stopPreview('takeProfit', '61000', form())).toEqual({
      side: 'above',
      ref: 59_999.9,
      pnl: '1000.00',
    });
  });

  it('a sell: measured from the ask, P&L from the bid it opened at', () => {
    const sell = form({ direction: 1, ref: quote.ask, entry: quote.bid, volume: '0.5' });
    expect(stopPreview('stopLoss', '60500', sell)).toEqual({
      side: 'above',
      ref: 60_000,
      pnl: '-250.05',
    });
    expect(stopPreview('takeProfit', '59000', sell)).toEqual({
      side: 'below',
      ref: 60_000,
      pnl: '499.95',
    });
  });

  it('gives the range but no P&L for a stop on the wrong side, empty or zero', () => {
    expect(stopPreview('stopLoss', '60500', form())).toEqual({
      side: 'below',
      ref: 59_999.9,
      pnl: undefined,
    });
    expect(stopPreview('stopLoss', '', form())?.pnl).toBeUndefined();
    expect(stopPreview('stopLoss', '0', form())?.pnl).toBeUndefined();
    expect(stopPreview('stopLoss', '59000', form({ ref: undefined }))).toBeUndefined();
  });

  it('a pending price: a buy at or below the ask, a sell at or above the bid', () => {
    expect(pendingRange(0, quote)).toEqual({ side: 'atOrBelow', ref: 60_000 });
    expect(pendingRange(1, quote)).toEqual({ side: 'atOrAbove', ref: 59_999.9 });
    expect(pendingRange(0, null)).toBeUndefined();
  });
});

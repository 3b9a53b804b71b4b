import { describe, expect, it } from 'vitest';
import type { PriceEntry, ProductOrderInfo } from '../../../../src/api/types/trading.ts';
import { validate, type MarketOrderContext } from '../../../../src/machines/marketOrder/machine.ts';
import { feeOf, marginOf } from '../../../../src/machines/validation/trading.ts';
import { prices } from '../../../../src/state/prices.ts';

const info = {
  productCode: 'BTCUSDT',
  minCount: 0.01,
  maxCount: 10,
  multiple: 20,
  pip: 0.01,
  pricePrecision: 2,
  type: '4',
  contractSize: 1,
  feeRate: 0.0005,
} as ProductOrderInfo;

const base: MarketOrderContext = {
  symbol: 'BTCUSDT',
  demo: false,
  rejected: false,
  direction: 0,
  pending: false,
  volume: '1',
  price: '',
  stopLoss: '',
  takeProfit: '',
  stopLossOn: false,
  takeProfitOn: false,
  info,
  quote: { bid: 59_999.9, ask: 60_000, price: 59_999.95, time: 0 },
  balance: { balanceAmount: 3000, lockMargin: 0 },
  closed: 0,
  margin: undefined,
  fee: undefined,
  preview: { price: undefined, stopLoss: undefined, takeProfit: undefined },
  errors: {},
  failure: undefined,
  orderId: undefined,
  balancePolls: 0,
};

describe('market order submit', () => {
  it('the fee is the notional × feeRate, rounded up to the cent', () => {
    expect(feeOf(60_000, '1', info)).toBe('30.00');
    expect(feeOf(60_000.01, '0.01', info)).toBe('0.31');
    expect(feeOf(60_000, '1', { ...info, feeRate: undefined })).toBe('0.00');
  });

  it('refuses inline when the margin fits but margin + fee does not (was a server 203)', () => {
    // Margin 60000 / 20 = 3000.00 fits a 3000 balance; the 30.00 fee does not.
    expect(validate(base).errors.balance).toBe('insufficient_balance');
    expect(
      validate({ ...base, balance: { balanceAmount: 3030, lockMargin: 0 } }).errors.balance,
    ).toBeUndefined();
  });

  it('counts a pair quoted in JPY in USD at the board’s USDJPY, margin and fee alike', () => {
    const eurjpy = {
      ...info,
      productCode: 'EURJPY',
      type: '2',
      multiple: 100,
      contractSize: 100_000,
    } as ProductOrderInfo;
    prices.bySymbol = { USDJPY: { price: 150 } as PriceEntry };
    try {
      // 160 × 0.01 lot × 100,000 = 160,000 JPY = 1,066.67 USD: margin 10.67, fee 0.5333 up to 0.54.
      expect(marginOf(160, '0.01', eurjpy)).toBe('10.67');
      expect(feeOf(160, '0.01', eurjpy)).toBe('0.54');
      const order = {
        ...base,
        symbol: 'EURJPY',
        info: eurjpy,
        volume: '0.01',
        quote: { bid: 159.99, ask: 160, price: 159.995, time: 0 },
      };
      const short = { ...order, balance: { balanceAmount: 11.2, lockMargin: 0 } };
      expect(validate(short).errors.balance).toBe('insufficient_balance');
      const enough = { ...order, balance: { balanceAmount: 11.21, lockMargin: 0 } };
      expect(validate(enough).errors.balance).toBeUndefined();
    } finally {
      prices.bySymbol = {};
    }
  });

  it('shows no margin, and refuses nothing, while the board has no USD rate for the quote currency', () => {
    const eurjpy = {
      ...info,
      productCode: 'EURJPY',
      type: '2',
      contractSize: 100_000,
    } as ProductOrderInfo;
    prices.bySymbol = {};
    // Yen counted as dollars would be a margin of 8,000.00 on 0.01 lot, and a refusal.
    expect(marginOf(160, '0.01', eurjpy)).toBeUndefined();
    expect(feeOf(160, '0.01', eurjpy)).toBeUndefined();
    const order = {
      ...base,
      symbol: 'EURJPY',
      info: eurjpy,
      volume: '0.01',
      quote: { bid: 159.99, ask: 160, price: 159.995, time: 0 },
      balance: { balanceAmount: 100, lockMargin: 0 },
    };
    expect(validate(order).errors.balance).toBeUndefined();
  });

  it("refuses stops the re-fetched quote put on the wrong side, with the server's codes, as typed", () => {
    // Set against an older quote; the price fell to 59000: a buy's stop loss
    // at 59500 is now above the bid (311), its take profit below it (310).
    const c = {
      ...base,
      balance: { balanceAmount: 10_000, lockMargin: 0 },
      stopLossOn: true,
      takeProfitOn: true,
      stopLoss: '59500',
      takeProfit: '58000',
      quote: { bid: 59_000, ask: 59_000.1, price: 59_000.05, time: 1 },
    };
    expect(validate(c).errors).toEqual({ stopLoss: 'code.311', takeProfit: 'code.310' });
    // A pending order's stops are measured from its limit price: 315 and 314.
    expect(validate({ ...c, pending: true, price: '58500' }).errors).toEqual({
      stopLoss: 'code.315',
      takeProfit: 'code.314',
    });
    // A sell the other way round: 309 and 308 against the ask.
    expect(validate({ ...c, direction: 1, stopLoss: '58000', takeProfit: '59500' }).errors).toEqual(
      { stopLoss: 'code.309', takeProfit: 'code.308' },
    );
  });

  it('leaves stops on the right side as typed', () => {
    const v = validate({
      ...base,
      balance: { balanceAmount: 10_000, lockMargin: 0 },
      stopLossOn: true,
      stopLoss: '50000',
    });
    expect(v.errors).toEqual({});
  });
});

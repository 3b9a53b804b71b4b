import { describe, expect, it } from 'vitest';
import { learnProducts } from '../../../src/state/products.ts';
import type { ProductOrderInfo } from '../../../src/api/types/trading.ts';
import { decimalsOf, priceText, volumeText } from '../../../src/ui/format.ts';

const info = (code: string, pricePrecision: number, minCount: number) =>
  ({ productCode: code, pricePrecision, minCount }) as ProductOrderInfo;

describe('prices and volumes in their product precision', () => {
  it('keeps trailing zeros of a 2-decimal product (the report: "59205.2")', () => {
    learnProducts({ BTCUSDT: info('BTCUSDT', 2, 0.01) });
    expect(priceText('BTCUSDT', 59205.2)).toBe('59205.20');
    expect(priceText('BTCUSDT', 59271.5)).toBe('59271.50');
    expect(decimalsOf('BTCUSDT', 59205.2)).toBe(2);
  });

  it('uses 5 decimals for a forex pair, none for missing values', () => {
    learnProducts({ EURUSD: info('EURUSD', 5, 0.01) });
    expect(priceText('EURUSD', 1.1)).toBe('1.10000');
    expect(priceText('EURUSD', null)).toBe('—');
  });

  it('falls back to 2 decimals before the product is known', () => {
    expect(priceText('NEWSYM', 12.5)).toBe('12.50');
  });

  it('prints volumes as lots with 2 decimals, shares whole', () => {
    learnProducts({ AAPL: info('AAPL', 2, 1) });
    expect(volumeText('BTCUSDT', 0.1)).toBe('0.10');
    expect(volumeText('AAPL', 3)).toBe('3');
  });
});

/**
 * The one formatting path (src/ui/format.ts, issue 23): every number by what
 * it belongs to, never by its own digits; the digits learned from price
 * entries, product info and this browser's cache; and `<Num>`'s DOM marks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PriceEntry, ProductOrderInfo } from '../../../src/api/types/trading.ts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.resetModules();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

/** Fresh modules: the digits store reads the cache when it loads. */
async function fresh() {
  const products = await import('../../../src/state/products.ts');
  const format = await import('../../../src/ui/format.ts');
  return { ...products, ...format };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

const info = (code: string, pricePrecision: number, minCount: number) =>
  ({ productCode: code, pricePrecision, minCount }) as ProductOrderInfo;
const entry = (name: string, price: number, pricePrecision?: number, volumePrecision?: number) =>
  ({
    name,
    price,
    bidPrice: price,
    askPrice: price,
    pricePrecision,
    volumePrecision,
  }) as PriceEntry;

describe('prices at their product precision, never at their own digits', () => {
  it('before anything is known: the spec default 2, whatever the number shows (AUDUSD 0.66005)', async () => {
    const f = await fresh();
    expect(f.priceText('AUDUSD', 0.66005)).toBe('0.66');
    expect(f.priceText('AUDUSD', 0.66)).toBe('0.66');
    expect(f.priceText('BTCUSDT', 60446.1)).toBe('60446.10');
  });

  it('learns the digits from price entries (the extension), so 0.66 shows as 0.66000', async () => {
    const f = await fresh();
    f.learnPrecisions([
      entry('AUDUSD', 0.66, 5),
      entry('SPX500', 5067.7, 2, 2),
      entry('AAPL', 190, 2, 0),
    ]);
    expect(f.priceText('AUDUSD', 0.66)).toBe('0.66000');
    expect(f.priceText('AUDUSD', 0.66005)).toBe('0.66005');
    expect(f.priceText('SPX500', 5067.7)).toBe('5067.70');
    expect(f.volumeText('AAPL', 3)).toBe('3');
    expect(f.priceText('AUDUSD', null)).toBe('—');
    // A patch without the fields changes nothing; a wild value is not learned.
    f.learnPrecisions([{ name: 'AUDUSD', bidPrice: 0.7 }, entry('XXX', 1, 99)]);
    expect(f.priceDigits('AUDUSD')).toBe(5);
    expect(f.priceDigits('XXX')).toBe(2);
  });

  it('learns them from product info too: volumes whole for a product traded in whole units', async () => {
    const f = await fresh();
    f.learnProducts({ EURUSD: info('EURUSD', 5, 0.01), AAPL: info('AAPL', 2, 1) });
    expect(f.priceText('EURUSD', 1.1)).toBe('1.10000');
    expect(f.volumeText('EURUSD', 0.1)).toBe('0.10');
    expect(f.volumeText('AAPL', 3)).toBe('3');
    expect(f.volumeText('NEWSYM', 2)).toBe('2.00');
  });

  it('keeps them in this browser, so the next start knows them before any reply', async () => {
    let f = await fresh();
    f.learnPrecisions([entry('AUDUSD', 0.66, 5), entry('BTCUSDT', 60446.1, 2)]);
    await flush();
    expect(JSON.parse(store.get('products.digits')!)).toMatchObject({
      AUDUSD: { price: 5, volume: 2 },
    });
    vi.resetModules();
    f = await fresh();
    expect(f.priceText('AUDUSD', 0.66)).toBe('0.66000');
    expect(f.priceText('BTCUSDT', 60446.1)).toBe('60446.10');
  });

  it('ignores a damaged cache', async () => {
    store.set('products.digits', JSON.stringify({ AUDUSD: { price: 'five' }, EURUSD: null }));
    const f = await fresh();
    expect(f.priceDigits('AUDUSD')).toBe(2);
  });
});

describe('money, percentages and rates by their rules', () => {
  it('USD with 2 decimals (user-centre §9); other coins as the server sends them', async () => {
    const f = await fresh();
    expect(f.amountText(1234.5, 'USD')).toBe('1234.50');
    expect(f.amountText('3815.278', 'USD')).toBe('3815.28');
    expect(f.money(-0.001)).toBe('0.00');
    expect(f.amountText('0.01770000', 'BTC')).toBe('0.01770000');
    expect(f.amountText(1e-7, 'BTC')).toBe('0.0000001');
    expect(f.amountText(undefined, 'USD')).toBe('—');
  });

  it('a change in percent has 2 decimals and a sign; a payout rate is as configured', async () => {
    const f = await fresh();
    expect(f.percentText(1.2)).toBe('+1.20');
    expect(f.percentText(-0.4)).toBe('-0.40');
    expect(f.percentText(0)).toBe('0.00');
    expect(f.percentText(0.004)).toBe('0.00');
    expect(f.rateText(85)).toBe('85');
    expect(f.rateText(87.5)).toBe('87.5');
    expect(f.rateText(0.875 * 100)).toBe('87.5');
  });

  it('numText picks the rule by kind and unit', async () => {
    const f = await fresh();
    f.learnPrecisions([entry('EURUSD', 1.1, 5)]);
    expect(f.numText('price', 'EURUSD', 1.1)).toBe('1.10000');
    expect(f.numText('pnl', 'USD', -3)).toBe('-3.00');
    expect(f.numText('fee', 'USDT', '25')).toBe('25');
    expect(f.numText('margin', 'USD', '12.345')).toBe('12.35');
    expect(f.numText('percent', undefined, 2)).toBe('+2.00');
  });
});

describe('one source per total', () => {
  it('balance figures: total = balance + locked margin, available = balance, in cents', async () => {
    const { balanceFigures } = await import('../../../src/state/balance.ts');
    expect(balanceFigures({ balanceAmount: 0.1, lockMargin: 0.2 })).toEqual({
      total: 0.3,
      available: 0.1,
    });
    expect(balanceFigures(undefined)).toBeUndefined();
  });
});

describe('<Num>: the marks the walker reads', () => {
  it('marks kind, unit and figure; the text holds the sign and the number only', async () => {
    const f = await fresh();
    f.learnPrecisions([entry('AUDUSD', 0.66, 5)]);
    const { Num } = await import('../../../src/ui/components/num.tsx');
    const html = (p: Parameters<typeof Num>[0]) => renderToStaticMarkup(createElement(Num, p));
    expect(html({ kind: 'price', unit: 'AUDUSD', value: 0.66 })).toBe(
      '<span data-num="price" data-unit="AUDUSD"><bdi dir="ltr">0.66000</bdi></span>',
    );
    expect(html({ kind: 'amount', unit: 'USD', value: 5, figure: 'balance.total', as: 'dd' })).toBe(
      '<dd data-num="amount" data-unit="USD" data-figure="balance.total"><bdi dir="ltr">5.00</bdi></dd>',
    );
    expect(html({ kind: 'percent', unit: 'AUDUSD', value: -1 })).toBe(
      '<span data-num="percent"><bdi dir="ltr">-1.00</bdi></span>',
    );
    // Not known yet: a dash, without the marks (nothing to check, nothing to compare).
    expect(html({ kind: 'pnl', unit: 'USD', value: null, figure: 'x' })).toBe('<span>—</span>');
  });

  it('puts numbers into a translated sentence with their marks', async () => {
    const { Num } = await import('../../../src/ui/components/num.tsx');
    const { withNodes } = await import('../../../src/ui/components/num-text.tsx');
    const t = (k: string, v?: Record<string, unknown>) =>
      k === 'range' ? `From ${String(v?.min)} to ${String(v?.max)} ${String(v?.coin)}` : k;
    const node = withNodes(t, 'range', {
      min: createElement(Num, { kind: 'amount', unit: 'USD', value: 50 }),
      max: createElement(Num, { kind: 'amount', unit: 'USD', value: 1e4 }),
      coin: 'USD',
    });
    expect(renderToStaticMarkup(createElement('p', null, node))).toBe(
      '<p>From <span data-num="amount" data-unit="USD"><bdi dir="ltr">50.00</bdi></span> to <span data-num="amount" data-unit="USD"><bdi dir="ltr">10000.00</bdi></span> USD</p>',
    );
  });
});

describe('text the server wrote', () => {
  it('marks its decimal numbers as other, and leaves the words alone', async () => {
    const { ServerText } = await import('../../../src/ui/components/num-text.tsx');
    const html = (text: string) =>
      renderToStaticMarkup(createElement('p', null, createElement(ServerText, { text })));
    expect(html('Your deposit of 0.5 BTC (30000.00 USD) was rejected: id 12')).toBe(
      '<p>Your deposit of <span data-num="other">0.5</span> BTC (<span data-num="other">30000.00</span> USD) was rejected: id 12</p>',
    );
    expect(html('no numbers')).toBe('<p>no numbers</p>');
  });
});

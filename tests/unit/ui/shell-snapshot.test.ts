/**
 * The boot shell's last-seen prices (issue 31 item 3): the record the app
 * writes (shell-texts.ts) and what index.html's painter reads and draws from
 * it and the app's stored prices and digits (shell-snapshot.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../../src/i18n/index.ts';
import { rememberShellTexts } from '../../../src/ui/boot/shell-texts.ts';
import {
  readShellView,
  shellHtml,
  SHELL_KEY,
  SHELL_VERSION,
} from '../../../src/ui/boot/shell-snapshot.ts';
import { DIGITS_KEY, LAST_PRICES_KEY } from '../../../src/state/seen.ts';

const store = new Map<string, string>();
const read = (k: string) => store.get(k) ?? null;
const seen = (
  name: string,
  bidPrice: number,
  askPrice: number,
  change: number,
  productName = name,
) => ({
  name,
  productName,
  price: bidPrice,
  bidPrice,
  askPrice,
  priceChangePercent: change,
  sort: 1,
  type: 1,
  tradeStatus: 1,
});

beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: read,
    setItem: (k: string, v: string) => store.set(k, String(v)),
    removeItem: (k: string) => store.delete(k),
  };
  store.set(
    LAST_PRICES_KEY,
    JSON.stringify([seen('AUDUSD', 0.66, 0.6601, 1.254), seen('BTCUSDT', 60446.1, 60446.3, -0.4)]),
  );
  store.set(DIGITS_KEY, JSON.stringify({ AUDUSD: { price: 5, volume: 2 } }));
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('boot shell snapshot', () => {
  it('paints what the app wrote: its texts, the stored prices at their digits, marked stale', async () => {
    const i18n = await createI18n('en');
    const stop = rememberShellTexts(i18n);
    const view = readShellView(read);
    expect(view?.record).toMatchObject({ v: SHELL_VERSION, lang: 'en', dir: 'ltr' });
    const html = shellHtml(view!);
    expect(html).toContain('<h1 class="boot-title">Markets</h1>');
    expect(html).toContain(
      '<p class="stale-note" role="status">Last prices seen, not live yet</p>',
    );
    // AUDUSD at its 5 digits, BTCUSDT at the default 2 (no digits stored for it).
    expect(html).toContain(
      'data-testid="row-bid-AUDUSD" data-num="price" data-unit="AUDUSD" data-stale="true" aria-label="0.66000, last seen, not live"',
    );
    expect(html).toContain('<bdi dir="ltr">0.66010</bdi>');
    expect(html).toContain('data-testid="row-bid-BTCUSDT"');
    expect(html).toContain('<bdi dir="ltr">60446.10</bdi>');
    expect(html).toContain('<span data-num="percent"><bdi dir="ltr">+1.25</bdi></span>%');
    expect(html).toContain('<bdi dir="ltr">-0.40</bdi></span>%');
    expect(html.indexOf('AUDUSD')).toBeLessThan(html.indexOf('BTCUSDT'));

    // A change of language rewrites the record: right to left in Arabic.
    await changeLanguage(i18n, 'ar');
    expect(readShellView(read)?.record).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(readShellView(read)?.record.texts.title).not.toBe('Markets');
    stop();
  });

  it('paints prices from the socket without the stale note and marks', async () => {
    rememberShellTexts(await createI18n('en'));
    const html = shellHtml(readShellView(read)!, true);
    expect(html).not.toContain('stale');
    expect(html).not.toContain('Last prices seen');
    expect(html).toContain(
      '<td class="price" data-testid="row-bid-AUDUSD" data-num="price" data-unit="AUDUSD"><bdi dir="ltr">0.66000</bdi></td>',
    );
  });

  it('escapes what it paints', async () => {
    rememberShellTexts(await createI18n('en'));
    store.set(
      LAST_PRICES_KEY,
      JSON.stringify([seen('X"Y', 1, 2, 0, '<img src=x onerror=alert(1)></script>')]),
    );
    const html = shellHtml(readShellView(read)!);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('data-testid="row-bid-X&quot;Y"');
  });

  it('paints nothing from a record of another version, a broken one, or no prices', async () => {
    rememberShellTexts(await createI18n('en'));
    const good = store.get(SHELL_KEY)!;
    expect(readShellView(read)).toBeDefined();

    store.set(SHELL_KEY, JSON.stringify({ ...JSON.parse(good), v: SHELL_VERSION + 1 }));
    expect(readShellView(read)).toBeUndefined();
    store.set(SHELL_KEY, JSON.stringify({ ...JSON.parse(good), texts: { title: 'Markets' } }));
    expect(readShellView(read)).toBeUndefined();
    store.set(SHELL_KEY, '{not json');
    expect(readShellView(read)).toBeUndefined();
    store.delete(SHELL_KEY);
    expect(readShellView(read)).toBeUndefined();

    store.set(SHELL_KEY, good);
    store.set(LAST_PRICES_KEY, JSON.stringify([{ name: 'BTCUSDT', bidPrice: 'NaN' }]));
    expect(readShellView(read)).toBeUndefined();
    store.set(LAST_PRICES_KEY, '{}');
    expect(readShellView(read)).toBeUndefined();
  });

  it('takes a wild digit count as the default 2', async () => {
    rememberShellTexts(await createI18n('en'));
    store.set(DIGITS_KEY, JSON.stringify({ AUDUSD: { price: 99 }, BTCUSDT: { price: '3' } }));
    const html = shellHtml(readShellView(read)!);
    expect(html).toContain('<bdi dir="ltr">0.66</bdi>');
    expect(html).toContain('<bdi dir="ltr">60446.10</bdi>');
  });
});

/**
 * Issue 25 item 9: every text a user sees comes from the locale files. The
 * key screens are shown in Japanese and every visible text node is read: a
 * Latin word there is an English string that bypassed the translations,
 * unless it is a symbol, a currency or unit, a product's own name (server
 * data, marked by its place), the brand, or another name on the allow-list.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, LOADING, settled } from './fixtures.ts';
import { go, signIn } from './sim.ts';

/** Names, codes and abbreviations that are the same in every language. */
const ALLOWED = new Set(
  [
    // brand, currencies, units, formats
    'Trader',
    'USD',
    'USDT',
    'USDC',
    'BTC',
    'ETH',
    'TRC20',
    'ERC20',
    'BEP20',
    'OMNI',
    'UID',
    'ID',
    'P&L',
    'PnL',
    'MA',
    'EMA',
    'VOL',
    'MACD',
    'KDJ',
    'RSI',
    'BOLL',
    'SAR',
    'WR',
    'OBV',
    'CCI',
    'DMI',
    'TRIX',
    'BIAS',
    'BBI',
    'ROC',
    'AO',
    'PSY',
    'VR',
    'MTM',
    'EMV',
    'AVP',
    'CR',
    'BRAR',
    'DMA',
    'SMA',
    'Email',
    'E-mail',
    'QR',
    'OK',
    'FAQ',
    'KYC',
    'Visa',
    'Mastercard',
    'English',
    'Bahasa',
    'Indonesia',
    'Deutsch',
    'Español',
    'Français',
    'Italiano',
    'Tiếng',
    'Việt',
    'Demo',
    'Real',
    'FX',
  ].map((w) => w.toLowerCase()),
);

/** In the page: visible text runs with a Latin word that is neither allowed nor data. */
function latinLeft(allowed: string[]): string[] {
  const allow = new Set(allowed);
  // Server data and things that are names by nature: symbols, product names, numbers, addresses.
  const DATA =
    '[data-num], [data-figure], code, .sym, .sub, .quote-card-name, .quote-card-sub, .address, ' +
    'input, textarea, select option, .console, .console-launcher, [translate="no"], svg, ' +
    '.outbox-notices, .tv-lightweight-charts, canvas';
  const out = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = (n.textContent ?? '').trim();
    if (!/[A-Za-z]{2,}/.test(text)) continue;
    const el = n.parentElement;
    if (!el || el.closest(DATA) || el.closest('[aria-hidden="true"], [hidden]')) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') continue;
    // Symbols (BTCUSDT, XAUUSD, AAPL) are all capitals and digits; a token with a digit in it
    // (an id, a code such as 9926FC) is data, not a word.
    const words = (text.match(/[A-Za-z0-9][A-Za-z0-9&-]*[A-Za-z0-9]/g) ?? []).filter(
      (w) => /[A-Za-z]{2,}/.test(w) && !/\d/.test(w),
    );
    const bad = words.filter((w) => !allow.has(w.toLowerCase()) && !/^[A-Z0-9]{3,}$/.test(w));
    if (bad.length) out.add(text.slice(0, 60));
  }
  return [...out];
}

async function scan(page: Page, path: string, found: string[]) {
  await go(page, path);
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
  await settled(page);
  for (const s of await page.evaluate(latinLeft, [...ALLOWED])) found.push(`${path}: “${s}”`);
}

test('phone in Japanese: no English left on the key screens', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(MOBILE);
  await signIn(page, 'ja-scan@example.com');
  await page.evaluate(() => {
    const prefs = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
    localStorage.setItem('preferences', JSON.stringify({ ...prefs, language: 'ja' }));
  });
  await page.goto('/');
  await expect(page.getByRole('navigation').getByText('ホーム')).toBeVisible();
  const found: string[] = [];
  for (const path of [
    '/',
    '/quotation',
    '/chart/BTCUSDT',
    '/BTCUSDT/place?direction=0',
    '/BTCUSDT/placeOption?direction=0',
    '/position',
    '/history',
    '/user',
    '/user/deposit',
    '/user/withdraw',
    '/user/myWallet',
  ])
    await scan(page, path, found);
  expect(found, found.join('\n')).toEqual([]);
});

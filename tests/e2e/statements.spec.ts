/**
 * Statements (issue 16): the CSV of trade records holds the list on screen
 * with its filter applied, headers in the user's language, times in the site's
 * time zone and prices at the product's precision; read back with a CSV parser.
 */
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';
import { OPEN_ALL_WEEK } from './live-kit.ts';

async function buy(page: Page, symbol: string, pending?: string) {
  await page.goto(`/${symbol}/place?direction=0`);
  if (pending) {
    await page.getByLabel('Pending order').check();
    await page.getByLabel('Pending price').fill(pending);
  }
  await page.getByLabel('Volume (lots)').fill('0.1');
  await page.getByRole('button', { name: `Buy ${symbol}` }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
}

async function exportCsv(page: Page): Promise<string[][]> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = readFileSync((await file.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

test(
  'trade records export the filtered list, in the user’s words and the site’s time',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    // 100,000 USD deposited: the forex permission (320) lets the EURUSD order through.
    await signIn(page, 'statement@example.com', 100_000);
    // Forex closes at the weekend: the EURUSD order (five decimals) must fill on any day.
    await backOffice(page, 'setHours', 'EURUSD', OPEN_ALL_WEEK);
    await buy(page, 'BTCUSDT');
    await buy(page, 'EURUSD');
    await buy(page, 'ETHUSDT', '100');
    await page.goto('/user/wallet/transactionList');
    const list = page.getByRole('list', { name: 'Market orders' });
    await expect(list.getByRole('button', { name: /^\w+ \d+$/ })).toHaveCount(3);

    const all = await exportCsv(page);
    const [header, ...rows] = all;
    expect(header?.slice(0, 4)).toEqual(['Order ID', 'Symbol', 'Direction', 'Volume']);
    const shown = (await list
      .getByRole('button', { name: /^\w+ \d+$/ })
      .evaluateAll((els) =>
        els.map((e) => e.getAttribute('aria-label')?.split(' ')[1]),
      )) as string[];
    expect(rows.map((r) => r[0]).sort()).toEqual([...shown].sort());
    const col = (name: string) => header!.indexOf(name);
    const eur = rows.find((r) => r[col('Symbol')] === 'EURUSD')!;
    // EURUSD has 5 decimals: trailing zeros kept; times as 'YYYY-MM-DD HH:mm:ss'.
    expect(eur[col('Place price')]).toMatch(/^\d+\.\d{5}$/);
    expect(eur[col('Place time')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(eur[col('Direction')]).toBe('Buy');
    expect(eur[col('Status')]).toBe('Open');

    // The filter on screen applies: none is canceled, so the file has the header alone.
    await page.getByRole('button', { name: 'Canceled' }).click();
    await expect(list.getByText('No records')).toBeVisible();
    expect(await exportCsv(page)).toHaveLength(1);

    // In Japanese, the headers are Japanese.
    await page.evaluate(() => {
      const prefs = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
      localStorage.setItem('preferences', JSON.stringify({ ...prefs, language: 'ja' }));
    });
    await page.reload();
    const ja = await (async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('.statement-export').click(),
      ]);
      return readFileSync((await file.path()) as string, 'utf8');
    })();
    expect(ja.split('\r\n')[0]).not.toContain('Order ID');
    expect(ja.split('\r\n')[0]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(consoleErrors).toEqual([]);
  },
);

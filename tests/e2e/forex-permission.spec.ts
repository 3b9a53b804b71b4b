/**
 * Forex permission (trading.md §6, §8 code 320, §9): a real account trades
 * forex (trade type 2) only with 100,000 USD of deposits in total, on every
 * site; other markets and the demo account are not bound by it. Both
 * projects: the refusal is the server's, shown as the code's message.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';
import { OPEN_ALL_WEEK } from './live-kit.ts';

const REFUSED = 'Forex permission requires 100,000 USD total deposit (code 320)';

async function buy(page: Page, symbol: string) {
  await page.goto(`/${symbol}/place?direction=0`);
  await page.getByLabel('Volume (lots)').fill('0.01');
  await page.getByRole('button', { name: `Buy ${symbol}` }).click();
}

async function buyLong(page: Page, symbol: string) {
  await page.goto(`/${symbol}/placeOption?direction=0`);
  await page.getByRole('radio', { name: /^30s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: `Buy long ${symbol}` }).click();
}

test(
  'forex needs 100,000 USD of deposits: EURUSD orders and GBPUSD options are refused with 320 until then',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    // Forex closes at the weekend: these must reach the permission rule on any day.
    await page.goto('/');
    await backOffice(page, 'setHours', 'EURUSD', OPEN_ALL_WEEK);
    await backOffice(page, 'setHours', 'GBPUSD', OPEN_ALL_WEEK);
    const uid = await signIn(page, 'forex-50k@example.com', 50_000);

    await buy(page, 'EURUSD');
    await expect(page.getByText(REFUSED)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Order placed' })).toHaveCount(0);
    // Another market is not bound by it.
    await buy(page, 'BTCUSDT');
    await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();

    await page.evaluate(() =>
      localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
    );
    await buyLong(page, 'GBPUSD');
    await expect(page.getByText(REFUSED)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Option placed' })).toHaveCount(0);

    // 50,000 more deposited: 100,000 in all, and forex opens.
    await backOffice(page, 'creditDeposit', uid, 50_000);
    await buyLong(page, 'GBPUSD');
    await expect(page.getByRole('dialog', { name: 'Option placed' })).toBeVisible();
    await page.evaluate(() =>
      localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'market' })),
    );
    await buy(page, 'EURUSD');
    await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  },
);

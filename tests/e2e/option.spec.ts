import type { Locator } from '@playwright/test';
import { test, expect, DESKTOP, MOBILE, screenshot } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';

test(
  'place a 30 s option and see it settle, in the settlement drawer and in history',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'op@example.com', 5000);
    await page
      .getByRole('group', { name: 'Trade mode' })
      .getByRole('button', { name: 'Option' })
      .click();
    const panel = page.getByRole('complementary', { name: 'Place order' });
    // Nothing chosen yet: the spec's message.
    await panel.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
    await expect(panel.getByText('Must choose one of delivery time list')).toBeVisible();
    await panel.getByRole('radio', { name: /^30s/ }).click();
    await panel.getByLabel('Amount', { exact: true }).fill('100');
    await screenshot(page, 'option-desktop');
    await panel.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
    const running = page.getByRole('dialog', { name: 'Option placed' });
    const bar = running.getByRole('progressbar');
    await expect(bar).toBeVisible();
    // The drawer says what was bought: side, stake, the server's open price, rate and a win's pay.
    const fact = (d: Locator, term: string) =>
      d.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
    await expect(fact(running, 'Direction')).toHaveText('Buy long BTCUSDT');
    await expect(fact(running, 'Amount')).toHaveText('100.00');
    await expect(fact(running, 'Payout rate')).toHaveText('80%');
    await expect(fact(running, 'Profit if it wins')).toHaveText('80.00');
    await expect(fact(running, 'Open price')).toHaveText(/^\d+\.\d\d$/);
    const openPrice = await fact(running, 'Open price').textContent();
    // The countdown runs on the server's clock (a running option counting down
    // second by second is trade-options.spec.ts's); the operator moves the clock
    // past the delivery time rather than the test waiting 30 s.
    const left = Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).not.toBe(left);
    await backOffice(page, 'skipTime', 30_000);
    const settled = page.getByRole('dialog', { name: 'Settlement' });
    await expect(settled.getByText(/^(Won|Lost|Draw) /)).toBeVisible({ timeout: 20_000 });
    await expect(settled.getByText('Settled at')).toBeVisible();
    await expect(fact(settled, 'Open price')).toHaveText(openPrice!);
    await screenshot(page, 'option-settled-desktop');
    await settled.getByRole('button', { name: 'Close', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Lists' })
      .getByRole('button', { name: 'History' })
      .click();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('button', { name: /^BTCUSDT / })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  },
);

test('chart screen: header, gated buy and sell, a visitor asked to sign in', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  // Crypto never closes, so this holds whatever the day of the week.
  await page.goto('/chart/BTCUSDT');
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('BTCUSDT');
  await expect(page.getByText('High')).toBeVisible();
  await expect(page.getByText('Volume', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('Please login first')).toBeVisible();
  await screenshot(page, 'chart-frame-mobile');
  // Forex hides volume (types 2 and 3).
  await page.getByRole('combobox', { name: 'Product' }).selectOption('EURUSD');
  await expect(page).toHaveURL(/\/chart\/EURUSD$/);
  await expect(page.getByText('Volume', { exact: true })).toHaveCount(0);
});

test('a closed market disables buy and sell and shows only history', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await backOffice(page, 'setHours', 'AAPL', { start: {}, close: {} });
  await page.goto('/chart/AAPL');
  await expect(page.getByText('The market is closed: only history is shown.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sell', exact: true })).toBeDisabled();
});

test('an option whose result cannot be read says so and opens the history', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'option-unread@example.com', 1000);
  await page.evaluate(() =>
    localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
  );
  await page.goto('/BTCUSDT/placeOption?direction=0');
  await page.getByRole('radio', { name: /^30s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Buy long BTCUSDT' }).click();
  await expect(page.getByRole('dialog', { name: 'Option placed' })).toBeVisible();
  // The option ends, is complete, but its result does not come.
  await backOffice(page, 'force', { call: 'userOptionDetail', code: 1012, times: 50 });
  await backOffice(page, 'skipTime', 31_000);
  await expect(page).toHaveShownToast(
    'Failed to receive the result, please check the transaction history',
    { timeout: 20_000 },
  );
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('dialog', { name: 'Settlement' })).toHaveCount(0);
});

import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice, signIn, go } from './sim.ts';

test('place a market order and close it', { tag: '@live' }, async ({ page, consoleErrors }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'mk@example.com');
  await go(page, '/BTCUSDT/place?direction=0');
  await page.getByLabel('Volume (lots)').fill('0.1');
  await expect(page.getByText('Margin (USD)')).toBeVisible();
  await screenshot(page, 'place-mobile');
  await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  const placed = page.getByRole('dialog', { name: 'Order placed' });
  await expect(placed).toBeVisible();
  await placed.getByRole('button', { name: 'View positions' }).click();
  await expect(page).toHaveURL(/\/position$/);
  const card = page.getByRole('button', { name: /^BTCUSDT \d+$/ });
  await expect(card).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
  await screenshot(page, 'positions-mobile');
  // Closing is allowed 3 minutes after the fill: the reviewer skips time.
  await backOffice(page, 'skipTime', 180_000);
  await card.click();
  const detail = page.getByRole('dialog', { name: /BTCUSDT · \d+/ });
  await expect(detail.getByText('Margin')).toBeVisible();
  await detail.getByRole('button', { name: 'Close position' }).click();
  const confirm = detail.getByRole('alertdialog', { name: 'Close position' });
  await expect(confirm.getByText('0.10', { exact: true })).toBeVisible();
  await expect(confirm.getByText('Buy')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/^Closed BTCUSDT at \d+\.\d\d: P&L -?\d+\.\d\d USD$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Positions (0)' })).toBeVisible();
  // The closed order is in the history, with today's P&L.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(
    page.getByRole('list', { name: 'History' }).getByRole('button', { name: /^BTCUSDT \d+$/ }),
  ).toBeVisible();
  await expect(page.getByText("Today's P&L")).toBeVisible();
  await screenshot(page, 'history-mobile');
  expect(consoleErrors).toEqual([]);
});

test('place a pending order and cancel it', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'pd@example.com');
  await go(page, '/ETHUSDT/place?direction=0');
  await page.getByLabel('Pending order').check();
  const price = page.getByLabel('Pending price');
  // Wrong side first: a buy above the current price is refused.
  await price.fill('999999');
  await page.getByLabel('Volume (lots)').fill('1');
  await page.getByRole('button', { name: 'Buy ETHUSDT' }).click();
  await expect(page.getByText('Wrong price')).toBeVisible();
  await price.fill('100');
  await page.getByRole('button', { name: 'Buy ETHUSDT' }).click();
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View positions' })
    .click();
  await page.getByRole('tab', { name: 'Pending (1)' }).click();
  await page.getByRole('button', { name: /^ETHUSDT \d+$/ }).click();
  const detail = page.getByRole('dialog', { name: /ETHUSDT · \d+/ });
  await detail.getByRole('button', { name: 'Cancel order' }).click();
  await detail.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();
});

test('desktop list panel shows positions in a table', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'dk@example.com');
  await go(page, '/BTCUSDT/place?direction=1');
  await page.goto('/position');
  const panel = page.getByRole('region', { name: 'Position' });
  await expect(panel.getByRole('tab', { name: /Positions/ })).toBeVisible();
  await screenshot(page, 'positions-desktop');
});

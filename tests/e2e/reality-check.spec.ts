/**
 * The reality check (site config `realityCheckMinutes`): after the interval a
 * signed-in user sees the time spent, the trades placed and the realised P&L
 * of this session, with Continue (again one interval later) and Log out.
 * The interval here is 3 s (0.05 min), set through the served site config.
 */
import { readFileSync } from 'node:fs';
import { test, expect, MOBILE } from './fixtures.ts';
import { signIn } from './sim.ts';

test('reminds after the interval with this session’s trades; Continue, then Log out', async ({
  page,
  consoleErrors,
}) => {
  const site = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as object;
  await page.route('**/config/site.json', (r) =>
    r.fulfill({ json: { ...site, realityCheckMinutes: 0.05 } }),
  );
  await page.setViewportSize(MOBILE);
  await signIn(page, 'rc@example.com', 10_000);
  const check = page.getByRole('dialog', { name: 'Reality check' });
  // On a busy machine the first reminder can come (3 s) before the order is placed: it is
  // answered with Continue then, and the one after the order is the one read.
  await page.addLocatorHandler(check, (c) => c.getByRole('button', { name: 'Continue' }).click());
  await page.goto('/BTCUSDT/place?direction=0');
  await page.getByLabel('Volume (lots)').fill('0.1');
  await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  await page.removeLocatorHandler(check);
  await expect(check).toBeVisible({ timeout: 10_000 });
  await expect(check.getByText(/You have been signed in for 0 h 0 min/)).toBeVisible();
  await expect(
    check.locator('dt', { hasText: 'Trades placed this session' }).locator('+ dd'),
  ).toHaveText('1');
  await expect(
    check.locator('dt', { hasText: 'Realised P&L this session (USD)' }).locator('+ dd'),
  ).toHaveText('0.00');
  await check.getByRole('button', { name: 'Continue' }).click();
  await expect(check).toHaveCount(0);
  // One interval later it comes back; Log out ends the session.
  await expect(check).toBeVisible({ timeout: 10_000 });
  await check.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login/);
  expect(consoleErrors).toEqual([]);
});

import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';

test('home shows live quotes: at least 3 prices change within 5 s, no console errors', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).not.toHaveCount(0);
  // The hot cards: three links named by symbol.
  await expect(page.getByRole('link', { name: /BTCUSDT/ }).first()).toBeVisible();

  const cells = page.locator('[data-testid^="row-bid-"]');
  const before = await cells.allTextContents();
  expect(before.length).toBeGreaterThanOrEqual(30);
  await expect
    .poll(
      async () => {
        const after = await cells.allTextContents();
        return after.filter((v, i) => v !== before[i]).length;
      },
      { timeout: 5000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(3);
  await screenshot(page, 'home-mobile');
  expect(consoleErrors).toEqual([]);
});

test('home on desktop', async ({ page, consoleErrors }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
  await screenshot(page, 'home-desktop');
  expect(consoleErrors).toEqual([]);
});

test('a missing site config shows the overlay', async ({ page }) => {
  await page.route('**/config/site.json', (r) => r.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/');
  await expect(page.getByText('Cannot load config, please contact administrator.')).toBeVisible();
});

test('guard: a visitor opening /position goes to /login with the login-required notice', async ({
  page,
}) => {
  await page.goto('/position');
  await expect(page).toHaveURL(/\/login\?to=%2Fposition$/);
  await expect(page.getByRole('status').getByText('Please login first')).toBeVisible();
});

test('an unknown path goes to /', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page).toHaveURL(/\/$/);
});

/**
 * The last prices seen, at once on a reload, marked as not live (issue 14):
 * the quotation screen and the desktop quotation panel, as home does
 * (home.spec.ts). Each test holds live prices back from a second tab (it
 * keeps the shared simulator running over the reload), so only the stored
 * prices can fill the list, then lets them through.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { backOffice, buyAndViewPositions, logOut, signIn } from './sim.ts';

const LIVE = '[data-testid^="row-bid-"]:not([data-stale="true"])';
const STALE = '[data-testid^="row-bid-"][data-stale="true"]';

/** Live prices seen once in `list`, then held back from the next load of its page. */
async function holdLivePrices(context: BrowserContext, list: Locator): Promise<Page> {
  await expect(list.locator(LIVE).first()).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.locator(LIVE).first()).toBeVisible();
  await backOffice(other, 'delay', { call: 'productList', ms: 60_000 });
  await backOffice(other, 'freezeChannel', 'market', true);
  return other;
}

async function expectStaleThenLive(other: Page, list: Locator): Promise<void> {
  const stale = list.locator(STALE);
  await expect(stale.first()).toBeVisible();
  await expect(list.locator(LIVE)).toHaveCount(0);
  await expect(stale.first()).toHaveCSS('font-style', 'italic');
  await expect(stale.first()).toHaveAccessibleName(/last seen, not live/);
  await expect(list.getByRole('status').filter({ hasText: 'Last prices seen' })).toBeVisible();

  await backOffice(other, 'freezeChannel', 'market', false);
  await expect(stale).toHaveCount(0);
  await expect(list.locator(LIVE).first()).toBeVisible();
  await expect(list.getByText('Last prices seen, not live yet')).toHaveCount(0);
}

test('the quotation screen shows the last prices seen at once, marked as not live', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/quotation');
  const list = page.getByRole('main');
  const other = await holdLivePrices(context, list);
  await page.reload();
  await expectStaleThenLive(other, list);
  expect(consoleErrors).toEqual([]);
});

test('the desktop quotation panel shows the last prices seen at once, marked as not live', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const list = page.getByRole('complementary', { name: 'Quotation' });
  const other = await holdLivePrices(context, list);
  await page.reload();
  await expectStaleThenLive(other, list);
  expect(consoleErrors).toEqual([]);
});

/** Reloads `page` with the app's scripts held back until the returned function is called. */
async function reloadWithScriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  return release;
}

/** Whether any module has run: the entry marks its start. */
const modulesRan = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('boot:main').length);

// Issue 31: a repeat visit paints them from index.html before any module script runs.
test("a repeat visit shows the last prices before the app's scripts load, then live ones", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const stale = page.locator(STALE);
  await expect(page.locator(LIVE).first()).toBeVisible();
  // Written by the app: its last prices and the shell's texts.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          localStorage.getItem('prices.last') !== null &&
          localStorage.getItem('boot.shell') !== null,
      ),
    )
    .toBe(true);
  const release = await reloadWithScriptsHeld(page);
  await expect(stale.first()).toBeVisible();
  expect(await modulesRan(page)).toBe(0);
  await expect(stale.first()).toHaveCSS('font-style', 'italic');
  await expect(stale.first()).toHaveAccessibleName(/last seen, not live/);
  await expect(page.getByRole('status').filter({ hasText: 'Last prices seen' })).toBeVisible();
  expect(await stale.count()).toBeGreaterThanOrEqual(30);

  release();
  await expect(page.locator(LIVE).first()).toBeVisible();
  await expect(stale).toHaveCount(0);
  await expect(page.getByText('Last prices seen, not live yet')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("a repeat visit to /position shows the account's last positions before the app's scripts load; signing out forgets them", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'shell-positions@example.com');
  await buyAndViewPositions(page, '0.5');
  await expect(page.locator('[aria-label="Summary"] dd').first()).not.toHaveText('—');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('boot.account'))).not.toBeNull();

  const release = await reloadWithScriptsHeld(page);
  const painted = page.getByRole('list', { name: 'Positions (1)' });
  await expect(painted.getByText('BTCUSDT')).toBeVisible();
  expect(await modulesRan(page)).toBe(0);
  await expect(page.locator('[aria-label="Summary"] dd[data-stale="true"]')).toHaveCount(3);
  // Each figure says so in words a screen reader reads, and the note is a status.
  await expect(page.locator('dd[data-stale="true"]').first()).toContainText('last seen, not live');
  await expect(page.getByRole('status').filter({ hasText: 'Last prices seen' })).toBeVisible();

  release();
  await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
  await expect(page.locator('[data-stale="true"]')).toHaveCount(0);
  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('boot.account'))).toBeNull();
  expect(consoleErrors).toEqual([]);
});

// trading.md §4: a channel silent for 10 s is stale and reconnected. The
// prices a silent market channel left on screen are its last ones, not live:
// they say so (home's rows, the chart's price and the order form), even
// while the exchange channel still speaks (no offline banner then).
test(
  'prices a silent market channel left on screen are marked as not live until it speaks again',
  { tag: '@live' },
  async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(MOBILE);
    await signIn(page, 'silent-feed@example.com');
    const rows = page.getByRole('main');
    await expect(rows.locator(LIVE).first()).toBeVisible();
    await backOffice(page, 'freezeChannel', 'market', true);
    // The stale time is 10 s of silence: a real wait is the thing tested.
    await expect(rows.locator(STALE).first()).toBeVisible({ timeout: 25_000 });
    await expect(rows.locator(LIVE)).toHaveCount(0);
    await expect(rows.getByRole('status').filter({ hasText: 'Prices are not live' })).toBeVisible();
    await expect(rows.locator(STALE).first()).toHaveAccessibleName(/last seen, not live/);
    await page.goto('/BTCUSDT/place?direction=0');
    await expect(page.locator('dd[data-stale="true"]').first()).toBeVisible({ timeout: 25_000 });
    await backOffice(page, 'freezeChannel', 'market', false);
    await expect(page.locator('dd[data-stale="false"]').first()).toBeVisible({ timeout: 25_000 });
    await expect(page.locator('[data-stale="true"]')).toHaveCount(0);
  },
);

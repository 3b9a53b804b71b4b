/**
 * The desktop workspace (trading.md §2 "Desktop shell"): the default symbol
 * is BTCUSDT once prices arrive and the user is logged in (a guest, or a
 * board still waiting for prices, has none and is asked to choose), and the
 * quotation panel has a search.
 */
import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, isLive, screenshot } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';

const chartOf = (page: Page, symbol: string) =>
  page.getByRole('img', { name: `${symbol} price chart` });
const choose = (page: Page) =>
  page.getByRole('region', { name: 'No product chosen' }).getByRole('status');
const quotation = (page: Page) => page.getByRole('complementary', { name: 'Quotation' });

test('desktop: a guest gets no default symbol, even with prices on the board; choosing one shows it', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  // Live prices in the quotation panel: they have arrived.
  await expect(
    quotation(page).locator('[data-testid^="row-bid-"]:not([data-stale="true"])').first(),
  ).toBeVisible();
  await expect(choose(page)).toHaveText('Choose a product in the quotation list');
  await expect(page.getByRole('region', { name: 'BTCUSDT chart' })).toHaveCount(0);
  await expect(chartOf(page, 'BTCUSDT')).toHaveCount(0);
  await quotation(page).getByRole('tab', { name: 'Cryptos' }).click();
  await quotation(page)
    .getByRole('button', { name: /ETHUSDT/ })
    .click();
  await expect(chartOf(page, 'ETHUSDT')).toBeVisible();
  await expect(choose(page)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test(
  'desktop: a signed-in user gets BTCUSDT only once prices arrive',
  { tag: '@live' },
  async ({ page, context, consoleErrors }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'default-symbol@example.com');
    await expect(chartOf(page, 'BTCUSDT')).toBeVisible();
    // Prices held back (the product list delayed, the market channel frozen); in simulator
    // mode a second tab keeps the shared simulator, and its faults, over the reload.
    const operator = isLive() ? page : await context.newPage();
    if (operator !== page) await operator.goto('/');
    await backOffice(operator, 'delay', { call: 'productList', ms: 60_000 });
    await backOffice(operator, 'freezeChannel', 'market', true);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: /UID \d+/ })).toBeVisible();
    await expect(choose(page)).toHaveText('Choose a product in the quotation list');
    await expect(chartOf(page, 'BTCUSDT')).toHaveCount(0);
    // The channel flows again: prices arrive, and with them the default.
    await backOffice(operator, 'freezeChannel', 'market', false);
    await expect(chartOf(page, 'BTCUSDT')).toBeVisible();
    await expect(
      page
        .getByRole('complementary', { name: 'Place order' })
        .getByRole('heading', { name: 'BTCUSDT · Market' }),
    ).toBeVisible();
    await backOffice(operator, 'clearScenarios');
    expect(consoleErrors).toEqual([]);
  },
);

test('desktop: the quotation panel searches every trade type by symbol or name', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const panel = quotation(page);
  const search = panel.getByRole('searchbox', { name: 'Search symbols' });
  await expect(panel.getByRole('tab', { name: 'Commodities' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel.getByRole('button', { name: /XAUUSD/ })).toBeVisible();
  // A forex symbol from the commodities tab.
  await search.fill('gbp');
  await expect(panel.getByRole('button', { name: /GBPUSD/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /XAUUSD/ })).toHaveCount(0);
  // By the product's name.
  await search.fill('bitcoin');
  await expect(panel.getByRole('button', { name: /BTCUSDT/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /GBPUSD/ })).toHaveCount(0);
  await search.fill('zzzz');
  await expect(panel.getByText('No matching products')).toBeVisible();
  await search.fill('');
  await expect(panel.getByRole('button', { name: /XAUUSD/ })).toBeVisible();
  // A result chooses the symbol.
  await search.fill('gbpusd');
  await panel.getByRole('button', { name: /GBPUSD/ }).click();
  await expect(chartOf(page, 'GBPUSD')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('desktop widths: colour buttons only above 1600, the list open only above 790 high, drawers max(30vw, 480px) (trading §2, §9)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 790 });
  await signIn(page, 'w3-widths@example.com', 50_000);
  const colours = page.getByRole('group', { name: 'Up and down colours' });
  const list = page.getByRole('region', { name: 'Position' });
  await expect(page.getByRole('complementary', { name: 'Place order' })).toBeVisible();
  await expect(colours).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Place order' })).toBeVisible();
  await expect(list).toHaveCount(0);
  await page.setViewportSize({ width: 1601, height: 791 });
  await expect(colours.getByRole('button')).toHaveCount(2);
  await page.reload();
  await expect(list.getByRole('tab', { name: /^Positions/ })).toBeVisible();
  await screenshot(page, 'wave3-wide-list-open-desktop');
  // The account drawer: 480 px at 1440 wide (30vw is 432), 30vw = 576 px at 1920.
  for (const [width, px] of [
    [1440, 480],
    [1920, 576],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/user');
    const drawer = page.getByRole('dialog', { name: 'Mine' });
    await expect(drawer).toBeVisible();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(px);
  }
});

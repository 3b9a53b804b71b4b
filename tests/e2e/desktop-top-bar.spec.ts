/**
 * The desktop workspace's top bar: the place-order toggle and trade-mode
 * buttons, period and candle-type selects, search, the starting symbol, and
 * the demo/real switch (trading §2, §4).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, DESKTOP, LOADING } from './fixtures.ts';
import { backOffice, signIn, saved } from './sim.ts';

/** The chart of a symbol: an image named after it, described by what it draws. */
const chartOf = (page: Page, symbol: string) =>
  page.getByRole('img', { name: `${symbol} price chart` });

/** The chart's accessible description, read back from the chart itself (period, candles, bars). */
const summary = (chart: Locator) =>
  chart.evaluate(
    (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
  );

/** The workspace has loaded: live prices in the product select and a drawn chart of `symbol`. */
async function workspaceLoaded(page: Page, symbol: string) {
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue(symbol);
  await expect(
    page.getByRole('option', { name: new RegExp(`^${symbol} · `) }).first(),
  ).toBeAttached();
  await expect(chartOf(page, symbol)).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator(LOADING)).toHaveCount(0);
}

test("desktop: the top bar's place-order toggle closes and reopens the order panel, and its trade-mode buttons switch the panel between market and option (trading §2)", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w4-toggle@example.com');
  const bar = page.getByRole('banner');
  const toggle = bar.getByRole('button', { name: 'Place order', exact: true });
  const panel = page.getByRole('complementary', { name: 'Place order' });
  // Open by default, with the market form for the symbol in focus.
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Market' })).toBeVisible();
  await expect(panel.getByLabel('Volume (lots)')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Buy BTCUSDT' })).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel('Volume (lots)')).toHaveCount(0);
  // The rest of the workspace stays.
  await expect(chartOf(page, 'BTCUSDT')).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Market' })).toBeVisible();
  await expect(panel.getByLabel('Volume (lots)')).toBeVisible();

  // The trade-mode buttons beside it: Option puts the option form in the panel, Market back.
  const modes = bar.getByRole('group', { name: 'Trade mode' });
  await expect(modes.getByRole('button', { name: 'Market' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await modes.getByRole('button', { name: 'Option' }).click();
  await expect(modes.getByRole('button', { name: 'Option' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(modes.getByRole('button', { name: 'Market' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Option' })).toBeVisible();
  await expect(panel.getByLabel('Volume (lots)')).toHaveCount(0);
  await modes.getByRole('button', { name: 'Market' }).click();
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Market' })).toBeVisible();
  await expect(panel.getByLabel('Volume (lots)')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("desktop: the top bar's period and candle-type selects change the chart, and are kept after a reload (trading §2)", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  // BTCUSDT is the default of a signed-in user (a guest chooses a product).
  await signIn(page, 'w4-period@example.com');
  await workspaceLoaded(page, 'BTCUSDT');
  const bar = page.getByRole('banner');
  const chart = chartOf(page, 'BTCUSDT');
  const period = bar.getByRole('combobox', { name: 'Period' });
  const candles = bar.getByRole('combobox', { name: 'Candle type' });
  await expect(period).toHaveValue('1min');
  await expect(candles).toHaveValue('solid');
  expect(await summary(chart)).toMatch(/^1 min, Solid candles\./);
  // On the desktop these are the only ones: the chart's own toolbar leaves them to the top bar.
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Candle type' })).toHaveCount(1);

  await period.selectOption({ label: '15 min' });
  await expect(period).toHaveValue('15min');
  await expect.poll(() => summary(chart)).toMatch(/^15 min, Solid candles\./);
  await candles.selectOption({ label: 'Hollow' });
  await expect(candles).toHaveValue('stroke');
  await expect.poll(() => summary(chart)).toMatch(/^15 min, Hollow candles\./);

  await page.reload();
  await workspaceLoaded(page, 'BTCUSDT');
  await expect(period).toHaveValue('15min');
  await expect(candles).toHaveValue('stroke');
  await expect.poll(() => summary(chart)).toMatch(/^15 min, Hollow candles\./);
  expect(consoleErrors).toEqual([]);
});

test("desktop: the top bar's search opens, and choosing a result moves the chart to that symbol without leaving the workspace (trading §2)", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w4-search@example.com');
  await workspaceLoaded(page, 'BTCUSDT');
  const open = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const search = page.getByRole('dialog', { name: 'Search', exact: true });
  await expect(search.getByRole('group', { name: 'Hot searches' })).toBeVisible();
  await search.getByRole('searchbox', { name: 'Search' }).fill('eth');
  const results = search.getByRole('list', { name: 'Results' });
  // A button that chooses the symbol here, not a link to the phone's chart screen.
  await expect(results.getByRole('link')).toHaveCount(0);
  await results.getByRole('button', { name: /^ETHUSDT/ }).click();

  await expect(search).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('ETHUSDT');
  await expect(chartOf(page, 'ETHUSDT')).toHaveAttribute('aria-busy', 'false');
  await expect(chartOf(page, 'BTCUSDT')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'ETHUSDT chart' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The quotation panel marks the product in focus (pressing it again plainly changes nothing).
  const panel = page.getByRole('complementary', { name: 'Quotation' });
  await panel.getByRole('tab', { name: 'Cryptos' }).click();
  await expect(panel.getByRole('button', { name: /^ETHUSDT/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(panel.getByRole('button', { name: /^BTCUSDT/ })).not.toHaveAttribute('aria-current');
  expect(consoleErrors).toEqual([]);
});

test("desktop: the top bar search's hot chips say which search is shown; pressed again one clears it", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w4-hot@example.com');
  await workspaceLoaded(page, 'BTCUSDT');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'Search', exact: true });
  const hot = search.getByRole('group', { name: 'Hot searches' });
  const box = search.getByRole('searchbox', { name: 'Search' });
  const results = search.getByRole('list', { name: 'Results' });
  const gbp = hot.getByRole('button', { name: 'GBP', exact: true });
  const usd = hot.getByRole('button', { name: 'USD', exact: true });
  await expect(gbp).toHaveAttribute('aria-pressed', 'false');
  await gbp.click();
  await expect(gbp).toHaveAttribute('aria-pressed', 'true');
  await expect(box).toHaveValue('GBP');
  await expect(results.getByRole('button', { name: /^GBPUSD/ })).toBeVisible();
  // Another chip takes the pressed state; pressed again it clears the search.
  await usd.click();
  await expect(usd).toHaveAttribute('aria-pressed', 'true');
  await expect(gbp).toHaveAttribute('aria-pressed', 'false');
  await usd.click();
  await expect(usd).toHaveAttribute('aria-pressed', 'false');
  await expect(box).toHaveValue('');
  await expect(results.getByRole('button')).toHaveCount(0);
  // A chip's result still chooses the symbol here.
  await gbp.click();
  await results.getByRole('button', { name: /^GBPUSD/ }).click();
  await expect(search).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('GBPUSD');
  expect(consoleErrors).toEqual([]);
});

test("desktop: a signed-in user's top-bar search (the server's product search) moves the chart and the order panel to the chosen symbol (trading §2)", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w4-search@example.com');
  await workspaceLoaded(page, 'BTCUSDT');
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Market' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'Search', exact: true });
  await search.getByRole('searchbox', { name: 'Search' }).fill('eth');
  await search
    .getByRole('list', { name: 'Results' })
    .getByRole('button', { name: /^ETHUSDT/ })
    .click();
  await expect(search).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('ETHUSDT');
  await expect(chartOf(page, 'ETHUSDT')).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByRole('heading', { name: 'ETHUSDT · Market' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Buy ETHUSDT' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(consoleErrors).toEqual([]);
});

test('desktop: a signed-in user starts on BTCUSDT once prices arrive, in the chart and the order panel (trading §2)', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w4-default@example.com');
  // Signed in: the account corner shows the user.
  await expect(page.getByRole('banner').getByRole('button', { name: /UID \d+/ })).toBeVisible();
  await workspaceLoaded(page, 'BTCUSDT');
  await expect(page.getByRole('region', { name: 'BTCUSDT chart' }).first()).toBeVisible();
  await expect(chartOf(page, 'BTCUSDT')).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Market' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Buy BTCUSDT' })).toBeVisible();

  // A fresh load of a signed-in session starts there too.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: /UID \d+/ })).toBeVisible();
  await workspaceLoaded(page, 'BTCUSDT');
  await expect(panel.getByRole('heading', { name: 'BTCUSDT · Market' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('desktop: the demo/real switch leaves the top bar when virtual-currency trading is turned off (trading §2, §4)', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w4-vt-off@example.com');
  const bar = page.getByRole('banner');
  const account = bar.getByRole('button', { name: /UID \d+/ });
  const demoSwitch = bar.getByRole('button', { name: /Switch to the (demo|real) account/ });
  // On by default: a real account shows the switch with its badge.
  await expect(account).toBeVisible();
  await expect(
    bar.getByRole('button', { name: 'Real · Switch to the demo account' }),
  ).toBeVisible();

  await backOffice(page, 'setFlag', 'virtualTrading', false);
  // The app reads the system config again when the window regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(demoSwitch).toHaveCount(0);
  await expect(bar.getByText('Real', { exact: true })).toHaveCount(0);
  // Still signed in on the real account: only the switch went.
  await expect(account).toBeVisible();
});

test('desktop: with virtual-currency trading off, a signed-in user sees no demo/real switch (trading §2, §4)', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await backOffice(page, 'setFlag', 'virtualTrading', false);
  await saved(page);
  // A new user with 0.00 (no deposit): the first-run hint says what the flags are once read.
  await signIn(page, 'w4-no-demo@example.com', 0);
  const hint = page.getByRole('region', { name: 'Welcome! Your real account holds 0.00.' });
  await expect(hint).toContainText('Make a deposit to start trading.');
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('button', { name: /UID \d+/ })).toBeVisible();
  await workspaceLoaded(page, 'BTCUSDT');
  await expect(page.getByRole('button', { name: /Switch to the (demo|real) account/ })).toHaveCount(
    0,
  );
  await expect(bar.getByText('Real', { exact: true })).toHaveCount(0);
  await expect(bar.getByText('Demo', { exact: true })).toHaveCount(0);
});

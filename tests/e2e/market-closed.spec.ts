/**
 * Issue 25 item 7, "Closed markets look live", on phone and desktop, in the
 * page's simulator and over the wire (@live): a product whose market the
 * operator closes shows a "Closed" tag in every list (home cards and table,
 * quotation screen, search results, the desktop quotation panel, the chart
 * header) and its frozen prices take no up or down colour. When the market
 * opens again the rows go back to normal without a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot, MOBILE, DESKTOP } from './fixtures.ts';
import { backOffice } from './sim.ts';

const SYMBOL = 'BTCUSDT';

/** The colour of an element, as painted. */
const colour = (l: Locator) => l.evaluate((e) => getComputedStyle(e).color);

/** A quote table's row of SYMBOL. */
const rowOf = (scope: Locator) => scope.locator(`tr:has([data-testid="row-bid-${SYMBOL}"])`);

/**
 * Closed: the tag is there and the bid is painted in the plain text colour of
 * the list around it (`plain`; an up or down row is coloured as a whole).
 */
async function expectClosed(row: Locator, price: Locator, plain: Locator) {
  await expect(row.getByText('Closed', { exact: true })).toBeVisible();
  await expect(row.getByText('Closed', { exact: true })).toHaveAttribute(
    'title',
    'Market closed: the last price is shown',
  );
  await expect.poll(() => colour(price)).toBe(await colour(plain));
}

/** Open: no tag, and the bid carries its trend colour again. */
async function expectOpen(row: Locator, price: Locator, plain: Locator) {
  await expect(row.getByText('Closed', { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await colour(price)) !== (await colour(plain))).toBe(true);
}

const closeMarket = (page: Page) => backOffice(page, 'setHours', SYMBOL, { start: {}, close: {} });
// Its catalogue hours again: crypto trades around the clock.
const openMarket = (page: Page) => backOffice(page, 'setHours', SYMBOL, undefined);

test(
  'phone: a closed market is tagged Closed in every list, in no trend colour, until it opens',
  {
    tag: '@live',
  },
  async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const table = page.getByRole('region', { name: 'All products' });
    const row = rowOf(table);
    const bid = row.getByTestId(`row-bid-${SYMBOL}`);
    const plain = table.locator('table');
    await expectOpen(row, bid, plain);

    await closeMarket(page);
    // Home: the product table and the hot card.
    await expectClosed(row, bid, plain);
    const hot = page.getByRole('region', { name: 'Hot products' });
    const card = hot.getByRole('link', { name: new RegExp(`^${SYMBOL}`) });
    await expectClosed(card, card.getByTestId(`bid-${SYMBOL}`), hot);
    // The change has no up or down fill either.
    await expect(row.locator('.change-pill')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await screenshot(page, 'market-closed-home-mobile');

    // Search results.
    await page.goto('/search');
    await page.getByRole('searchbox').fill('btc');
    const result = page
      .getByRole('list', { name: 'Results' })
      .getByRole('link', { name: new RegExp(`^${SYMBOL}`) });
    await expect(result.getByText('Closed', { exact: true })).toBeVisible();

    // The chart's header says it beside the price, as the chart says only history is shown.
    await page.goto(`/chart/${SYMBOL}`);
    await expect(page.getByText('The market is closed: only history is shown.')).toBeVisible();
    const header = page.locator('.price-line');
    await expect(header.getByText('Closed', { exact: true })).toBeVisible();

    // Back home: it opens again, and the row follows without a reload.
    await page.goto('/');
    await expectClosed(row, bid, plain);
    await openMarket(page);
    await expectOpen(row, bid, plain);
    await expectOpen(card, card.getByTestId(`bid-${SYMBOL}`), hot);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'desktop: the quotation panel tags a closed market and untags it when it opens',
  {
    tag: '@live',
  },
  async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const panel = page.getByRole('complementary', { name: 'Quotation' });
    await panel.getByRole('searchbox', { name: 'Search symbols' }).fill(SYMBOL);
    const row = rowOf(panel);
    const bid = row.getByTestId(`row-bid-${SYMBOL}`);
    const plain = panel.locator('table');
    await expectOpen(row, bid, plain);

    await closeMarket(page);
    await expectClosed(row, bid, plain);
    await screenshot(page, 'market-closed-desktop');

    await openMarket(page);
    await expectOpen(row, bid, plain);
    expect(consoleErrors).toEqual([]);
  },
);

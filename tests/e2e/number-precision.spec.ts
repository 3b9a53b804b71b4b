/**
 * Every price at its product's precision, for a visitor and a signed-in
 * user, on a phone and a desktop (issue 23): home, quotation, the chart
 * header, the order form, positions and history. The expected precision is
 * the simulator's catalogue, never the page. The numbers are read by the DOM
 * convention of README "Numbers on screen" (tests/e2e/numbers-kit.ts), which
 * also finds decimal text outside it and figures that disagree.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, isLive } from './fixtures.ts';
import { backOffice, signIn, go } from './sim.ts';
import { OPEN_ALL_WEEK, SHUT_SINCE_MIDNIGHT } from './live-kit.ts';
import {
  bareDecimals,
  catalogueDigits,
  decimalsIn,
  disagreeingFigures,
  offPrecision,
  shownNumbers,
} from './numbers-kit.ts';

const LIVE_PRICE = '[data-num="price"]:not([data-stale="true"])';

/**
 * The page's numbers, once prices show: `min` prices at least, every price
 * and volume at its catalogue precision, no decimal outside a marked number,
 * and each figure the same wherever it shows. Polled: a tick may land between reads.
 */
async function expectNumbersRight(page: Page, where: string, min = 1): Promise<void> {
  await expect(page.locator(LIVE_PRICE).first()).toBeVisible();
  await expect
    .poll(async () => (await shownNumbers(page, 'price')).length, { message: where })
    .toBeGreaterThanOrEqual(min);
  await expect.poll(() => offPrecision(page), { message: `${where}: precision` }).toEqual([]);
  await expect.poll(() => bareDecimals(page), { message: `${where}: unmarked` }).toEqual([]);
  await expect.poll(() => disagreeingFigures(page), { message: `${where}: figures` }).toEqual({});
}

/** The prices of one product on screen, each with its catalogue precision. */
async function expectSymbolPrices(page: Page, symbol: string): Promise<void> {
  const cells = page.locator(`[data-num="price"][data-unit="${symbol}"]`);
  await expect(cells.first()).toBeVisible();
  for (const text of await cells.allTextContents())
    expect(decimalsIn(text), `${symbol} ${text}`).toBe(catalogueDigits(symbol));
}

for (const [viewport, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(
    `${viewport}: a visitor reads every price at its product's precision on home, quotation and the chart`,
    { tag: viewport === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      // Home: 60 products (phone), or the desktop's quotation panel and chart.
      await expectNumbersRight(page, 'home', viewport === 'phone' ? 120 : 10);
      if (viewport === 'phone') {
        await expectSymbolPrices(page, 'AUDUSD');
        await expectSymbolPrices(page, 'SPX500');
        await page.goto('/quotation');
        await page.getByRole('tab', { name: 'Forex' }).click();
        await expectNumbersRight(page, 'quotation, forex', 20);
        await expectSymbolPrices(page, 'AUDUSD');
        await page.getByRole('tab', { name: 'Indices' }).click();
        await expectNumbersRight(page, 'quotation, indices', 10);
        await expectSymbolPrices(page, 'SPX500');
      } else {
        const quotation = page.getByRole('complementary', { name: 'Quotation' });
        await quotation.getByRole('tab', { name: 'Forex' }).click();
        await expectNumbersRight(page, 'quotation panel, forex', 20);
        await expectSymbolPrices(page, 'AUDUSD');
      }
      // The chart header: price, high and low of a 5-decimal pair.
      await page.goto('/chart/AUDUSD');
      await expect(page.getByLabel('Price', { exact: true })).toBeVisible();
      await expectNumbersRight(page, 'chart');
      await expect(page.locator('.product-header [data-num="price"]')).toHaveCount(3);
      await expectSymbolPrices(page, 'AUDUSD');
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    `${viewport}: signed in, the order form, positions and history show every price at its product's precision`,
    { tag: viewport === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      await signIn(page, `digits-${viewport}@example.com`, 200_000);
      // Forex and indices trade on any day and hour of the test.
      for (const s of ['AUDUSD', 'SPX500']) await backOffice(page, 'setHours', s, OPEN_ALL_WEEK);
      await expectNumbersRight(page, 'home, signed in', viewport === 'phone' ? 120 : 10);
      // Quotation: its own screen on a phone (on a desktop, the panel beside every page below).
      if (viewport === 'phone') {
        await page.goto('/quotation');
        await page.getByRole('tab', { name: 'Forex' }).click();
        await expectNumbersRight(page, 'quotation, signed in', 20);
        await expectSymbolPrices(page, 'AUDUSD');
      }
      await page.goto('/chart/AUDUSD');
      await expectNumbersRight(page, 'chart, signed in');
      await expectSymbolPrices(page, 'AUDUSD');

      // The order form: its bid and ask, volume range, margin, fee and available.
      const place = async (symbol: string, side: 'Buy' | 'Sell', volume: string) => {
        await page.goto(`/${symbol}/place?direction=${side === 'Buy' ? 0 : 1}`);
        await page.getByLabel('Volume (lots)').fill(volume);
        await expect(page.getByText('Margin (USD)')).toBeVisible();
        await expectNumbersRight(page, `order form ${symbol}`);
        await expectSymbolPrices(page, symbol);
        await page.getByRole('button', { name: `${side} ${symbol}` }).click();
        await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
      };
      await place('AUDUSD', 'Buy', '0.1');
      await place('SPX500', 'Sell', '1');

      // Positions: cards (phone) or the table (desktop), and a position's detail.
      await page.goto('/position');
      const opened = page.getByRole('tab', { name: 'Positions (2)' });
      await expect(opened).toBeVisible();
      await expectNumbersRight(page, 'positions', 4);
      await expectSymbolPrices(page, 'AUDUSD');
      await expectSymbolPrices(page, 'SPX500');
      await backOffice(page, 'skipTime', 180_000);
      const row =
        viewport === 'phone'
          ? page.getByRole('button', { name: /^AUDUSD \d+$/ })
          : page.getByRole('region', { name: 'Position' }).getByRole('row', { name: /AUDUSD/ });
      await row.click();
      const detail = page.getByRole('dialog', { name: /^AUDUSD · \d+$/ });
      await expect(detail.getByText('Margin')).toBeVisible();
      await expectNumbersRight(page, 'position detail');
      await detail.getByRole('button', { name: 'Close position' }).click();
      await detail.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(
        page.getByText(/^Closed AUDUSD at \d+\.\d+: P&L -?\d+\.\d\d USD$/),
      ).toBeVisible();

      // History: the closed order's card and its detail.
      await page.goto('/history');
      const closed = page
        .getByRole('list', { name: 'History' })
        .getByRole('button', { name: /^AUDUSD \d+$/ });
      await expect(closed).toBeVisible();
      await expectNumbersRight(page, 'history');
      await closed.click();
      const facts = page.getByRole('dialog', { name: /^AUDUSD · \d+$/ });
      await expect(facts.locator('[data-num="price"][data-unit="AUDUSD"]').first()).toBeVisible();
      await expectNumbersRight(page, 'history detail');
      await expectSymbolPrices(page, 'AUDUSD');
      expect(consoleErrors).toEqual([]);
    },
  );
}

test("a reload shows the last prices seen at their products' precision before any reply", async ({
  page,
  context,
}) => {
  test.skip(isLive(), 'holds the in-page simulator back from a second tab');
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.locator(LIVE_PRICE).first()).toBeVisible();
  // Live prices held back (a second tab keeps the shared simulator going over the reload).
  const other = await context.newPage();
  await other.goto('/');
  await backOffice(other, 'delay', { call: 'productList', ms: 60_000 });
  await backOffice(other, 'freezeChannel', 'market', true);
  // Last seen: prices whose own digits are fewer than their products' (the report: 0.6600,
  // 60446.1), written as the page starts (a tab's pending save could overwrite an earlier write).
  await page.addInitScript(() => {
    const list = JSON.parse(localStorage.getItem('prices.last') ?? '[]') as {
      name: string;
      bidPrice: number;
      askPrice: number;
    }[];
    for (const p of list) {
      if (p.name === 'AUDUSD') Object.assign(p, { bidPrice: 0.66, askPrice: 0.6601 });
      if (p.name === 'BTCUSDT') Object.assign(p, { bidPrice: 60446.1, askPrice: 60446.3 });
    }
    localStorage.setItem('prices.last', JSON.stringify(list));
  });
  await page.reload();
  const stale = page.locator('[data-num="price"][data-stale="true"]');
  await expect(stale.first()).toBeVisible();
  await expect(page.locator(LIVE_PRICE)).toHaveCount(0);
  await expect(page.getByTestId('row-bid-AUDUSD')).toHaveText('0.66000');
  await expect(page.getByTestId('row-bid-BTCUSDT')).toHaveText('60446.10');
  expect(await offPrecision(page)).toEqual([]);
  await backOffice(other, 'freezeChannel', 'market', false);
  await backOffice(other, 'clearScenarios');
  await expect(stale).toHaveCount(0);
});

test(
  'phone: after moving USD into BTC, My page and My wallet show the same total assets',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, 'totals@example.com', 5000);
    // BTC's price stands still, so its USD value does too.
    await backOffice(page, 'setHours', 'BTCUSDT', SHUT_SINCE_MIDNIGHT);
    await page.goto('/user/myWallet');
    const total = page.locator('[data-figure="wallet.total-usd"]');
    await expect(total).toHaveText('5000.00');
    await page.getByRole('button', { name: 'Transfer in BTC' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer in BTC' });
    await transfer.getByLabel('Amount (BTC)').fill('0.01');
    await expect(transfer.getByText(/0\.00999 BTC/)).toBeVisible();
    await transfer.getByRole('button', { name: 'Confirm' }).click();
    await expect(transfer).toBeHidden();
    // The USD row lost what BTC cost; the total is the rows' sum, read once for all views.
    const usd = page.locator('[data-figure="wallet.USD.balance"]');
    await expect(usd).not.toHaveText('5000.00');
    const wallet = (await total.textContent()) ?? '';
    const cash = (await usd.textContent()) ?? '';
    await expectNumbersAgree(page);

    // My page: the same total assets, from the same source, beside the trading balance.
    await page.goto('/user');
    const card = page.getByRole('region', { name: 'Balance' });
    await expect(card.getByText('Total assets (USD)')).toBeVisible();
    await expect(card.locator('[data-figure="wallet.total-usd"]')).toHaveText(wallet);
    // The real account's available cash is the wallet's USD row.
    await expect(card.locator('[data-figure="balance.available"]')).toHaveText(cash);
    await expectNumbersAgree(page);
    expect(consoleErrors).toEqual([]);
  },
);

/** No decimal outside a marked number, every figure the same wherever it shows. */
async function expectNumbersAgree(page: Page): Promise<void> {
  await expect.poll(() => bareDecimals(page)).toEqual([]);
  await expect.poll(() => disagreeingFigures(page)).toEqual({});
}

test(
  'desktop: the balance popover and the order form show the same available balance',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'popover@example.com', 12_345);
    await go(page, '/BTCUSDT/place?direction=0');
    await page.getByRole('button', { name: 'Balance' }).click();
    const pop = page.getByRole('dialog', { name: 'Balance' });
    await expect(pop.locator('[data-figure="balance.available"]')).toHaveText('12345.00');
    await expect(pop.locator('[data-figure="balance.total"]')).toHaveText('12345.00');
    // Both views show the one balance: the same figure, marked the same way.
    await expect(page.locator('[data-figure="balance.available"]')).toHaveCount(2);
    await expectNumbersAgree(page);
    expect(consoleErrors).toEqual([]);
  },
);

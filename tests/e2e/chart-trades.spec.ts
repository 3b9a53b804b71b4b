/**
 * Trades on the chart (issue 28 item 1), on phone and desktop, in the page's
 * simulator and over the wire (@live): a market order with a stop loss and a
 * take profit, and a 60 s option, show four lines on BTCUSDT's chart, each
 * named in the chart's trade list; the position's label, clicked on the
 * canvas, opens its card; closing it removes its three lines at once and
 * leaves the option's.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot, DESKTOP, MOBILE } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';
import { fillBuyWithStops } from './trade-kit.ts';

const PRICE = String.raw`\d+\.\d\d`;

/** The order form: the phone's place screen, the desktop's panel. */
const formOf = (page: Page, desktop: boolean): Locator =>
  desktop ? page.getByRole('complementary', { name: 'Place order' }) : page.getByRole('main');

async function placeBuyWithStops(page: Page, desktop: boolean) {
  if (!desktop) await page.goto('/BTCUSDT/place?direction=0');
  const form = formOf(page, desktop);
  // Far enough not to fire while the test looks, and beyond the prices in view.
  const { sl, tp } = await fillBuyWithStops(form, 400);
  await form.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  const placed = page.getByRole('dialog', { name: 'Order placed' });
  const fillPrice = placed.locator('dt:text-is("Fill price") + dd');
  await expect(fillPrice).toHaveText(new RegExp(`^${PRICE}$`));
  const fill = (await fillPrice.textContent())!;
  await placed.getByRole('button', { name: 'Continue trading' }).click();
  return { sl, tp, fill };
}

async function placeOption(page: Page, desktop: boolean) {
  if (desktop)
    await page
      .getByRole('group', { name: 'Trade mode' })
      .getByRole('button', { name: 'Option' })
      .click();
  else {
    await page.evaluate(() =>
      localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
    );
    await page.goto('/BTCUSDT/placeOption?direction=0');
  }
  const form = formOf(page, desktop);
  await form.getByRole('radio', { name: /^60s/ }).click();
  await form.getByLabel('Amount', { exact: true }).fill('100');
  await form.getByRole('button', { name: 'Buy long BTCUSDT' }).click();
  const placed = page.getByRole('dialog', { name: 'Option placed' });
  await expect(placed).toBeVisible();
  await placed.getByRole('button', { name: 'Close' }).click();
}

/**
 * Where the first trade label down the chart's left edge is: the mouse moves
 * down it until the pointer turns into a hand (a label can be clicked), and
 * the middle of that band is returned, in page pixels.
 */
async function firstLabelAt(page: Page, chart: Locator): Promise<{ x: number; y: number }> {
  const box = (await chart.boundingBox())!;
  const x = box.x + 14;
  const band: number[] = [];
  for (let y = box.y + 2; y < box.y + box.height; y += 3) {
    await page.mouse.move(x, y);
    const hand = await page.evaluate(
      ([px, py]) => getComputedStyle(document.elementFromPoint(px!, py!)!).cursor === 'pointer',
      [x, y],
    );
    if (hand) band.push(y);
    else if (band.length) break;
  }
  expect(band.length, 'a clickable label on the chart').toBeGreaterThan(0);
  return { x, y: band[Math.floor(band.length / 2)]! };
}

async function linesFollowTheTrades(page: Page, desktop: boolean, email: string) {
  test.setTimeout(150_000);
  await page.setViewportSize(desktop ? DESKTOP : MOBILE);
  await signIn(page, email);
  const { sl, tp, fill } = await placeBuyWithStops(page, desktop);
  if (!desktop) await expect(page).toHaveURL(/\/chart\/BTCUSDT$/);
  const trades = page.getByRole('list', { name: 'Trades on the chart' }).getByRole('button');
  const positionLines = [`Buy 0.10 · ${fill}`, `Stop loss ${sl}`, `Take profit ${tp}`];
  await expect(trades).toHaveText(positionLines);

  // The position's label, drawn on the canvas, shows a hand and opens its card.
  const chart = page.getByRole('img', { name: 'BTCUSDT price chart' });
  const { x, y } = await firstLabelAt(page, chart);
  await page.mouse.click(x, y);
  if (!desktop) await expect(page).toHaveURL(/\/position$/);
  const card = page.getByRole('dialog', { name: /^BTCUSDT · \d+$/ });
  await expect(card.locator('dt:text-is("Place price") + dd')).toHaveText(fill);
  await card.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(card).toBeHidden();

  // A position can be closed 3 minutes after it opens: the server's clock moves on first.
  await backOffice(page, 'skipTime', 180_000);
  await placeOption(page, desktop);
  if (!desktop) await page.goto('/chart/BTCUSDT');
  const optionLine = new RegExp(`^Buy long 100\\.00 USD · ${PRICE}$`);
  await expect(trades).toHaveText([...positionLines, optionLine]);
  await screenshot(page, `chart-trades-${desktop ? 'desktop' : 'mobile'}`);

  // From the keyboard: the trade list (shown when focused) opens the same card.
  await trades.first().focus();
  await expect(trades.first()).toBeVisible();
  await page.keyboard.press('Enter');
  if (!desktop) await expect(page).toHaveURL(/\/position$/);
  await expect(card.locator('dt:text-is("Place price") + dd')).toHaveText(fill);
  // The trader's trade mode (Option, since the option) is not changed to show the card.
  await expect(tradeMode(page)).resolves.toBe('option');
  await card.getByRole('button', { name: 'Close position', exact: true }).click();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toBeHidden();

  // Its three lines are gone at once; the option's stays.
  if (!desktop) await page.goto('/chart/BTCUSDT');
  await expect(trades).toHaveText([optionLine]);

  // The option's line opens the option's card, with the trade mode back on Market.
  if (desktop)
    await page
      .getByRole('group', { name: 'Trade mode' })
      .getByRole('button', { name: 'Market' })
      .click();
  else
    await page.evaluate(() =>
      localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'market' })),
    );
  if (!desktop) await page.reload();
  await trades.first().focus();
  await page.keyboard.press('Enter');
  const optionCard = page.getByRole('dialog', { name: 'BTCUSDT · Position' });
  await expect(optionCard.locator('dt:text-is("Amount") + dd')).toHaveText('100.00');
  await expect(tradeMode(page)).resolves.toBe('market');
  if (desktop)
    await expect(
      page.getByRole('complementary', { name: 'Place order' }).getByRole('heading'),
    ).toHaveText('BTCUSDT · Market');
}

/** The trade mode the trader chose, as kept in their preferences. */
const tradeMode = (page: Page): Promise<unknown> =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('preferences') ?? '{}') as { tradeMode?: unknown })
        .tradeMode,
  );

for (const desktop of [false, true])
  test(
    `${desktop ? 'desktop' : 'phone'}: an order's entry, stop loss and take profit and an option's strike are lines on the chart; closing the order removes its lines`,
    { tag: desktop ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await linesFollowTheTrades(page, desktop, `chart-lines-${desktop ? 'd' : 'p'}@example.com`);
      expect(consoleErrors).toEqual([]);
    },
  );

/**
 * Positions after an order: the success drawer, the positions table's
 * columns and P&L, and its summary against the balance.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { buyAndViewPositions, signIn } from './sim.ts';

/** The summary's P&L and the rows' P&L, read in one go. */
const pnlPair = (page: Page) =>
  page.evaluate(() => {
    const summary = document.querySelector('[aria-label="Summary"] dd')?.textContent;
    const rows = [...document.querySelectorAll('.order-list .pnl')].map((e) => e.textContent);
    return { summary, rows };
  });

/** A figure shown as text ("49998.31"), as a number. */
const num = async (l: Locator): Promise<number> => Number((await l.textContent())?.trim());

/** The value beside a term of a definition list. */
const valueOf = (scope: Locator, term: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('+ dd');

test('desktop: an order shows its success drawer; the positions table has every column and its summary agrees with the balance popover (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'w3-desk@example.com', 50_000);
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByLabel('Volume (lots)').fill('0.1');
  await panel.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  const placed = page.getByRole('dialog', { name: 'Order placed' });
  await expect(placed.getByText(/^Your order \d+ has been placed\.$/)).toBeVisible();
  await screenshot(page, 'wave3-order-placed-desktop');
  await placed.getByRole('button', { name: 'View positions' }).click();
  await expect(placed).toBeHidden();

  // The twelve columns of §2, with P&L beside the current price.
  const list = page.getByRole('region', { name: 'Position' });
  await expect(list.getByRole('row')).toHaveCount(2);
  expect(await list.getByRole('columnheader').allTextContents()).toEqual([
    'Symbol',
    'Order ID',
    'Direction',
    'Price type',
    'Volume',
    'Place price',
    'Current price',
    'P&L',
    'Stop loss',
    'Take profit',
    'Interest',
    'Fee',
    'Place time',
    'Action',
  ]);
  // P&L is whole inside the panel; the last column is reached by scrolling the table, not the page.
  const outer = (await list.boundingBox())!;
  const pnl = (await list.getByRole('columnheader', { name: 'P&L' }).boundingBox())!;
  expect(pnl.x + pnl.width).toBeLessThanOrEqual(outer.x + outer.width);
  const last = list.getByRole('columnheader', { name: 'Place time' });
  await last.scrollIntoViewIfNeeded();
  const end = (await last.boundingBox())!;
  expect(end.x + end.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    DESKTOP.width,
  );
  await screenshot(page, 'wave3-positions-table-desktop');

  // A 1366 px laptop: the columns run past the panel, and the P&L stays in sight beside the
  // row's Close, scrolled or not, never under it.
  await last.evaluate((el) => el.closest('.scroll-cue-box')!.scrollTo({ left: 0 }));
  await page.setViewportSize({ width: 1366, height: 800 });
  for (const end of [false, true]) {
    if (end) await last.scrollIntoViewIfNeeded();
    const panel = (await list.boundingBox())!;
    const action = (await list.getByRole('columnheader', { name: 'Action' }).boundingBox())!;
    for (const cell of [
      list.getByRole('columnheader', { name: 'P&L' }),
      list.getByRole('row').nth(1).locator('td.pin-end'),
    ]) {
      const box = (await cell.boundingBox())!;
      expect(box.x, `P&L in sight${end ? ', scrolled to the end' : ''}`).toBeGreaterThanOrEqual(
        panel.x - 1,
      );
      expect(box.x + box.width).toBeLessThanOrEqual(action.x + 1);
    }
    await expect(list.getByRole('row').nth(1).locator('td.pin-end')).toHaveText(/^[+-]?\d/);
    await screenshot(page, `positions-table-1366${end ? '-end' : ''}-desktop`);
  }
  await page.setViewportSize(DESKTOP);

  // The margin the position holds, from its detail drawer.
  await list.getByRole('row').nth(1).click();
  const detail = page.getByRole('dialog', { name: /^BTCUSDT · \d+$/ });
  const margin = await num(valueOf(detail, 'Margin'));
  expect(margin).toBeGreaterThan(0);
  await detail.getByRole('button', { name: 'Close', exact: true }).click();

  // Popover: total = balance + locked margin, available = balance (the place panel's available).
  await page.getByRole('button', { name: 'Balance' }).click();
  const pop = page.getByRole('dialog', { name: 'Balance' });
  // The popover reads the balance when it opens; it never shows the sign-in figure as current.
  await expect(valueOf(pop, 'Available')).toHaveText(/^\d+\.\d{2}$/);
  const available = await num(valueOf(pop, 'Available'));
  expect(available).toBeLessThan(50_000);
  await expect(panel.getByText('Available (USD)').locator('+ dd')).toHaveText(available.toFixed(2));
  const total = await num(valueOf(pop, 'Total'));
  expect(total - available).toBeCloseTo(margin, 2);
  await screenshot(page, 'wave3-balance-popover-desktop');

  // The summary, read at one instant: net worth = total + P&L − interest, available prepayment = available + P&L − interest.
  const s = await list.evaluate((el) => {
    const dd = [...el.querySelectorAll('[aria-label="Summary"] dd')].map((d) =>
      Number(d.textContent),
    );
    return {
      pnl: dd[0]!,
      net: dd[1]!,
      free: dd[2]!,
      row: Number(el.querySelectorAll('tbody td')[6]?.textContent),
      interest: Number(el.querySelectorAll('tbody td')[9]?.textContent),
    };
  });
  expect(s.pnl).toBe(s.row);
  // Interest accrued on the position (charged at the day's roll-over) comes off the equity.
  expect(Math.abs(s.net - (total + s.pnl - s.interest))).toBeLessThanOrEqual(0.011);
  expect(Math.abs(s.free - (available + s.pnl - s.interest))).toBeLessThanOrEqual(0.011);
});

test('positions: the summary P&L is the open position’s P&L at every moment', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'pnl@example.com');
  await buyAndViewPositions(page, '0.5');
  await expect(page.locator('[aria-label="Summary"] dd').first()).not.toHaveText('—');
  for (let i = 0; i < 6; i++) {
    const { summary, rows } = await pnlPair(page);
    expect(rows).toHaveLength(1);
    expect(summary).toBe(rows[0]);
    // The next moment: the position's P&L has moved with the price (pushed once a second;
    // CI once saw 10 s without a change on a loaded machine, so the bound is generous).
    await expect
      .poll(async () => (await pnlPair(page)).rows[0], {
        message: 'the position’s P&L moves with the price',
        timeout: 20_000,
      })
      .not.toBe(rows[0]);
  }
  // Prices keep the product's two decimals.
  await expect(page.getByText(/^Place price \d+\.\d\d$/)).toBeVisible();
  await screenshot(page, 'fix-positions-pnl-mobile');
});

test('desktop: success drawer after an order, P&L column inside the positions panel', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'desk-order@example.com');
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByLabel('Volume (lots)').fill('0.1');
  await expect(panel.getByText('Fee')).toBeVisible();
  await panel.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  const placed = page.getByRole('dialog', { name: 'Order placed' });
  await expect(placed).toBeVisible();
  await screenshot(page, 'fix-order-placed-desktop');
  await placed.getByRole('button', { name: 'View positions' }).click();
  const list = page.getByRole('region', { name: 'Position' });
  const header = list.getByRole('columnheader', { name: 'P&L' });
  await expect(header).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  const inner = (await header.boundingBox())!;
  const outer = (await list.boundingBox())!;
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  // Its prices have the product's decimals.
  const cells = await list.getByRole('row').nth(1).getByRole('cell').allTextContents();
  expect(cells[4]).toMatch(/^\d+\.\d\d$/);
  // One P&L: the summary's is the row's, read together.
  await expect(list.locator('[aria-label="Summary"] dd').first()).not.toHaveText('—');
  for (let i = 0; i < 4; i++) {
    const pair = await list.evaluate((el) => ({
      summary: el.querySelector('[aria-label="Summary"] dd')?.textContent,
      row: el.querySelectorAll('tbody tr td')[6]?.textContent,
    }));
    expect(pair.summary).toBe(pair.row);
    // The next moment: the row's P&L has moved with the price.
    await expect(list.locator('tbody tr td').nth(6)).not.toHaveText(pair.row ?? '');
  }
  await screenshot(page, 'fix-positions-table-desktop');
});

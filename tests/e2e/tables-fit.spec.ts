/**
 * Issue 25 item 3: a table fits its panel or says that it scrolls, each row of
 * the positions table has its own Close, and the desktop categories are all in
 * sight (no tab cut at the panel's edge, in English or Japanese).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';

/** Is `inner` wholly inside `outer` on screen (1 px of slack)? */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}

async function categoriesInSight(page: Page) {
  const bar = page.getByRole('tablist', { name: /Categories|カテゴリ/ });
  const tabs = bar.getByRole('tab');
  expect(await tabs.count()).toBeGreaterThan(3);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeVisible();
    expect(await inside(tab, bar), await tab.innerText()).toBe(true);
  }
  // Nothing cut: the bar does not hide any of its width.
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

test('desktop 1440: the positions table says it scrolls, each row has its Close, categories in sight', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'fit-desk@example.com');
  await categoriesInSight(page);

  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByLabel('Volume (lots)').fill('0.1');
  await panel.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View positions' })
    .click();
  const list = page.getByRole('region', { name: 'Position' });
  await expect(list.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
  const table = list.getByRole('table');
  const box = table.locator('..');

  // Either every column fits, or the table says it scrolls: the cue shows exactly when it overflows.
  const overflows = () => box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  const cue = list.getByText('More columns: scroll sideways');
  await expect.poll(async () => (await overflows()) === (await cue.isVisible())).toBe(true);
  const last = list.getByRole('columnheader', { name: 'Place time' });

  // A narrower desktop window leaves the columns too little room: the cue, and steps to the end.
  await page.setViewportSize({ width: 1024, height: DESKTOP.height });
  await expect.poll(overflows).toBe(true);
  await expect(cue).toBeVisible();
  const right = list.getByRole('button', { name: 'Scroll right' });
  await expect(right).toBeEnabled();
  await expect(list.getByRole('button', { name: 'Scroll left' })).toBeDisabled();
  await screenshot(page, 'tables-fit-positions-cue-desktop');
  // Step right until there is no more (each step scrolls smoothly, so check after it).
  await expect(async () => {
    if (await right.isEnabled()) await right.click({ timeout: 1000 });
    await expect(right).toBeDisabled({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(list.getByRole('button', { name: 'Scroll left' })).toBeEnabled();
  expect(await inside(last, list)).toBe(true);

  // The row's own Close, in sight wherever the table is scrolled, opens the confirm.
  // (Within 3 minutes of the fill it is disabled with its countdown: close-countdown.spec.ts.)
  const close = list.getByRole('button', { name: /^Close position BTCUSDT \d+/ });
  await expect(close).toBeVisible();
  expect(await inside(close, list)).toBe(true);
  await box.evaluate((el) => el.scrollTo({ left: 0 }));
  expect(await inside(close, list)).toBe(true);
  await page.setViewportSize(DESKTOP);
  await backOffice(page, 'skipTime', 180_000);
  await close.click();
  const detail = page.getByRole('dialog', { name: /^BTCUSDT · \d+$/ });
  const confirm = detail.getByRole('alertdialog', { name: 'Close position' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'tables-fit-row-close-desktop');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/^Closed BTCUSDT at \d+\.\d\d: P&L -?\d+\.\d\d USD$/)).toBeVisible();
  await expect(list.getByRole('tab', { name: 'Positions (0)' })).toBeVisible();

  // Japanese names are longer in width: every category still in sight.
  await page
    .getByRole('banner')
    .locator('select')
    .filter({ has: page.locator('option[value="ja"]') })
    .selectOption('ja');
  await expect(page.getByRole('banner').getByRole('button', { name: 'マーケット' })).toBeVisible();
  await categoriesInSight(page);
  await screenshot(page, 'tables-fit-categories-ja-desktop');
  expect(consoleErrors).toEqual([]);
});

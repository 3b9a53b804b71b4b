/**
 * Option trades from placing to settling: the countdown against the clock
 * (a time skip, a device clock that is fast), the row leaving at 0, the
 * History panel, a closed option product, and the way back from the chart.
 */
import type { Locator } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice, signIn, saved, go } from './sim.ts';

/** Seconds left shown in a running option's drawer. */
async function secondsLeft(drawer: Locator): Promise<number> {
  const text = await drawer
    .getByText(/\d+ s left/)
    .last()
    .textContent();
  return Number(/(\d+) s left/.exec(text ?? '')?.[1]);
}

/** Seconds left and progress of the first running option row. */
async function countdown(row: Locator): Promise<{ left: number; progress: number }> {
  const text = (await row.getByText(/^\d+ s left$/).textContent()) ?? '';
  const progress = Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'));
  return { left: Number(/^(\d+)/.exec(text)?.[1]), progress };
}

test('a phone user of a market-default site places an option; a time skip shows at once', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE);
  await signIn(page, 'phone-option@example.com');
  await go(page, '/chart/BTCUSDT');
  // The mode switch sits beside Buy and Sell (phones have no top bar).
  const mode = page.getByRole('group', { name: 'Trade mode' });
  await expect(mode.getByRole('button', { name: 'Market' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mode.getByRole('button', { name: 'Option' }).click();
  await screenshot(page, 'fix-chart-mode-switch-mobile');
  await page.getByRole('button', { name: 'Buy long', exact: true }).click();
  await expect(page).toHaveURL(/\/BTCUSDT\/placeOption\?direction=0$/);
  await page.getByRole('radio', { name: /^60s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
  const running = page.getByRole('dialog', { name: 'Option placed' });
  await expect(running.getByRole('progressbar')).toBeVisible();
  expect(await secondsLeft(running)).toBeGreaterThan(50);
  // "Available" follows the balance under the drawer: the stake has left it.
  await expect(
    page.getByText('Available (USD)').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('49900.00');
  // The server skips 45 s: the countdown follows within a tick or two.
  await backOffice(page, 'skipTime', 45_000);
  await expect.poll(() => secondsLeft(running), { timeout: 3000 }).toBeLessThanOrEqual(15);
  await screenshot(page, 'fix-option-running-mobile');
  const settled = page.getByRole('dialog', { name: 'Settlement' });
  await expect(settled.getByText(/^(Won|Lost|Draw) /)).toBeVisible({ timeout: 40_000 });
  await screenshot(page, 'fix-option-settled-mobile');
  // The positions and history screens have the switch too.
  await page.goto('/position');
  await expect(page.getByRole('group', { name: 'Trade mode' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('phone: an option whose drawer was closed says how it settled', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'option-notice@example.com');
  await go(page, '/chart/BTCUSDT');
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  await page.getByRole('button', { name: 'Buy long', exact: true }).click();
  await page.getByRole('radio', { name: /^30s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill('20');
  await page.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
  const running = page.getByRole('dialog', { name: 'Option placed' });
  await expect(running.getByRole('progressbar')).toBeVisible();
  // The trader closes the drawer and goes on: the result must still reach them.
  await running.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/chart\/BTCUSDT$/);
  await backOffice(page, 'skipTime', 30_000);
  await expect(page).toHaveShownToast(
    /^Option BTCUSDT settled at \d+\.\d\d(: (won|lost) \d+\.\d\d USD|, its open price: stake returned)$/,
    { timeout: 15_000 },
  );
});

test('a device clock 5 minutes fast still counts a 60 s option down from 60', async ({ page }) => {
  test.setTimeout(90_000);
  // Only the page's clock is wrong; the simulator (in its worker) keeps the server's time.
  await page.addInitScript(() => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + 5 * 60_000;
  });
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'fast-clock@example.com');
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByRole('radio', { name: /^60s/ }).click();
  await panel.getByLabel('Amount', { exact: true }).fill('100');
  await panel.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
  const running = page.getByRole('dialog', { name: 'Option placed' });
  await expect(running.getByRole('progressbar')).toBeVisible();
  expect(await secondsLeft(running)).toBeGreaterThan(50);
  const now = Number(await running.getByRole('progressbar').getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(80);
  await screenshot(page, 'fix-option-fast-clock-desktop');
});

test('phone: a running option counts down with the clock, and its row leaves the list at 0 (trading §2, §4)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(MOBILE);
  await signIn(page, 'w3-option@example.com', 50_000);
  await go(page, '/chart/BTCUSDT');
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  await page.getByRole('button', { name: 'Buy long', exact: true }).click();
  await page.getByRole('radio', { name: /^60s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
  const running = page.getByRole('dialog', { name: 'Option placed' });
  await expect(running.getByRole('progressbar')).toBeVisible();
  await running.getByRole('button', { name: 'Close', exact: true }).click();

  await page.goto('/position');
  const row = page.getByRole('button', { name: /^BTCUSDT \d+$/ });
  await expect(row.getByText('Delivery 1m')).toBeVisible();
  await expect(row.getByText('100.00', { exact: true })).toBeVisible();
  // Over 6 s of wall clock the row loses 6 s (±1) and its bar follows (scale 100 over 60 s).
  const a = await countdown(row);
  const t0 = Date.now();
  // real delay: the countdown against the wall clock.
  await page.waitForTimeout(6000);
  const b = await countdown(row);
  const elapsed = (Date.now() - t0) / 1000;
  expect(Math.abs(a.left - b.left - elapsed)).toBeLessThanOrEqual(1.5);
  for (const c of [a, b]) expect(Math.abs(c.progress - (c.left / 60) * 100)).toBeLessThanOrEqual(3);
  await screenshot(page, 'wave3-option-countdown-mobile');
  // At 0 the row leaves the list by its own countdown: the list's refresh is refused meanwhile.
  await backOffice(page, 'force', { call: 'userOptionHistory', code: 1001, times: 1000 });
  await backOffice(page, 'skipTime', 60_000);
  await expect(row).toHaveCount(0, { timeout: 5000 });
  await backOffice(page, 'clearScenarios');
  await expect(page.getByText('No running options')).toBeVisible({ timeout: 8000 });
});

test('phone: a closed option on the chart goes back to where it was opened (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.addInitScript(() =>
    localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
  );
  await page.goto('/quotation');
  await backOffice(page, 'setTradeStatus', 'XAUUSD', 0);
  await saved(page);
  await page.reload();
  await page.locator('a[href="/chart/XAUUSD"]').first().click();
  await expect(page).toHaveShownToast('This product is closed');
  await expect(page).toHaveURL(/\/quotation$/);
});

test('desktop: the History panel left open shows an option once it settles', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'desk-history@example.com');
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  await page
    .getByRole('navigation', { name: 'Lists' })
    .getByRole('button', { name: 'History' })
    .click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('No records')).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByRole('radio', { name: /^30s/ }).click();
  await panel.getByLabel('Amount', { exact: true }).fill('100');
  await panel.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
  await expect(page.getByRole('dialog', { name: 'Option placed' })).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Option placed' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await backOffice(page, 'skipTime', 30_000);
  // Nothing toggled: the panel reloads by itself.
  await expect(history.getByRole('button', { name: /^BTCUSDT / })).toBeVisible({ timeout: 15_000 });
  await screenshot(page, 'fix-history-follows-desktop');
});

test('desktop: a closed option product is said once in the panel, not reopened in a loop; Retry once it opens', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'desk-closed@example.com');
  await backOffice(page, 'setHours', 'BTCUSDT', { start: {}, close: {} });
  // Count the notice's toasts as they come: one copy shows at a time, so a
  // count at one moment could not see a loop raising it again and again.
  await page.evaluate(() => {
    const w = window as unknown as { closedToasts: number };
    w.closedToasts = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.textContent === 'This product is closed')
            w.closedToasts++;
    }).observe(document.querySelector('.toaster')!, { childList: true });
  });
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await expect(panel.getByRole('status').getByText('This product is closed')).toBeVisible();
  // It stays: no new form finds the product closed again (that loop read it ~7 times a second).
  // Longer than a toast's 1.5 s: a loop would have raised it again by now.
  // real delay: nothing marks a loop that does not run.
  await page.waitForTimeout(2500);
  await expect(panel.getByRole('status').getByText('This product is closed')).toBeVisible();
  // One notice, not one per new form.
  expect(
    await page.evaluate(() => (window as unknown as { closedToasts: number }).closedToasts),
  ).toBeLessThan(2);
  await screenshot(page, 'fix-option-closed-desktop');
  await backOffice(page, 'setHours', 'BTCUSDT', undefined);
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByRole('button', { name: /Buy long BTCUSDT/ })).toBeVisible();
});

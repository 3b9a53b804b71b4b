/**
 * Issue 25 item 2, on phone and desktop, in the page's simulator and over the
 * wire (@live): the server refuses to close a position within 3 minutes of
 * its fill (409). The close control says so before the press: disabled, with
 * the time left on the server's clock; once the server's time has moved on
 * (the back office skips 3 minutes), it closes, and says at what price and
 * with what P&L.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';
import { backOffice } from './sim.ts';
import { buyForm, LAYOUTS, openPosition } from './trade-kit.ts';

/** Seconds a "m:ss" countdown names. */
const secondsIn = (text: string | null): number => {
  const m = /(\d+):(\d\d)/.exec(text ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
};

async function closeWaitsForThreeMinutes(page: Page, desktop: boolean, email: string) {
  test.setTimeout(120_000);
  const form = await buyForm(page, desktop, email);
  await form.getByLabel('Volume (lots)').fill('0.01');
  await form.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await page
    .getByRole('dialog', { name: 'Order placed' })
    .getByRole('button', { name: 'View positions' })
    .click();
  const drawer = await openPosition(page, desktop);

  // Before any press: disabled, with the time left, and why.
  const cover = drawer.getByRole('button', { name: /^Close position \d:\d\d$/ });
  await expect(cover).toBeDisabled();
  const note = drawer.getByRole('timer');
  await expect(note).toHaveText(
    /^A position can be closed 3 minutes after it opens: \d:\d\d left$/,
  );
  const first = secondsIn(await note.textContent());
  expect(first).toBeGreaterThan(150);
  expect(first).toBeLessThanOrEqual(180);
  await expect(cover).toHaveAccessibleDescription(/3 minutes after it opens/);
  // It counts down.
  await expect.poll(async () => secondsIn(await note.textContent())).toBeLessThan(first);
  await screenshot(page, `close-countdown-${desktop ? 'desktop' : 'mobile'}`);

  // The server's clock moves 3 minutes on: the close is offered, and the server takes it.
  await backOffice(page, 'skipTime', 180_000);
  const ready = drawer.getByRole('button', { name: 'Close position', exact: true });
  await expect(ready).toBeEnabled({ timeout: 15_000 });
  await expect(note).toHaveCount(0);
  await ready.click();
  await drawer.getByRole('button', { name: 'Confirm' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Positions (0)' })).toBeVisible();
  // The close says where it closed and what it realised (issue 25 item 4).
  await expect(
    page.getByRole('status').getByText(/^Closed BTCUSDT at \d+\.\d\d: P&L -?\d+\.\d\d USD$/),
  ).toBeVisible();
}

for (const { name, desktop } of LAYOUTS)
  test(
    `${name}: Close position is disabled with its countdown for 3 minutes after the fill, then closes`,
    { tag: desktop ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await closeWaitsForThreeMinutes(page, desktop, `countdown-${name}@example.com`);
      expect(consoleErrors).toEqual([]);
    },
  );

test(
  'desktop: the row’s own Close waits with the same countdown, then opens the confirm',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    test.setTimeout(120_000);
    const form = await buyForm(page, true, 'countdown-row@example.com');
    await form.getByLabel('Volume (lots)').fill('0.01');
    await form.getByRole('button', { name: 'Buy BTCUSDT' }).click();
    await page
      .getByRole('dialog', { name: 'Order placed' })
      .getByRole('button', { name: 'View positions' })
      .click();
    const list = page.getByRole('region', { name: 'Position' });
    await expect(list.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();

    // Before any press: the row's Close is disabled with the time left, and says why.
    const row = list.getByRole('button', { name: /^Close position BTCUSDT \d+ \d:\d\d$/ });
    await expect(row).toBeDisabled();
    await expect(row).toHaveAttribute(
      'title',
      /^A position can be closed 3 minutes after it opens: \d:\d\d left$/,
    );
    const first = secondsIn(await row.textContent());
    expect(first).toBeGreaterThan(150);
    expect(first).toBeLessThanOrEqual(180);
    await expect.poll(async () => secondsIn(await row.textContent())).toBeLessThan(first);
    // The drawer, opened from the row, counts the same time down.
    await openPosition(page, true);
    const drawer = page.getByRole('dialog', { name: /^BTCUSDT · / });
    const note = drawer.getByRole('timer');
    await expect
      .poll(async () =>
        Math.abs(secondsIn(await note.textContent()) - secondsIn(await row.textContent())),
      )
      .toBeLessThanOrEqual(1);
    await screenshot(page, 'close-countdown-row-desktop');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(drawer).toBeHidden();

    // Three minutes on by the server's clock: the row's Close is offered, and opens the confirm.
    await backOffice(page, 'skipTime', 180_000);
    const ready = list.getByRole('button', { name: /^Close position BTCUSDT \d+$/ });
    await expect(ready).toBeEnabled({ timeout: 15_000 });
    await ready.click();
    const confirm = drawer.getByRole('alertdialog', { name: 'Close position' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').getByText(/^Closed BTCUSDT at \d+\.\d\d: P&L -?\d+\.\d\d USD$/),
    ).toBeVisible();
    await expect(list.getByRole('tab', { name: 'Positions (0)' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  },
);

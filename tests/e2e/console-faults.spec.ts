/**
 * The console's Faults pane lists what is armed, and what is armed survives a
 * page load (which may restart the page's worker) until it is used up or
 * lifted: a reviewer who reloads still sees why prices stop or calls fail.
 */
import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, MOBILE } from './fixtures.ts';

async function openFaults(page: Page) {
  await page.getByRole('button', { name: 'Back office' }).click();
  const office = page.getByRole('dialog', { name: 'Simulator back office' });
  await office.getByRole('tab', { name: 'Faults' }).click();
  return { office, armed: office.getByRole('region', { name: 'Armed for the next call' }) };
}

/**
 * How many of Home's crypto bid cells changed within `ms`. Crypto trades
 * around the clock; the other markets close at night and at the weekend, and
 * a closed market's price standing still is no sign of the freeze. The
 * desktop's quotation panel opens on another tab, so it is switched first.
 */
async function moved(page: Page, ms: number): Promise<number> {
  if (page.viewportSize()?.width === DESKTOP.width)
    await page.getByRole('tab', { name: 'Cryptos' }).click();
  const cells = page.locator('[data-testid^="row-bid-"][data-testid$="USDT"]');
  await expect(cells.nth(2)).toBeVisible();
  // Live prices only: a reload first shows the last ones seen, and their replacement is no move.
  await expect(page.locator('[data-testid^="row-bid-"][data-stale="true"]')).toHaveCount(0);
  const before = await cells.allTextContents();
  // real delay: the prices that moved within `ms`.
  await page.waitForTimeout(ms);
  return (await cells.allTextContents()).filter((v, i) => v !== before[i]).length;
}

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const)
  test(`${label}: armed faults are listed and outlast a reload until disarmed`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await page.goto('/');
    let { office, armed } = await openFaults(page);
    await expect(armed).toHaveText('Nothing armed');
    await office
      .getByRole('combobox', { name: 'Next call' })
      .selectOption({ label: 'Sign in (login)' });
    await office.getByRole('button', { name: 'Answer with this code' }).click();
    await office.getByRole('textbox', { name: 'Delay (ms)' }).fill('2000');
    await office.getByRole('button', { name: 'Delay the reply after handling' }).click();
    await office.getByRole('button', { name: 'Freeze market' }).click();
    await expect(armed.getByRole('listitem')).toHaveText([
      'market channel frozen',
      'Sign in (login) → 1000 ×1',
      'Sign in (login) +2000 ms (after handling) ×1',
    ]);

    await page.reload();
    // Both still armed (no one signed in yet); the freeze holds: no price moves.
    ({ office, armed } = await openFaults(page));
    await expect(armed.getByRole('listitem')).toHaveText([
      'market channel frozen',
      'Sign in (login) → 1000 ×1',
      'Sign in (login) +2000 ms (after handling) ×1',
    ]);
    await office.getByRole('button', { name: 'Close the back office' }).click();
    expect(await moved(page, 3_000)).toBe(0);

    ({ office, armed } = await openFaults(page));
    await office.getByRole('button', { name: 'Disarm everything' }).click();
    await expect(armed).toHaveText('Nothing armed');
    await office.getByRole('button', { name: 'Close the back office' }).click();
    await expect.poll(() => moved(page, 1_500), { timeout: 30_000 }).toBeGreaterThan(2);
  });

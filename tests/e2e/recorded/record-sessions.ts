/**
 * Records the sessions kept in this folder by really driving the app: the
 * console's Record, the reviewer's clicks and typing, the back office from
 * the console, Stop, Export; the three downloaded files are written here
 * (formatted as the repository formats them). Run by record.config.ts, not
 * by `npm test`, which replays them (<name>.spec.ts).
 */
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import { test, expect, MOBILE } from '../fixtures.ts';
import { sendAndViewPositions } from '../sim.ts';

const here = import.meta.dirname;

/** The console, on a tab. */
async function office(page: Page, tab: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Simulator back office' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Back office' }).click();
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

async function closeOffice(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close the back office' }).click();
}

async function record(page: Page): Promise<void> {
  const bo = await office(page, 'Scenarios');
  await bo.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(bo.getByText('Recording… steps kept: 0')).toBeVisible();
  await closeOffice(page);
}

/** Stop, export, and write the three files (formatted) beside this script. */
async function stopAndExport(page: Page, name: string): Promise<void> {
  const bo = await office(page, 'Scenarios');
  await bo.getByRole('button', { name: 'Stop', exact: true }).click();
  await bo.getByLabel('Recording name').fill(name);
  const files = new Map<string, string>();
  const all = new Promise<void>((done) => {
    page.on('download', (d) => {
      void d.path().then((p) => {
        files.set(d.suggestedFilename(), p);
        if (files.size === 3) done();
      });
    });
  });
  await bo.getByRole('button', { name: 'Export', exact: true }).click();
  await all;
  const { readFileSync } = await import('node:fs');
  for (const [file, p] of files) {
    const out = `${here}/${file}`;
    const options = { ...(await resolveConfig(out)), filepath: out };
    writeFileSync(out, await format(readFileSync(p, 'utf8'), options));
  }
}

test('gap-stop: a gap fills the stop', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login?scenario=gap-stop');
  await expect(page).toHaveURL(/\/login$/);
  await record(page);
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill('gap.trader@example.com');
  await main.getByLabel('Password', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/$/);
  await page.getByRole('link', { name: 'Position' }).click();
  await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
  const bo = await office(page, 'Market');
  await bo.getByLabel('Symbol').fill('BTCUSDT');
  await bo.getByLabel('Gap (%)').fill('-2');
  await bo.getByRole('button', { name: 'Gap the price' }).click();
  await closeOffice(page);
  await expect(page.getByRole('tab', { name: 'Positions (0)' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('button', { name: /^BTCUSDT \d+$/ }).first()).toContainText(
    'Stop loss',
  );
  await stopAndExport(page, 'gap-stop');
});

test('market-order: buy with a stop loss and a take profit, then close', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login?scenario=new-trader');
  await expect(page).toHaveURL(/\/login$/);
  await record(page);
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill('new.trader@example.com');
  await main.getByLabel('Password', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/$/);
  await page.getByRole('link', { name: 'BTCUSDT Bitcoin', exact: true }).click();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByLabel('Volume (lots)').fill('0.01');
  await page.getByRole('checkbox', { name: 'Stop loss' }).check();
  await page.getByRole('checkbox', { name: 'Take profit' }).check();
  // 1 % either side of the bid the form shows ("Below …").
  const hint = page.getByText(/^Below \d+\.\d\d$/);
  const bid = Number((await hint.textContent())!.slice('Below '.length));
  await page.getByRole('textbox', { name: 'Stop loss' }).fill((bid * 0.99).toFixed(2));
  await page.getByRole('textbox', { name: 'Take profit' }).fill((bid * 1.01).toFixed(2));
  await sendAndViewPositions(page);
  // Closing is allowed 3 minutes after the fill: the reviewer skips time.
  const bo = await office(page, 'Market');
  await bo.getByRole('button', { name: 'Skip 3 min' }).click();
  await closeOffice(page);
  await page.getByRole('button', { name: /^BTCUSDT \d+$/ }).click();
  const detail = page.getByRole('dialog', { name: /BTCUSDT · \d+/ });
  await detail.getByRole('button', { name: 'Close position' }).click();
  await detail
    .getByRole('alertdialog', { name: 'Close position' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('tab', { name: 'Positions (0)' })).toBeVisible();
  await stopAndExport(page, 'market-order');
});

test('withdrawal-locked: a withdrawal in review locks the form until the back office approves it', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login?scenario=withdrawal-locked');
  await expect(page).toHaveURL(/\/login$/);
  await record(page);
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill('locked@example.com');
  await main.getByLabel('Password', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/$/);
  await page.getByRole('link', { name: 'Mine', exact: true }).click();
  await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
  const locked = page.getByRole('status', { name: 'Withdrawal locked' });
  await expect(locked).toBeVisible();
  const bo = await office(page, 'Reviews');
  await bo
    .getByRole('listitem')
    .filter({ hasText: /^withdraw/i })
    .getByRole('button', { name: 'Approve' })
    .click();
  await closeOffice(page);
  await locked.getByRole('button', { name: 'Refresh' }).click();
  await expect(locked).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Crypto' })).toBeVisible();
  await stopAndExport(page, 'withdrawal-locked');
});

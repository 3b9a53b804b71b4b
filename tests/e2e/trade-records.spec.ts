/**
 * The trade records: option and market records, the status filter, and
 * which records show for the account (real or demo) and the trade mode.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, screenshot } from './fixtures.ts';
import { backOffice, saved, signIn, go } from './sim.ts';

/** Place a market or pending buy on a phone; the order's id. */
async function buy(page: Page, symbol: string, volume: string, pendingAt?: string) {
  await page.goto(`/${symbol}/place?direction=0`);
  if (pendingAt) {
    await page.getByLabel('Pending order').check();
    await page.getByLabel('Pending price').fill(pendingAt);
  }
  await page.getByLabel('Volume (lots)').fill(volume);
  await page.getByRole('button', { name: `Buy ${symbol}` }).click();
  const placed = page.getByRole('dialog', { name: 'Order placed' });
  const text = (await placed.getByText(/^Your order \d+ has been placed\.$/).textContent()) ?? '';
  return /(\d+)/.exec(text)?.[1] ?? '';
}

/** From the positions screen: open an order's detail and confirm its cover or cancel button. */
async function end(page: Page, symbol: string, id: string, tab: 'Positions' | 'Pending') {
  await page.goto('/position');
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await page.getByRole('button', { name: `${symbol} ${id}` }).click();
  const detail = page.getByRole('dialog', { name: `${symbol} · ${id}` });
  await detail
    .getByRole('button', { name: tab === 'Positions' ? 'Close position' : 'Cancel order' })
    .click();
  await detail.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  // A cancel says it went; a close where it closed and what it realised (issue 25).
  await expect(page).toHaveShownToast(
    tab === 'Positions'
      ? new RegExp(`^Closed ${symbol} at [\\d.]+: P&L -?\\d+\\.\\d\\d USD$`)
      : 'Operation successful',
  );
}

/** The ids of the market order cards a records filter shows (after its list has loaded). */
async function shown(page: Page, filter: string): Promise<string[]> {
  await page.getByRole('button', { name: filter, exact: true }).click();
  const list = page.getByRole('list', { name: 'Market orders' });
  await expect(list.getByRole('button').or(list.getByText('No records')).first()).toBeVisible();
  const names = await list
    .getByRole('button', { name: /^\w+ \d+$/ })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return names.map((n) => n.split(' ')[1] ?? '').sort();
}

test('phone: in option mode the trade records open on options; ?optionUID= opens one (user-centre §6)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.addInitScript(() =>
    localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
  );
  await signIn(page, 'optionrecords@example.com', 1000);
  await go(page, '/BTCUSDT/placeOption?direction=0');
  await page.getByRole('radio', { name: /^30s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: /Buy long BTCUSDT/ }).click();
  await expect(page.getByRole('dialog', { name: 'Option placed' })).toBeVisible();
  await saved(page);

  await page.goto('/user/wallet/transactionList');
  await expect(page.getByRole('tab', { name: 'Option orders' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const card = page.getByRole('list', { name: 'Option orders' }).getByRole('button', {
    name: /^BTCUSDT \d+$/,
  });
  await expect(card).toBeVisible();
  // Waiting in yellow, with its time as YYYY-MM-DD HH:mm:ss.
  await expect(card.locator('.status')).toHaveText(/Pending settlement/);
  await expect(card.locator('.status')).toHaveClass(/\byellow\b/);
  await expect(card).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // The option filters: pending settlement holds it, settled does not yet.
  await page.getByRole('button', { name: 'Settled', exact: true }).click();
  // The settled list's first page is in, and empty.
  await expect(
    page.getByRole('list', { name: 'Option orders' }).getByText('No records', { exact: true }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Pending settlement', exact: true }).click();
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const uid = ((await card.getAttribute('aria-label')) ?? '').split(' ')[1] ?? '';
  await card.click();
  await expect(page.getByRole('dialog', { name: `BTCUSDT · ${uid}` })).toBeVisible();
  await screenshot(page, 'wave2-option-record-mobile');

  await page.goto(`/user/wallet/transactionList?optionUID=${uid}`);
  await expect(page.getByRole('dialog', { name: `BTCUSDT · ${uid}` })).toBeVisible();

  // Past its 30 s: settled, in blue.
  await backOffice(page, 'skipTime', 31_000);
  await saved(page);
  await page.goto('/user/wallet/transactionList');
  await page.getByRole('button', { name: 'Settled', exact: true }).click();
  await expect(card.locator('.status')).toHaveText(/Settled/);
  await expect(card.locator('.status')).toHaveClass(/\bblue\b/);
});

test('phone: trade records filter market orders by status: all, unsettled, deal, canceled, exception (user-centre §4)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE);
  await signIn(page, 'w3-records@example.com', 50_000);
  const open = await buy(page, 'BTCUSDT', '0.1');
  const waiting = await buy(page, 'ETHUSDT', '1', '100');
  const dropped = await buy(page, 'ETHUSDT', '1', '100');
  await end(page, 'ETHUSDT', dropped, 'Pending');
  const closed = await buy(page, 'BTCUSDT', '0.2');
  // Covering is allowed 3 minutes after the fill.
  await backOffice(page, 'skipTime', 180_000);
  await end(page, 'BTCUSDT', closed, 'Positions');

  await page.goto('/user/wallet/transactionList');
  expect(await shown(page, 'All')).toEqual([open, waiting, dropped, closed].sort());
  expect(await shown(page, 'Unsettled')).toEqual([open, waiting].sort());
  expect(await shown(page, 'Deal')).toEqual([closed]);
  expect(await shown(page, 'Canceled')).toEqual([dropped]);
  expect(await shown(page, 'Exception')).toEqual([]);
  await screenshot(page, 'wave3-records-exception-mobile');
});

test('phone: trade records follow the account (demo lists its mock orders) and the trade mode (user-centre §7)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'w3-mode@example.com', 50_000);
  const real = await buy(page, 'BTCUSDT', '0.1');
  await page.goto('/user/wallet/transactionList');
  expect(await shown(page, 'All')).toEqual([real]);

  // The demo account: its own (mock) list, without the real order.
  await page.goto('/user');
  await page.getByRole('button', { name: 'Switch to the demo account' }).first().click();
  await page
    .getByRole('dialog', { name: 'Switch account' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('button', { name: 'Reset demo account' })).toBeVisible();
  await page.goto('/user/wallet/transactionList');
  expect(await shown(page, 'All')).toEqual([]);
  const demo = await buy(page, 'BTCUSDT', '0.1');
  await page.goto('/user/wallet/transactionList');
  expect(await shown(page, 'All')).toEqual([demo]);

  // Option mode: the records open on option orders.
  await page.goto('/chart/BTCUSDT');
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  await page.goto('/user/wallet/transactionList');
  await expect(page.getByRole('tab', { name: 'Option orders' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('list', { name: 'Option orders' })).toBeVisible();
  await screenshot(page, 'wave3-records-option-mode-mobile');
});

/**
 * The deposit form's rules before anything is sent: the minimum, the
 * agreement's back arrow keeping the form, the records; a disabled deposit.
 */
import { test, expect, MOBILE, screenshot, shot } from './fixtures.ts';
import { backOffice, signIn, saved, go } from './sim.ts';
import { png, PNG } from './images.ts';

test('phone: deposit with the minimum, the agreement back arrow, the records', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  const uid = await signIn(page, 'minimum@example.com', 100);
  await go(page, '/user/deposit');
  // Step one already says it: the money is sent before step two.
  await expect(
    page.getByRole('note').filter({ hasText: 'Minimum deposit: 1000 USD' }),
  ).toBeVisible();
  await screenshot(page, 'uc-deposit-minimum-step1-mobile');
  // A quoted coin: about how much of it, at the market's price.
  await page.getByRole('button', { name: /Coin and network/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose coin and network' })
    .getByRole('button', { name: /BTC/ })
    .click();
  await expect(
    page.getByRole('note').filter({ hasText: /^Minimum deposit: 1000 USD \(about 0\.\d+ BTC\)$/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Coin and network/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose coin and network' })
    .getByRole('button', { name: /USDT\s+TRC20/ })
    .click();
  await page.getByRole('button', { name: 'Next' }).click();
  // The amount is typed in USDT: so is the minimum.
  await expect(page.getByText('Minimum deposit: 1000 USDT', { exact: true })).toBeVisible();
  await page.getByLabel('Deposit amount (USDT)').fill('500');
  // A large photo (recompressed: hundreds of ms), then at once another: the
  // second is the proof (it was ignored while the first was read).
  await page.getByLabel('Deposit proof').setInputFiles({
    name: 'large.png',
    mimeType: 'image/png',
    buffer: png(1600, 1200, 2),
  });
  await page
    .getByLabel('Deposit proof')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: 'Deposit proof preview' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();

  // The agreement's own back arrow keeps the form (not only the browser's Back).
  await page.getByRole('link', { name: 'Deposit service agreement' }).click();
  await expect(page).toHaveURL(/\/user\/agreement$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/user\/deposit$/);
  await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('500');
  await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();

  // Under the minimum: refused by the form; nothing reaches the server.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The minimum deposit is 1000 USD')).toBeVisible();
  await expect(page.getByText(/\(code 1036\)/)).toHaveCount(0);
  await screenshot(page, 'uc-deposit-minimum-refused-mobile');
  expect(await backOffice<unknown[]>(page, 'walletRequests', uid)).toEqual([]);
  await page.getByLabel('Deposit amount (USDT)').fill('1000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submitted successfully, please wait for the review')).toBeVisible();
  await saved(page);

  // The records: a status filter and a detail panel.
  await page.goto('/user/wallet/depositList');
  const list = page.getByRole('list', { name: 'Deposit and withdrawal records' });
  const rec = list.getByRole('article', { name: 'Deposit 1000 USDT' });
  await expect(rec).toContainText('In review');
  const status = page.getByRole('group', { name: 'Status filter' });
  await status.getByRole('button', { name: 'Success' }).click();
  await expect(list.getByText('No records')).toBeVisible();
  await status.getByRole('button', { name: 'In review' }).click();
  await expect(rec).toBeVisible();
  await rec.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('dialog', { name: 'Deposit 1000 USDT' });
  await expect(detail.getByText('Value in USD')).toBeVisible();
  await expect(detail.getByText('1,000.00 USD').or(detail.getByText('1000.00 USD'))).toBeVisible();
  await shot(page, 'uc-deposit-record-detail-mobile');
  expect(consoleErrors).toEqual([]);
});

test('phone: a disabled deposit is a disabled button; its route goes home', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'nodeposit@example.com', 5000);
  await backOffice(page, 'setFlag', 'depositDisabled', true);
  await saved(page);
  await page.goto('/user');
  const deposit = page.getByRole('button', { name: 'Deposit', exact: true });
  await expect(deposit).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Deposit', exact: true })).toHaveCount(0);
  await page.goto('/user/deposit');
  await expect(page).toHaveURL(/\/$/);
});

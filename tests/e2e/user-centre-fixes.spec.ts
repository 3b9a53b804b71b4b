/**
 * User-centre journeys of issue 13 against the simulator: the deposit
 * minimum shown and checked before anything is sent (with the agreement's
 * back arrow keeping the form, and the records' status filter and detail
 * panel), a withdrawal submitted during the 1 s recheck, the §2 menu on a
 * phone and a desktop (junior verification reachable), a disabled deposit,
 * and an avatar given as a server path.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice, PHONE, signIn } from './sim.ts';
import { png } from './images.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** The simulator saves its state 250 ms after a change: wait for it before a page load. */
const saved = (page: Page) => page.waitForTimeout(600);

async function setFlag(page: Page, name: string, on: boolean) {
  await backOffice(page, 'setFlag', name, on);
  await saved(page);
  await page.reload();
}

/** The labels of the user menu's §2 rows (links), in order. */
/** The menu's rows once the user is loaded (bind e-mail depends on how they registered). */
const menuLinks = async (page: Page) => {
  const menu = page.getByRole('list', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-busy', 'false');
  return menu.locator('a.menu-row > span:first-child').allTextContents();
};

test('phone: deposit with the minimum, the agreement back arrow, the records', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  const uid = await signIn(page, 'minimum@example.com', 100);
  await page.goto('/user/deposit');
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
  await page.waitForTimeout(300);
  await screenshot(page, 'uc-deposit-record-detail-mobile');
  expect(consoleErrors).toEqual([]);
});

test('phone: withdraw, a submit during the 1 s recheck is kept and goes through', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'recheck@example.com', 5000);
  await setFlag(page, 'NO_WALLET_WITHDRAW', true);
  await page.goto('/user/withdraw');
  await page.getByRole('button', { name: /Choose coin and network/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose coin and network' })
    .getByRole('button', { name: /USDT\s+TRC20/ })
    .click();
  await page.getByLabel('Payment address').fill(TRC20_ADDRESS);
  await page.getByLabel('Withdrawal amount (USDT)').fill('200');
  await expect(page.getByRole('definition').filter({ hasText: '175 USDT' })).toBeVisible();

  // The next recheck is slow: submit while it is in flight.
  await backOffice(page, 'delay', { call: 'withdrawWalletCalculate', ms: 3000 });
  const calculating = page.getByRole('status', { name: 'Calculating' });
  await expect(calculating).toBeVisible({ timeout: 3000 });
  await page.waitForTimeout(300);
  await expect(calculating).toBeVisible();
  // Continue opens the review (issue 25); its Confirm is the submit, still during the check.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Busy at once (not silently dropped), then submitted when the check allows it.
  const busy = page.getByRole('button', { name: 'Loading…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await screenshot(page, 'uc-withdraw-queued-mobile');
  await expect(page.getByText('Submitted successfully, please wait for the review')).toBeVisible({
    timeout: 8000,
  });
  await expect(page.getByRole('status', { name: 'Withdrawal locked' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('phone: the §2 menu with junior verification and bind e-mail', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { phone: PHONE }, 5000);
  await page.goto('/user');
  await expect(page.getByRole('list', { name: 'Menu' })).toBeVisible();
  expect(await menuLinks(page)).toEqual([
    'My account',
    'My wallet',
    'Change password',
    'Privacy policy',
    'Verification',
    'Junior verification',
    'Crypto wallets',
    'Bank cards',
    'Loan',
    'Trade records',
    'Deposit and withdrawal records',
    'Notifications',
    'Bind e-mail',
    'Customer service',
  ]);
  await screenshot(page, 'uc-menu-mobile');
  // Junior verification is reachable with the default flags.
  await page.getByRole('link', { name: 'Junior verification' }).click();
  await expect(page).toHaveURL(/\/user\/juniorVerified$/);
  await expect(page.getByRole('heading', { name: 'Junior verification' })).toBeVisible();
  await expect(page.getByLabel('Real name')).toBeVisible();
});

test('desktop: the §2 menu order in the account drawer, standards when on', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'menu@example.com', 5000);
  await backOffice(page, 'setFlag', 'standards', true);
  await saved(page);
  await page.goto('/user');
  await page.reload();
  const drawer = page.getByRole('dialog', { name: 'Mine' });
  await expect(drawer.getByRole('list', { name: 'Menu' })).toBeVisible();
  expect(await menuLinks(page)).toEqual([
    'My account',
    'My wallet',
    'Verification',
    'Junior verification',
    'Crypto wallets',
    'Bank cards',
    'Deposit',
    'Withdraw',
    'Loan',
    'Trade records',
    'Deposit and withdrawal records',
    'Marketing standards',
    'Notifications',
    'Customer service',
  ]);
  await screenshot(page, 'uc-menu-desktop');
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

test('an avatar given as a server path is never requested without the token', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'avatar@example.com', 5000);
  const info = {
    uid: '1',
    nick: 'avatar',
    email: 'avatar@example.com',
    registerType: 'E',
    inviteCode: 'X1',
    avator: '/waa/user/avatar/1.png',
    walletType: 0,
  };
  await backOffice(page, 'force', {
    call: 'userInfo',
    body: JSON.stringify({ code: 0, msg: 'success', data: info }),
    times: 20,
  });
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'avatar' })).toBeVisible();
  // A bare <img src="/waa/…"> would go out without the bearer token.
  await page.waitForTimeout(500);
  await expect(page.locator('img[src^="/waa/"]')).toHaveCount(0);
});

test('phone: a loan without a bound e-mail says so before the request', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { phone: PHONE }, 5000);
  await page.goto('/user/loan');
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeVisible();
  // Not only after the round trip (1156): the form says it from the start.
  const alert = page.getByRole('alert').filter({ hasText: 'Please bind your e-mail first' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Bind e-mail' })).toHaveAttribute(
    'href',
    '/user/bindEmail',
  );
  await screenshot(page, 'uc-loan-bind-email-mobile');
});

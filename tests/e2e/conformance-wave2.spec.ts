/**
 * Second-wave conformance rules (docs/conformance.md): the wallet-only
 * redirect (trading §1), flag images (§1), remembered country and register
 * account (§3), a closed option going back (§2 chart), the phone with its
 * area code (user-centre §3), "area code first" and "add a card or wallet
 * first" (§5), the camera warning on phones (§8) and the crypto pages' back
 * arrow (§2).
 */
import type { Page } from '@playwright/test';
import { test, expect, isLive, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice } from './sim.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const PHONE = { seed: '12125550177', dial: '1', local: '2125550177' };

/** The simulator saves its state 250 ms after a change: wait for it before a page load. */
const saved = (page: Page) => page.waitForTimeout(600);

async function signIn(page: Page, who: { email: string } | { phone: true }) {
  await page.goto('/login');
  const seed = 'email' in who ? { email: who.email } : { phone: PHONE.seed };
  await backOffice(page, 'seedUser', { ...seed, password: 'secret123', deposit: 1000 });
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  const scope = (await dialog.count()) ? dialog : page;
  if ('email' in who) await scope.getByLabel('E-mail').fill(who.email);
  else {
    await scope.getByRole('button', { name: 'Phone', exact: true }).click();
    await scope.getByLabel('Country code').selectOption(PHONE.dial);
    await scope.getByLabel('Phone', { exact: true }).fill(PHONE.local);
  }
  await scope.getByLabel('Password', { exact: true }).fill('secret123');
  await scope.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await saved(page);
}

/**
 * Serve the shipped site config with `extra` merged in. The live project
 * serves its own config (pointing at the server), so these tests are for the
 * simulator project only.
 */
async function siteWith(page: Page, extra: Record<string, unknown>) {
  test.skip(isLive(), 'the live harness serves its own site config');
  await page.route('**/config/site.json', async (route) => {
    const res = await route.fetch();
    const body = { ...((await res.json()) as Record<string, unknown>), ...extra };
    await route.fulfill({ response: res, json: body });
  });
}

const WALLET_ONLY = {
  walletOnly: { wallet: 'Example Wallet', browserAgent: 'ExampleWallet', page: '/wallet-only' },
};

test.describe('wallet-only site', () => {
  test('a plain browser is sent to the wallet page (trading §1)', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await siteWith(page, WALLET_ONLY);
    await page.route('**/wallet-only', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<h1>Open in Example Wallet</h1>' }),
    );
    await page.goto('/quotation');
    await expect(page).toHaveURL(/\/wallet-only$/);
    await expect(page.getByRole('heading', { name: 'Open in Example Wallet' })).toBeVisible();
  });
});

test.describe("the wallet's browser", () => {
  test.use({ userAgent: `${ANDROID} ExampleWallet/2.1` });
  test('stays on the site (trading §1)', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await siteWith(page, WALLET_ONLY);
    await page.goto('/quotation');
    await expect(page.getByRole('heading', { name: 'Quotation' })).toBeVisible();
    await expect(page).toHaveURL(/\/quotation$/);
  });
});

test('phone: the language list shows a flag image for each language (trading §1)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  const list = page.getByRole('listbox', { name: 'Language' });
  const options = list.getByRole('option');
  await expect(options).toHaveCount(10);
  await expect(list.locator('svg.flag')).toHaveCount(10);
  await expect(
    list.getByRole('option', { name: '日本語' }).locator('svg[data-flag="ja"]'),
  ).toBeVisible();
  // Images, not emoji: no regional-indicator characters in the list.
  expect(await list.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  await screenshot(page, 'wave2-language-flags-mobile');
});

test('phone: the chosen country and a new account are remembered across a reload (trading §3)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await page.getByLabel('Country code').selectOption('44');
  await page.reload();
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await expect(page.getByLabel('Country code')).toHaveValue('44');

  await page.goto('/register');
  await page.getByLabel('E-mail').fill('kept@example.com');
  await page.getByRole('button', { name: 'Get code' }).click();
  const notice = page.getByText(/Simulator: code (\d{6}) sent to kept@example\.com/);
  await expect(notice).toBeVisible();
  const code = /code (\d{6})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('longenough1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // A fresh load of sign in (no navigation state) still offers the new account.
  await page.goto('/');
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toHaveValue('kept@example.com');
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
  await expect(page.getByText('This product is closed')).toBeVisible();
  await expect(page).toHaveURL(/\/quotation$/);
});

test('phone: my page and my account show the phone with its area code (user-centre §3)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { phone: true });
  await page.goto('/user');
  await expect(page.getByText('Phone +1 2125550177')).toBeVisible();
  await page.goto('/user/account');
  await expect(page.getByText('Phone +1 2125550177')).toBeVisible();
  await screenshot(page, 'wave2-account-phone-mobile');
});

test('phone: withdraw with no card or wallet says to add one first (user-centre §5)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { email: 'first@example.com' });
  await page.goto('/user/withdraw');
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
});

test('phone: back from the crypto pages returns to the user page or the wallet (user-centre §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { email: 'cryptoback@example.com' });
  const back = page.getByRole('link', { name: 'Back' });
  // From the user page.
  await page.goto('/user');
  await page.getByRole('link', { name: 'Crypto wallets' }).click();
  await expect(page).toHaveURL(/\/user\/wallet\/crypto$/);
  await expect(back).toHaveAttribute('href', '/user');
  // From the wallet: back to the wallet, and add (opened from the list) back to the list.
  await page.goto('/user/myWallet');
  await page.getByRole('link', { name: 'Crypto wallet' }).click();
  await expect(page).toHaveURL(/\/user\/wallet\/crypto$/);
  await expect(back).toHaveAttribute('href', '/user/myWallet');
  await page.getByRole('link', { name: 'Add a crypto wallet' }).first().click();
  await expect(page).toHaveURL(/\/user\/wallet\/addCrypto$/);
  await expect(back).toHaveAttribute('href', '/user/wallet/crypto');
  await back.click();
  await expect(back).toHaveAttribute('href', '/user/myWallet');
  await back.click();
  await expect(page).toHaveURL(/\/user\/myWallet$/);
  // Add opened from the withdraw page goes back there.
  await page.goto('/user/withdraw');
  await page.getByRole('link', { name: 'Add a crypto wallet' }).click();
  await expect(page).toHaveURL(/\/user\/wallet\/addCrypto$/);
  await expect(back).toHaveAttribute('href', '/user/withdraw');
});

test.describe('camera warning', () => {
  test.use({ userAgent: ANDROID });
  test('phone: uploads on an Android phone warn about the camera (user-centre §8)', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, { email: 'camera@example.com' });
    await page.goto('/user/verified');
    await expect(page.getByRole('note').first()).toHaveText(
      'If the camera does not open on this device, choose a photo from your gallery instead.',
    );
    await screenshot(page, 'wave2-camera-warning-mobile');
  });
});

test('desktop: no camera warning on a desktop browser (user-centre §8)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, { email: 'nocamera@example.com' });
  await page.goto('/user/verified');
  await expect(page.getByText('Real name')).toBeVisible();
  await expect(page.getByText(/If the camera does not open/)).toHaveCount(0);
});

test('phone: in option mode the trade records open on options; ?optionUID= opens one (user-centre §6)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.addInitScript(() =>
    localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
  );
  await signIn(page, { email: 'optionrecords@example.com' });
  await page.goto('/BTCUSDT/placeOption?direction=0');
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
  // The option filters: pending settlement holds it, settled does not yet.
  await page.getByRole('button', { name: 'Settled', exact: true }).click();
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
});

test('desktop: the language select shows the chosen language as a flag image (trading §1)', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const select = page.getByRole('combobox', { name: 'Language' });
  await expect(select).toBeVisible();
  const box = page.locator('.language-select');
  await expect(box.locator('svg.flag[data-flag="en"]')).toBeVisible();
  // Images, not emoji (which many desktops draw as two letters).
  expect(await select.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  // The label is Japanese once Japanese is chosen: the select is found by its box.
  await select.selectOption('ja');
  await expect(box.locator('svg.flag[data-flag="ja"]')).toBeVisible();
  await screenshot(page, 'wave2-language-select-desktop');
});

test('sign in: back to home, service icon on the phone only, language, forgot and sign-up links (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Customer service' })).toHaveAttribute(
    'href',
    '/user/service',
  );
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot',
  );
  await page.getByRole('link', { name: 'New user? Sign up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(
    page.getByRole('link', { name: 'Already have an account? Sign in' }),
  ).toHaveAttribute('href', '/login');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('listbox', { name: 'Language' })).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  const card = page.getByRole('dialog', { name: 'Sign in' });
  await expect(card.getByLabel('E-mail')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Customer service' })).toHaveCount(0);
});

test('phone: home shows one banner by default (trading §9)', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.locator('.banner-slide')).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Slide 1 of 1' })).toBeVisible();
});

test('phone: per-site settings change trade mode, template, tabs, banners, languages, colours, deposit and withdraw options (trading §1)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await siteWith(page, {
    defaultTradeMode: 'option',
    template: 'grid',
    tradeOrder: [2, 3],
    bannerCount: 3,
    languages: ['en', 'zh-cn', 'id'],
    colors: { up: '#0000ff', down: '#ff00ff' },
    depositTypes: ['crypto'],
    withdrawTypes: ['crypto'],
  });
  await page.goto('/');
  await expect(page.locator('.banner-slide')).toHaveCount(3);
  const grid = page.getByRole('navigation', { name: 'Categories' });
  await expect(grid.getByRole('link')).toHaveCount(2);
  await expect(grid).toHaveClass(/\bcols-4\b/);
  await expect(grid.getByRole('link').first()).toHaveAttribute('href', '/quotation?singleTrade=2');
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--up'))).toBe(
    '#0000ff',
  );
  await page.goto('/chart/BTCUSDT');
  await expect(page.getByRole('button', { name: 'Buy long' })).toBeVisible();

  await signIn(page, { email: 'site@example.com' });
  await page.goto('/user/deposit');
  // Crypto only: no tabs, the crypto form straight away.
  await expect(page.getByText('Deposit address')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank' })).toHaveCount(0);
  await page.goto('/user/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank card' })).toHaveCount(0);
  await page.goto('/user');
  await page.getByText('Language', { exact: true }).click();
  const list = page.getByRole('listbox', { name: 'Language' });
  await expect(list.getByRole('option')).toHaveCount(3);
  await expect(list.getByRole('option', { name: '简体中文' })).toBeVisible();
  await expect(list.getByRole('option', { name: 'Bahasa Indonesia' })).toBeVisible();
});

test('phone: remember keeps the account, remember-password an encoded password (trading §2, §4)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await backOffice(page, 'seedUser', { email: 'keep@example.com', password: 'secret123' });
  await page.getByLabel('E-mail').fill('keep@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Remember me').check();
  await page.getByLabel('Remember password').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The password is encrypted asynchronously after the sign-in.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('rememberPassword')))
    .toBeTruthy();
  const stored = await page.evaluate(() => ({
    account: localStorage.getItem('remember'),
    password: localStorage.getItem('rememberPassword'),
    all: JSON.stringify({ ...localStorage }),
  }));
  expect(JSON.parse(stored.account ?? '{}')).toEqual({ type: 'E', value: 'keep@example.com' });
  expect(stored.password).toBeTruthy();
  expect(stored.all).not.toContain('secret123');

  await page.goto('/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('dialog', { name: 'Log out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toHaveValue('keep@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('secret123');
  // Signing in again with both off forgets them.
  await page.getByLabel('Remember me').uncheck();
  await page.getByLabel('Remember password').uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const after = await page.evaluate(() => [
    localStorage.getItem('remember'),
    localStorage.getItem('rememberPassword'),
  ]);
  expect(after).toEqual([null, null]);
});

test('phone: banners turn every 3 s and loop, about 38.2 % of the width high (trading §2 home)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await siteWith(page, { bannerCount: 3 });
  await page.clock.install();
  await page.goto('/');
  const shown = () => page.locator('.banner-slide:not([aria-hidden="true"])');
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 1 of 3');
  await page.clock.runFor(2900);
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 1 of 3');
  await page.clock.runFor(200);
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 2 of 3');
  await page.clock.runFor(6000);
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 1 of 3');
  const box = await page.locator('.banners').boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs(box!.height - box!.width * 0.382)).toBeLessThan(2);
  expect(box!.height).toBeLessThanOrEqual(206);
});

test('phone: in market mode the quotation lists only tradable products; option mode lists all (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/quotation');
  await backOffice(page, 'setTradeStatus', 'XAUUSD', 0);
  await saved(page);
  await page.reload();
  await expect(page.locator('a[href="/chart/XAGUSD"]').first()).toBeVisible();
  await expect(page.locator('a[href="/chart/XAUUSD"]')).toHaveCount(0);
  await page.evaluate(() =>
    localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
  );
  await page.reload();
  await expect(page.locator('a[href="/chart/XAUUSD"]').first()).toBeVisible();
});

test('phone: my page has the §2 rows, invite code, settings and the version footer (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { email: 'mypage@example.com' });
  await page.goto('/user');
  const menu = page.getByRole('list', { name: 'Menu' });
  for (const href of ['/user/account', '/user/myWallet', '/user/verified', '/user/notification'])
    await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
  await expect(menu.locator('a[href="/user/service"]')).toBeVisible();
  for (const row of [
    'Invite code',
    'Contact e-mail',
    'Language',
    'Up and down colours',
    'Dark mode',
  ])
    await expect(page.getByText(row, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Trader v\S+/)).toBeVisible();
});

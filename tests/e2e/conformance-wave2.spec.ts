/**
 * Second-wave conformance rules of trading.md (docs/conformance.md): the
 * wallet-only redirect and flag images (§1), remembered country, register
 * account and sign-in (§2, §3, §4), a closed option going back, home banners,
 * per-site settings and the quotation filter (§2, §9).
 */
import { test, expect, MOBILE, DESKTOP, screenshot, ANDROID, siteWith } from './fixtures.ts';
import { backOffice, logOut, saved, signIn } from './sim.ts';

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
  // The default site's languages, English first and chosen.
  await expect(options).toContainText([
    'English',
    '繁體中文',
    '日本語',
    'Deutsch',
    'Français',
    'Italiano',
    '한국어',
    'Español',
    'Tiếng Việt',
    'ไทย',
  ]);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
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

  await signIn(page, 'site@example.com', 1000);
  await page.goto('/user/deposit');
  // Crypto only: no tabs, the crypto form straight away.
  await expect(page.getByText('Deposit address')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank' })).toHaveCount(0);
  await page.goto('/user/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw' })).toBeVisible();
  // The status check is done (no wallet yet), so the tabs would be drawn by now.
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
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

  await logOut(page);
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

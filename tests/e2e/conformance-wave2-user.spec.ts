/**
 * Second-wave conformance rules of user-centre.md (docs/conformance.md): the
 * phone with its area code (§3), "add a card or wallet first" (§5), the
 * crypto pages' back arrow (§2), the camera warning on phones (§8), option
 * trade records in option mode (§6), and My page (trading.md §2).
 */
import { test, expect, MOBILE, DESKTOP, screenshot, ANDROID } from './fixtures.ts';
import { backOffice, PHONE, saved, signIn } from './sim.ts';

test('phone: my page and my account show the phone with its area code (user-centre §3)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { phone: PHONE }, 1000);
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
  await signIn(page, 'first@example.com', 1000);
  await page.goto('/user/withdraw');
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
});

test('phone: back from the crypto pages returns to the user page or the wallet (user-centre §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'cryptoback@example.com', 1000);
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
    await signIn(page, 'camera@example.com', 1000);
    await page.goto('/user/verified');
    await expect(page.getByRole('note').first()).toHaveText(
      'If the camera does not open on this device, choose a photo from your gallery instead.',
    );
    await screenshot(page, 'wave2-camera-warning-mobile');
  });
});

test('desktop: no camera warning on a desktop browser (user-centre §8)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'nocamera@example.com', 1000);
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
  await signIn(page, 'optionrecords@example.com', 1000);
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

test('phone: my page has the §2 rows, invite code, settings and the version footer (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'mypage@example.com', 1000);
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

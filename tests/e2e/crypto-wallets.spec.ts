/**
 * Saved crypto addresses (user-centre.md §2 route table: /user/wallet/crypto
 * is "hidden when crypto withdraw is disabled"; §6 NO_WALLET_WITHDRAW): a
 * site whose withdraw methods leave out crypto has no crypto wallets item,
 * shortcut or route, on the phone and on the desktop.
 */
import { test, expect, MOBILE, DESKTOP, siteWith } from './fixtures.ts';
import { saved, signIn, go } from './sim.ts';

test('a site without crypto withdrawals: no crypto wallets in the menu or the wallet, and its routes send the user back', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await siteWith(page, { withdrawTypes: ['bank_card'] });
  await signIn(page, 'no-crypto-withdraw@example.com', 1000);
  await go(page, '/user');
  const menu = page.getByRole('list', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-busy', 'false');
  await expect(menu.getByRole('link', { name: 'Bank cards' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Crypto wallets' })).toHaveCount(0);
  await page.goto('/user/myWallet');
  const shortcuts = page.getByRole('list', { name: 'Wallet shortcuts' });
  await expect(shortcuts.getByRole('link', { name: 'Bank card' })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Crypto wallet' })).toHaveCount(0);
  for (const route of ['/user/wallet/crypto', '/user/wallet/addCrypto']) {
    await page.goto(route);
    await expect(page).toHaveShownToast('This feature is not available for your account');
    await expect(page).toHaveURL(/\/user$/);
  }
  await saved(page);

  await page.setViewportSize(DESKTOP);
  await page.goto('/user');
  const drawer = page.getByRole('dialog', { name: 'Mine' });
  await expect(drawer.getByRole('link', { name: 'Bank cards' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Crypto wallets' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a site with crypto withdrawals lists them (the same screens, the default site)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'crypto-withdraw@example.com', 1000);
  await go(page, '/user');
  const menu = page.getByRole('list', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-busy', 'false');
  await expect(menu.getByRole('link', { name: 'Crypto wallets' })).toBeVisible();
  await page.goto('/user/myWallet');
  await expect(
    page
      .getByRole('list', { name: 'Wallet shortcuts' })
      .getByRole('link', { name: 'Crypto wallet' }),
  ).toBeVisible();
  await page.goto('/user/wallet/crypto');
  await expect(page.getByRole('heading', { name: 'Crypto wallets' })).toBeVisible();
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

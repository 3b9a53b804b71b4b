/**
 * Saved crypto addresses (user-centre.md §2 route table: /user/wallet/crypto
 * is "hidden when crypto withdraw is disabled"; §6 NO_WALLET_WITHDRAW): a
 * site whose withdraw methods leave out crypto has no crypto wallets item,
 * shortcut or route, on the phone and on the desktop.
 */
import { test, expect, MOBILE, DESKTOP, siteWith } from './fixtures.ts';
import { saved, signIn } from './sim.ts';

test('a site without crypto withdrawals: no crypto wallets in the menu or the wallet, and its routes send the user back', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await siteWith(page, { withdrawTypes: ['bank_card'] });
  await signIn(page, 'no-crypto-withdraw@example.com', 1000);
  await page.goto('/user');
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
    await expect(page.getByText('This feature is not available for your account')).toBeVisible();
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
  await page.goto('/user');
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

/**
 * Where a visitor lands by browser: a wallet-only site sends a plain browser
 * to the wallet page, and the wallet's own browser stays (trading §1).
 */
import { test, expect, MOBILE, ANDROID, siteWith } from './fixtures.ts';

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

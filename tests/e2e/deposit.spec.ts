/**
 * Deposit (user-centre.md §4 "Deposit", §6 depositBanNewFlow, §7 the recharge
 * status call): the form is kept in session storage only while the agreement
 * page is visited, however that page was reached or reloaded; with
 * depositBanNewFlow no new deposit starts while the latest waits for review.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, signIn, saved } from './sim.ts';

const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const kept = (page: Page) => page.evaluate(() => sessionStorage.getItem('depositForm'));

/** Step one (USDT TRC20), then step two's amount. */
async function stepTwo(page: Page, amount: string) {
  await page.goto('/user/deposit');
  await page.getByRole('button', { name: /Coin and network/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose coin and network' })
    .getByRole('button', { name: /USDT\s+TRC20/ })
    .click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Deposit amount (USDT)').fill(amount);
}

test('the kept deposit form is cleared when the agreement page, reloaded, is left for elsewhere', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'deposit-kept@example.com');
  await stepTwo(page, '1500');
  await page.getByRole('link', { name: 'Deposit service agreement' }).click();
  await expect(page).toHaveURL(/\/user\/agreement$/);
  expect(await kept(page)).toContain('1500');
  // Still on the agreement page after a reload: still kept.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deposit service agreement' })).toBeVisible();
  expect(await kept(page)).toContain('1500');
  // Another page: cleared, and the deposit starts afresh.
  await page.goto('/');
  await expect.poll(() => kept(page)).toBeNull();
  await page.goto('/user/deposit');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expect(page.getByLabel('Deposit amount (USDT)')).toHaveCount(0);

  // The agreement's own way back still keeps it (a reload in between too).
  await stepTwo(page, '2500');
  await page.getByRole('link', { name: 'Deposit service agreement' }).click();
  await page.reload();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('Deposit amount (USDT)')).toHaveValue('2500');
  expect(consoleErrors).toEqual([]);
});

test(
  'depositBanNewFlow: no new deposit while the latest waits for review; Refresh opens the form once it is decided',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    const uid = await signIn(page, 'deposit-ban@example.com');
    await backOffice(page, 'setFlag', 'depositBanNewFlow', true);
    // Saved before the next page load, which reads the flag.
    await saved(page);
    try {
      // The user deposits (the form opens: nothing waits yet), then comes back to deposit again.
      await stepTwo(page, '1500');
      await page.getByLabel('Deposit proof').setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_B64, 'base64'),
      });
      await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();
      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(
        page.getByText('Submitted successfully, please wait for the review'),
      ).toBeVisible();
      await saved(page);
      await page.goto('/user/deposit');
      const banned = page.getByRole('status', { name: 'Your last deposit is in review' });
      await expect(
        banned.getByText('An order is still being processed, wait before applying again'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
      await banned.getByRole('button', { name: 'Refresh' }).click();
      await expect(banned).toBeVisible();

      const [request] = await backOffice<Array<{ id: string }>>(page, 'walletRequests', uid);
      await backOffice(page, 'approveDeposit', request!.id);
      await banned.getByRole('button', { name: 'Refresh' }).click();
      await expect(banned).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
    } finally {
      // The live server is shared by the worker's tests.
      await backOffice(page, 'setFlag', 'depositBanNewFlow', false);
    }
    expect(consoleErrors).toEqual([]);
  },
);

test('a self-wallet user (walletType 1) deposits from their own wallets only', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  const uid = await signIn(page, 'deposit-self@example.com');
  await backOffice(page, 'setWalletType', uid, 1);
  await page.goto('/user/deposit');
  // No wallet of their own yet: the site's addresses are not offered.
  await expect(
    page.getByText('You have no wallet to deposit from. Please contact customer service.'),
  ).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toHaveCount(0);
  const own = 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY';
  await backOffice(page, 'addSelfWallet', uid, '101', own);
  await page.goto('/user');
  await page.goto('/user/deposit');
  await expect(page.getByTestId('deposit-address')).toHaveText(own);
  expect(consoleErrors).toEqual([]);
});

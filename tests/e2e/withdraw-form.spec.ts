/**
 * The withdraw form's guards: no card or wallet yet says to add one first, and
 * a submit during the 1 s recheck is kept and goes through.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, screenshot } from './fixtures.ts';
import { backOffice, signIn, saved, go } from './sim.ts';

const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

async function setFlag(page: Page, name: string, on: boolean) {
  await backOffice(page, 'setFlag', name, on);
  await saved(page);
  await page.reload();
}

test('phone: withdraw with no card or wallet says to add one first (user-centre §5)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'first@example.com', 1000);
  await go(page, '/user/withdraw');
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await expect(page.getByText('Please add a bank card or crypto wallet first')).toBeVisible();
});

test('phone: withdraw, a submit during the 1 s recheck is kept and goes through', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'recheck@example.com', 5000);
  await setFlag(page, 'NO_WALLET_WITHDRAW', true);
  await page.goto('/user/withdraw');
  await page.getByRole('button', { name: /^Coin and network:/ }).click();
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
  // real delay: the status stays while the check is in flight, not a flash.
  await page.waitForTimeout(300);
  await expect(calculating).toBeVisible();
  // A spinner a person can see, next to the fee it is about (a bare span had no size).
  const spin = await calculating.boundingBox();
  expect(spin?.width).toBeGreaterThanOrEqual(12);
  expect(spin?.height).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole('definition').filter({ has: calculating })).toContainText('USDT');
  // Continue opens the review (issue 25); its Confirm is the submit, still during the check.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Busy at once (not silently dropped), then submitted when the check allows it.
  const busy = page.getByRole('button', { name: 'Loading…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await screenshot(page, 'uc-withdraw-queued-mobile');
  await expect(page).toHaveShownToast('Submitted successfully, please wait for the review', {
    timeout: 8000,
  });
  await expect(page.getByRole('status', { name: 'Withdrawal locked' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

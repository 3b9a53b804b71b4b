/**
 * Withdraw (user-centre.md §4 "Withdraw", §8 1066/1067/1070): a form locked
 * by the status check is never locked for good. Refresh on the locked screen
 * checks again, and once the cause is gone the form opens where the user is.
 * An empty state never offers a screen that is switched off.
 */
import { COIN_NETS } from '../../src/simulator/modules/account/coins.ts';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, signIn, saved } from './sim.ts';

test(
  'withdraw: the locked form opens again with Refresh once the operator lifts the lock',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    const uid = await signIn(page, 'withdraw-lock@example.com', 5000);
    // 1066: an account anomaly the operator flags, and later clears.
    await backOffice(page, 'setAccountAnomaly', uid, true);
    await page.goto('/user/withdraw');
    const locked = page.getByRole('status', { name: 'Withdrawal locked' });
    await expect(locked.getByText('Account anomaly, contact customer support')).toBeVisible();
    const refresh = locked.getByRole('button', { name: 'Refresh' });
    // Still flagged: a refresh checks again and stays locked.
    await refresh.click();
    await expect(locked.getByText('Account anomaly, contact customer support')).toBeVisible();

    await backOffice(page, 'setAccountAnomaly', uid, false);
    await locked.getByRole('button', { name: 'Refresh' }).click();
    await expect(locked).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Crypto' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/withdraw$/);
    expect(consoleErrors).toEqual([]);
  },
);

test('withdraw without saved wallets and no network on: no button to a wallet screen that is switched off', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'withdraw-no-nets@example.com', 5000);
  await backOffice(page, 'setFlag', 'NO_WALLET_WITHDRAW', true);
  for (const n of COIN_NETS) await backOffice(page, 'setCoinNetEnabled', n.id, false);
  await saved(page);
  await page.goto('/user/withdraw');
  await expect(page.getByText('No coin or network is available for withdrawals')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a crypto wallet' })).toHaveCount(0);
  // The bank card tab still offers its own.
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await expect(page.getByRole('link', { name: 'Add a bank card' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

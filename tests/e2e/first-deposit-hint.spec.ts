/**
 * The first-run hint on home (issue 25 item 11): while the first deposit is
 * in review it says so and links to the deposit records instead of asking for
 * a deposit; once the deposit is approved it asks no more.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { backOffice, reviewOf, saved, signIn } from './sim.ts';
import { PNG } from './images.ts';

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(
    `${label}: with a deposit in review the welcome hint says so, and asks nothing once it is approved`,
    { tag: label === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await page.setViewportSize(size);
      // No deposit: a new account with nothing on it.
      const uid = await signIn(page, `first-deposit-${label}@example.com`, 0);
      const hint = page.getByRole('region', { name: 'Welcome! Your real account holds 0.00.' });
      await expect(hint.getByRole('link', { name: 'Deposit', exact: true })).toBeVisible();
      await expect(hint).toContainText('make a deposit');

      await page.goto('/user/deposit');
      await page.getByRole('button', { name: /Choose coin and network|Coin and network/ }).click();
      await page
        .getByRole('dialog', { name: 'Choose coin and network' })
        .getByRole('button', { name: /USDT\s+ERC20/ })
        .click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Deposit amount (USDT)').fill('1500');
      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await page
        .getByLabel('Deposit proof')
        .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByRole('img', { name: 'Deposit proof preview' })).toBeVisible();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(
        page.getByText('Submitted successfully, please wait for the review'),
      ).toBeVisible();

      await page.goto('/');
      await expect(hint).toContainText('Your deposit is in review');
      await expect(hint).not.toContainText('make a deposit');
      await expect(hint.getByRole('link', { name: 'Deposit records' })).toHaveAttribute(
        'href',
        '/user/wallet/depositList',
      );
      await expect(hint.getByRole('link', { name: 'Deposit', exact: true })).toHaveCount(0);

      // This user's deposit: the live server holds other tests' reviews too.
      const item = await reviewOf(page, 'deposit', uid);
      await backOffice(page, 'approveDeposit', item.id);
      await saved(page);
      await page.reload();
      // The hint decides once the balance is read: give that read its time, then look.
      // real delay: a hint that stays hidden leaves no mark that the balance was read.
      await page.waitForTimeout(1500);
      await expect(hint).toHaveCount(0, { timeout: 15_000 });
      expect(consoleErrors).toEqual([]);
    },
  );
}

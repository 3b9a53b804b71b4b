/**
 * After sign-up (issue 25 item 11; trading.md §7 "Register": the reply is only
 * a code, and the app returns to sign in with the account filled in). A
 * lasting notice on the sign-in form says the account exists and what to do
 * next; it outlives the short toast, and goes once the user leaves or signs in.
 *
 * Its desktop twin runs over the wire only (@wire): the page's simulator runs the phone's,
 * the live project both (playwright.config.ts says why).
 */
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { backOffice } from './sim.ts';

const NOTICE = 'Account created. Sign in with your new password.';

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(
    `${label}: after sign-up the sign-in form says the account was created until the user moves on`,
    { tag: label === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ page, consoleErrors }) => {
      await page.setViewportSize(size);
      const email = `sign-up-notice-${label}@example.com`;
      await page.goto('/register');
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Get code' }).click();
      await expect(page.getByText(`Enter the code sent to ${email}.`)).toBeVisible();
      const code = await backOffice<string>(page, 'lastCode', email);
      await page.getByLabel('Verification code').fill(code);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: 'Sign up' }).click();

      await expect(page).toHaveURL(/\/login$/);
      const notice = page.getByRole('status').filter({ hasText: NOTICE });
      await expect(notice).toBeVisible();
      await expect(page.getByLabel('E-mail')).toHaveValue(email);
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      // Still there once the toast has gone.
      await expect(page).toHaveShownToast('Sign up successful');
      await expect(page.getByText('Sign up successful')).toBeHidden({ timeout: 15_000 });
      await expect(notice).toBeVisible();

      // Leaving and coming back: no notice (the account is still filled in).
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot$/);
      await page.goto('/login');
      await expect(page.getByLabel('E-mail')).toHaveValue(email);
      await expect(page.getByText(NOTICE)).toHaveCount(0);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/$/);
      await expect(page.getByText(NOTICE)).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    },
  );
}

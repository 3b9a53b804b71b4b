/**
 * Forgot password, from step 1 to the success message (trading §4).
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice, submitSignIn } from './sim.ts';

test('phone: forgot password, step 1 then step 2, says "Update successful" and returns to sign in (trading §4)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const email = 'forgotten@example.com';
  await page.goto('/forgot');
  await backOffice(page, 'seedUser', { email, password: 'secret123' });
  const main = page.getByRole('main');
  // Step 1: the account, then the code.
  await main.getByLabel('E-mail').fill(email);
  await main.getByRole('button', { name: 'Get code' }).click();
  // Step 2: the code that was sent and a new password.
  await expect(main.getByText(`Enter the code sent to ${email}.`)).toBeVisible();
  await expect(main.getByLabel('E-mail')).toHaveCount(0);
  const code = await backOffice<string>(page, 'lastCode', email);
  await main.getByLabel('Verification code').fill(code);
  await main.getByLabel('New password', { exact: true }).fill('better456');
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveShownToast('Update successful');
  await expect(page).toHaveURL(/\/login$/);
  // The new password signs in.
  await submitSignIn(page, { email }, 'better456');
  await expect(page).toHaveURL(/\/$/);
});

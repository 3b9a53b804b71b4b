/**
 * Verification codes (trading.md §5: "exactly 6 digits … Digits only. Pastes
 * longer than 6 are rejected"): in the browser, not only in the machine. A
 * field with a 6-character limit would cut a 7-digit paste to its first six
 * and take them.
 */
import { test, expect, MOBILE } from './fixtures.ts';

test('the code field takes digits only and rejects a paste longer than 6 whole', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/register');
  await page.getByLabel('E-mail').fill('code-paste@example.com');
  await page.getByRole('button', { name: 'Get code' }).click();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  // A paste of 7 digits: refused, nothing of it kept.
  await code.fill('1234567');
  await expect(code).toHaveValue('');
  // Digits only: spaces and letters drop out.
  await code.fill('12 34 5a6');
  await expect(code).toHaveValue('123456');
  // Over 6 again: the 6 already there stay.
  await code.fill('1234567');
  await expect(code).toHaveValue('123456');
  await code.fill('123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('The verification code must be 6 digits')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/**
 * Recorded session "withdrawal-locked", replayed from the scenario it started from:
 * a saved scenario
 * Generated from withdrawal-locked.recording.json by src/ui/console/record/generate.ts
 * (record the session again rather than edit this); the QA plan is withdrawal-locked.plan.md.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures.ts';
import { backOffice } from '../sim.ts';
import { PASSWORD, at, startFrom, expectText, type Recording } from './replay-kit.ts';

const rec = JSON.parse(
  readFileSync(new URL('./withdrawal-locked.recording.json', import.meta.url), 'utf8'),
) as Recording;

test('recorded: withdrawal-locked', async ({ page, consoleErrors }) => {
  test.setTimeout(69 * 1000);
  await startFrom(page, rec);
  // 1. Type “locked@example.com” in “E-mail”
  await at(page, 1.439);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('locked@example.com');
  // 2. Type the scenario's password in “Password”
  await at(page, 2.152);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // 3. Tap “Sign in”
  await at(page, 2.871);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // 4. Expect the notice “Login successful”
  await expect(page).toHaveShownToast('Login successful');
  // 5. Tap the link “Mine”
  await at(page, 3.629);
  await page.getByRole('link', { name: 'Mine', exact: true }).click();
  // 6. Tap the link “Withdraw”
  await at(page, 4.39);
  await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
  // 7. In the back office: approve the withdrawal 1004
  await at(page, 6.592);
  await backOffice(page, 'approveWithdrawal', '1004');
  // 8. Tap “Refresh”
  await at(page, 8.055);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  // Expect at the end: the screen and what its labelled parts showed.
  await expect(page).toHaveURL((u) => u.pathname + u.search === '/user/withdraw');
  await expectText(page.locator('[aria-label="Withdraw"]').first(), 'Crypto Bank card');
  await expectText(
    page.locator('[aria-label="Fee details"]').first(),
    'Available balance 4000.00 USD Fee — Actual amount — Balance after —',
  );
  expect(consoleErrors).toEqual([]);
});

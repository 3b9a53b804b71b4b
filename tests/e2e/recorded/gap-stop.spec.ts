/**
 * Recorded session "gap-stop", replayed from the scenario it started from:
 * a saved scenario
 * Generated from gap-stop.recording.json by src/ui/console/record/generate.ts
 * (record the session again rather than edit this); the QA plan is gap-stop.plan.md.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures.ts';
import { backOffice } from '../sim.ts';
import { PASSWORD, at, startFrom, expectText, textPattern, type Recording } from './replay-kit.ts';

const rec = JSON.parse(
  readFileSync(new URL('./gap-stop.recording.json', import.meta.url), 'utf8'),
) as Recording;

test('recorded: gap-stop', async ({ page, consoleErrors }) => {
  test.setTimeout(69 * 1000);
  await startFrom(page, rec);
  // 1. Type “gap.trader@example.com” in “E-mail”
  await at(page, 1.551);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('gap.trader@example.com');
  // 2. Type the scenario's password in “Password”
  await at(page, 2.275);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // 3. Tap “Sign in”
  await at(page, 3.009);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // 4. Expect the notice “Login successful”
  await expect(page).toHaveShownToast('Login successful');
  // 5. Tap the link “Position”
  await at(page, 3.771);
  await page.getByRole('link', { name: 'Position', exact: true }).click();
  // 6. In the back office: fire a gap of -2 % on BTCUSDT
  await at(page, 7.525);
  await expect(
    page.getByRole('tab', { name: 'Positions (1)', exact: true, selected: true }),
  ).toBeVisible();
  await backOffice(page, 'marketGap', ['BTCUSDT'], -2);
  // 7. Expect the notice “Stop loss hit: BTCUSDT closed at 68720.22, P&L -13.86 USD”
  await expect(page).toHaveShownToast(
    textPattern('Stop loss hit: BTCUSDT closed at 68720.22, P&L -13.86 USD'),
  );
  // 8. Tap the link “History”
  await at(page, 8.995);
  await page.getByRole('link', { name: 'History', exact: true }).click();
  // Expect at the end: the screen and what its labelled parts showed.
  await expect(page).toHaveURL((u) => u.pathname + u.search === '/history');
  await expectText(
    page.locator('[aria-label="History"]').first(),
    'BTCUSDT Buy Closed -13.86 Volume 0.01 Place price 70106.19 Close price 68720.22 Fee 0.36 Closed by Stop loss 2026-11-18 10:00:09 No more records',
  );
  expect(consoleErrors).toEqual([]);
});

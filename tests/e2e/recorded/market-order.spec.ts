/**
 * Recorded session "market-order", replayed from the scenario it started from:
 * a saved scenario
 * Generated from market-order.recording.json by src/ui/console/record/generate.ts
 * (record the session again rather than edit this); the QA plan is market-order.plan.md.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures.ts';
import { backOffice } from '../sim.ts';
import { PASSWORD, at, startFrom, expectText, textPattern, type Recording } from './replay-kit.ts';

const rec = JSON.parse(
  readFileSync(new URL('./market-order.recording.json', import.meta.url), 'utf8'),
) as Recording;

test('recorded: market-order', async ({ page, consoleErrors }) => {
  test.setTimeout(76 * 1000);
  await startFrom(page, rec);
  // 1. Type “new.trader@example.com” in “E-mail”
  await at(page, 1.478);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('new.trader@example.com');
  // 2. Type the scenario's password in “Password”
  await at(page, 2.289);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // 3. Tap “Sign in”
  await at(page, 3.024);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // 4. Expect the notice “Login successful”
  await expect(page).toHaveShownToast('Login successful');
  // 5. Tap the link “BTCUSDT Bitcoin”
  await at(page, 3.81);
  await page.getByRole('link', { name: 'BTCUSDT Bitcoin', exact: true }).click();
  // 6. Tap “Buy”
  await at(page, 4.59);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  // 7. Type “0.01” in “Volume (lots)”
  await at(page, 5.395);
  await page.getByRole('textbox', { name: 'Volume (lots)', exact: true }).fill('0.01');
  // 8. Tick “Stop loss”
  await at(page, 6.306);
  await page.getByRole('checkbox', { name: 'Stop loss', exact: true }).setChecked(true);
  // 9. Tick “Take profit”
  await at(page, 7.121);
  await page.getByRole('checkbox', { name: 'Take profit', exact: true }).setChecked(true);
  // 10. Type “69421.44” in “Stop loss”
  await at(page, 7.873);
  await page.getByRole('textbox', { name: 'Stop loss', exact: true }).fill('69421.44');
  // 11. Type “70823.90” in “Take profit”
  await at(page, 8.612);
  await page.getByRole('textbox', { name: 'Take profit', exact: true }).fill('70823.90');
  // 12. Tap “Buy BTCUSDT”
  await at(page, 9.598);
  await page.getByRole('button', { name: 'Buy BTCUSDT', exact: true }).click();
  // 13. Tap “View positions” in “Order placed”
  await at(page, 10.344);
  await page
    .getByRole('dialog', { name: 'Order placed', exact: true })
    .getByRole('button', { name: 'View positions', exact: true })
    .click();
  // 14. In the back office: skip 180 s ahead
  await at(page, 12.587);
  await expect(
    page.getByRole('tab', { name: 'Positions (1)', exact: true, selected: true }),
  ).toBeVisible();
  await backOffice(page, 'skipTime', 180000);
  // 15. Tap “BTCUSDT 1002”
  await at(page, 194.072);
  await page.getByRole('button', { name: 'BTCUSDT 1002', exact: true }).click();
  // 16. Tap “Close position” in “BTCUSDT · 1002”
  await at(page, 194.822);
  await page
    .getByRole('dialog', { name: 'BTCUSDT · 1002', exact: true })
    .getByRole('button', { name: 'Close position', exact: true })
    .click();
  // 17. Tap “Confirm” in “Close position”
  await at(page, 195.554);
  await page
    .getByRole('alertdialog', { name: 'Close position', exact: true })
    .getByRole('button', { name: 'Confirm', exact: true })
    .click();
  // 18. Expect the notice “Closed BTCUSDT at 70009.97: P&L -1.15 USD”
  await expect(page).toHaveShownToast(textPattern('Closed BTCUSDT at 70009.97: P&L -1.15 USD'));
  // Expect at the end: the screen and what its labelled parts showed.
  await expect(page).toHaveURL((u) => u.pathname + u.search === '/position');
  await expectText(
    page.locator('[aria-label="Summary"]').first(),
    'Profit and loss 0.00 Net worth 9998.49 Available margin 9998.49',
  );
  await expectText(page.locator('[aria-label="Position"]').first(), 'Positions (0) Pending (0)');
  expect(consoleErrors).toEqual([]);
});

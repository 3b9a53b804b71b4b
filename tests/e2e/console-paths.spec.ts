/**
 * The console's Paths tab (issue 27): a tester starts a QA plan path from the
 * console, reloads, signs in as the user it names and finds what the plan's
 * set-up promises, in the simulator and against `sim:server`.
 */
import { test, expect, DESKTOP, MOBILE, screenshot } from './fixtures.ts';
import { submitSignIn } from './sim.ts';

test('the console starts the withdraw path: the user, the money, two saved wallets and a card, after a reload and sign-in @live', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.locator('.console-launcher').click();
  const console = page.getByRole('dialog', { name: 'Simulator back office' });
  await console.getByRole('tab', { name: 'Paths' }).click();
  const label = 'Withdraw: payout@example.com, 2000 USD, Crypto wallets 2, Bank cards 1';
  await console.getByLabel('Path set-up').selectOption({ label });
  // What it makes, before it is made.
  const makes = console.getByRole('list', { name: 'What it makes' });
  await expect(makes).toContainText('payout@example.com, Password secret123, 2000 USD');
  await expect(makes).toContainText('user/bankCard: on');
  await expect(makes).toContainText('NO_WALLET_WITHDRAW: off');

  await console.getByRole('button', { name: 'Start this path' }).click();
  const status = console.getByRole('status');
  await expect(status).toContainText(
    'Ready. Reload, then sign in as payout@example.com (password secret123).',
  );
  await expect(status).toContainText(/payout@example\.com: UID \d+/);
  await screenshot(page, 'console-paths-desktop');
  // Started twice (a tester going back to the start): a new user, the same start.
  const firstUid = (await status.getByRole('listitem').textContent())?.replace(/\D/g, '');
  await console.getByRole('button', { name: 'Start this path' }).click();
  await expect(status.getByRole('listitem')).not.toHaveText(`payout@example.com: UID ${firstUid}`);

  await console.getByRole('button', { name: 'Reload and sign in' }).click();
  await page.waitForURL(/\/login/);
  await submitSignIn(page, { email: 'payout@example.com' });
  await page.waitForURL(/\/$/);

  await page.goto('/user/wallet/crypto');
  await expect(page.getByRole('heading', { name: 'Crypto wallets' })).toBeVisible();
  await expect(page.getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeVisible();
  await expect(page.getByText('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeVisible();
  await page.goto('/user/withdraw');
  await expect(page.getByText('2000.00 USD')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('phone: the loan path in review lists both users with their UIDs; the pane fits the screen', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.locator('.console-launcher').click();
  const console = page.getByRole('dialog', { name: 'Simulator back office' });
  await console.getByRole('tab', { name: 'Paths' }).click();
  await console
    .getByLabel('Path set-up')
    .selectOption({ label: 'Loan: lea@example.com, Loan (In review)' });
  await console.getByRole('button', { name: 'Start this path' }).click();
  const users = console.getByRole('status').getByRole('listitem');
  await expect(users).toHaveText([/^lea@example\.com: UID \d+$/, /^gus@example\.com: UID \d+$/]);
  const box = await console.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
  await screenshot(page, 'console-paths-mobile');
  expect(consoleErrors).toEqual([]);
});

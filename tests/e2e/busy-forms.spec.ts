/**
 * While a form's machine is busy (signing in, placing an order, sending a
 * deposit) it drops any change: the screen says so instead of swallowing it.
 * Fields turn read-only (a focused one keeps focus), checkboxes disabled,
 * tabs aria-disabled. Each reply is held by the back office meanwhile, in
 * both projects (`@live`: over HTTP against the Node host).
 */
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { backOffice, signIn, submitSignIn, go } from './sim.ts';

test(
  'signing in: the fields, the ticks and the account switch wait',
  { tag: '@live' },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/login');
    await backOffice(page, 'seedUser', { email: 'busy-in@example.com', password: 'secret123' });
    await backOffice(page, 'delay', { call: 'login', ms: 2_500 });
    const email = page.getByLabel('E-mail');
    await submitSignIn(page, { email: 'busy-in@example.com' });
    await expect(page.getByRole('button', { name: 'Loading…' })).toBeVisible();
    await expect(email).not.toBeEditable();
    await expect(page.getByLabel('Password', { exact: true })).not.toBeEditable();
    const remember = page.getByRole('checkbox', { name: 'Remember password' });
    await expect(remember).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Phone', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page).toHaveURL(/\/$/);
  },
);

test('placing an order: the stop-loss tick waits', { tag: '@live' }, async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'busy-order@example.com');
  await go(page, '/BTCUSDT/place?direction=0');
  await page.getByLabel('Volume (lots)').fill('0.1');
  await backOffice(page, 'delay', { call: 'addOrder', ms: 2_500 });
  await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await expect(page.getByRole('checkbox', { name: 'Stop loss' })).toBeDisabled();
  await expect(page.getByLabel('Volume (lots)')).not.toBeEditable();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
});

test('desktop, placing an order: the Buy/Sell tabs and the stop-loss tick wait', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'busy-desk@example.com');
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByLabel('Volume (lots)').fill('0.1');
  await backOffice(page, 'delay', { call: 'addOrder', ms: 2_500 });
  await panel.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  const tabs = panel.getByRole('group', { name: 'Direction' });
  const sell = tabs.getByRole('button', { name: 'Sell', exact: true });
  await expect(sell).toHaveAttribute('aria-disabled', 'true');
  // (forced: Playwright treats aria-disabled as disabled; a person can still press it)
  await sell.click({ force: true });
  await expect(panel.getByRole('checkbox', { name: 'Stop loss' })).toBeDisabled();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  // The press while it was placed changed nothing: still a buy.
  await expect(tabs.getByRole('button', { name: 'Buy', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('desktop, placing an option: the place button keeps focus and a second press places nothing', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const uid = await signIn(page, 'busy-option@example.com');
  await page
    .getByRole('group', { name: 'Trade mode' })
    .getByRole('button', { name: 'Option' })
    .click();
  const panel = page.getByRole('complementary', { name: 'Place order' });
  await panel.getByRole('radio', { name: /^30s/ }).click();
  await panel.getByLabel('Amount', { exact: true }).fill('100');
  await backOffice(page, 'delay', { call: 'addOrderOption', ms: 2_500 });
  const place = panel.getByRole('button', { name: /Buy long BTCUSDT/ });
  await place.focus();
  await page.keyboard.press('Enter');
  // The same control, busy: named Loading…, aria-disabled, still focused (as the market ticket).
  const loading = panel.getByRole('button', { name: 'Loading…' });
  await expect(loading).toHaveAttribute('aria-disabled', 'true');
  await expect(loading).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Option placed' })).toBeVisible();
  // One option, not two: the press while it was placed did nothing.
  await expect
    .poll(async () => (await backOffice<unknown[]>(page, 'tradingOptions', uid)).length)
    .toBe(1);
});

test('switching to demo: Cancel, Escape and Confirm wait; focus stays on Confirm', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'busy-switch@example.com');
  await page.getByRole('link', { name: 'Mine' }).click();
  await page.getByRole('button', { name: 'Switch to the demo account' }).first().click();
  const warn = page.getByRole('dialog', { name: 'Switch account' });
  await backOffice(page, 'delay', { call: 'switchUser', ms: 2_500 });
  const confirm = warn.getByRole('button', { name: 'Confirm' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  const loading = warn.getByRole('button', { name: 'Loading…' });
  await expect(loading).toHaveAttribute('aria-disabled', 'true');
  await expect(loading).toBeFocused();
  await expect(warn.getByRole('button', { name: 'Cancel' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // Neither Cancel nor Escape can stop a switch under way: the drawer stays until it is done.
  // (forced: Playwright treats aria-disabled as disabled; a person can still press it)
  await warn.getByRole('button', { name: 'Cancel' }).click({ force: true });
  await page.keyboard.press('Escape');
  await expect(warn).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset demo account' })).toBeVisible();
});

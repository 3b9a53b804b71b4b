import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { signIn } from './sim.ts';

test(
  'sign up with the code the simulator shows, then sign in with the prefilled e-mail',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
    await page.getByLabel('E-mail').fill('new@example.com');
    await page.getByRole('button', { name: 'Get code' }).click();
    const notice = page.getByText(/Simulator: code (\d{6}) sent to new@example\.com/);
    await expect(notice).toBeVisible();
    const code = /code (\d{6})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    await expect(page.getByText(/Resend in \d+ s/)).toBeVisible();
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('The password must be longer than six characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('longenough1');
    await screenshot(page, 'register-mobile');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toHaveValue('new@example.com');
    // The password is all that is left: the caret waits in it.
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type('longenough1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(consoleErrors).toEqual([]);
  },
);

test('switch to demo and reset it', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'dm@example.com', 1000);
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('heading', { name: 'dm' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deposit', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to the demo account' }).first().click();
  const warn = page.getByRole('dialog', { name: 'Switch account' });
  await expect(warn.getByText(/virtual money/)).toBeVisible();
  await warn.getByRole('button', { name: 'Confirm' }).click();
  // The demo account: reset instead of deposit and withdraw, 100,000 to start.
  const reset = page.getByRole('button', { name: 'Reset demo account' });
  await expect(reset).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Balance' }).getByText('100000.00', { exact: true }).first(),
  ).toBeVisible();
  await screenshot(page, 'my-page-demo-mobile');
  // A demo order takes margin from what is available.
  await page.goto('/BTCUSDT/place?direction=0');
  await page.getByLabel('Volume (lots)').fill('0.1');
  await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  await page.goto('/user');
  const available = page.getByRole('region', { name: 'Balance' }).getByText('Available');
  await expect(available).not.toContainText('100000.00');
  // One press only asks: it says what a reset does, and Cancel keeps the demo trade.
  await reset.click();
  const ask = page.getByRole('dialog', { name: 'Reset the demo account' });
  await expect(ask.getByText(/closed.*only once/)).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(available).not.toContainText('100000.00');
  await reset.click();
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveShownToast('Operation successful');
  // The reset account is read again: all of it available, no position left.
  await expect(available).toContainText('100000.00');
  await page.goto('/position');
  await expect(page.getByRole('tab', { name: 'Positions (0)' })).toBeVisible();
  await page.goto('/user');
  // A second reset is refused: once only (701).
  await reset.click();
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveShownToast(/\(code 701\)/);
});

test('desktop account corner: balance popover and log out from my page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'bp@example.com', 2500);
  await page.getByRole('button', { name: 'Balance' }).click();
  const pop = page.getByRole('dialog', { name: 'Balance' });
  await expect(pop.getByText('2500.00', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'balance-desktop');
  await pop.getByRole('link', { name: 'Mine' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('dialog', { name: 'Log out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

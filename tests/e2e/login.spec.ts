import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice } from './sim.ts';

test(
  'sign in with a second factor: wrong code clears the field, the right code signs in',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/login?to=%2Fquotation');
    const { uid } = await backOffice<{ uid: string }>(page, 'seedUser', {
      email: 'tf@example.com',
      password: 'secret123',
      twoFactor: true,
    });
    expect(uid).toBeTruthy();
    // Validation first: nothing typed.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid e-mail or phone number')).toBeVisible();
    await expect(page.getByText('Please enter the password')).toBeVisible();
    await page.getByLabel('E-mail').fill('tf@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await screenshot(page, 'login-mobile');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Verification code');
    await expect(code).toBeVisible();
    // The simulator shows the code it sent.
    await expect(page.getByText(/Simulator: code \d{6} sent to/)).toBeVisible();
    // The second factor takes 6 digits: a longer paste is refused whole.
    await code.fill('1234567');
    await expect(code).toHaveValue('');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').getByText(/\(code 1020\)/)).toBeVisible();
    await expect(code).toHaveValue('');
    await expect(code).toBeFocused();
    const real = await backOffice<string>(page, 'lastCode', uid);
    await code.fill(real);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/quotation$/);
    expect(consoleErrors).toEqual([]);
  },
);

test('wrong password shows the code message; desktop shows the 420 px card with site and version', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await backOffice(page, 'seedUser', { email: 'wp@example.com', password: 'secret123' });
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(420);
  await expect(page.getByText(/Trader · v\d/)).toBeVisible();
  await dialog.getByLabel('E-mail').fill('wp@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('nope-nope');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect account or password (code 1108)')).toBeVisible();
  await screenshot(page, 'login-desktop');
});

test('a signed-in user opening /login is sent home with the already-logged-in notice', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await backOffice(page, 'seedUser', { email: 'al@example.com', password: 'secret123' });
  await page.getByLabel('E-mail').fill('al@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.getByText('You are already logged in')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a ?to= pointing off the site (/\\host) goes home after sign-in', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login?to=%2F%5Cevil.example%2Fphish');
  await backOffice(page, 'seedUser', { email: 'to@example.com', password: 'secret123' });
  await page.getByLabel('E-mail').fill('to@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/);
});

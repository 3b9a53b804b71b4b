import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';
import { backOffice, go, logOut, signIn } from './sim.ts';

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
    await expect(page).toHaveShownToast(/\(code 1020\)/);
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
  await expect(page).toHaveShownToast('Incorrect account or password (code 1108)');
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

test('sign in: back to home, service icon on the phone only, language, forgot and sign-up links (trading §2)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Customer service' })).toHaveAttribute(
    'href',
    '/user/service',
  );
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot',
  );
  await page.getByRole('link', { name: 'New user? Sign up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(
    page.getByRole('link', { name: 'Already have an account? Sign in' }),
  ).toHaveAttribute('href', '/login');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('listbox', { name: 'Language' })).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  const card = page.getByRole('dialog', { name: 'Sign in' });
  await expect(card.getByLabel('E-mail')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Customer service' })).toHaveCount(0);
});

test('phone: remember keeps the account, remember-password an encoded password (trading §2, §4)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await backOffice(page, 'seedUser', { email: 'keep@example.com', password: 'secret123' });
  await page.getByLabel('E-mail').fill('keep@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Remember me').check();
  await page.getByLabel('Remember password').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveShownToast('Login successful');
  await expect(page).toHaveURL(/\/$/);
  // The password is encrypted asynchronously after the sign-in.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('rememberPassword')))
    .toBeTruthy();
  const stored = await page.evaluate(() => ({
    account: localStorage.getItem('remember'),
    password: localStorage.getItem('rememberPassword'),
    all: JSON.stringify({ ...localStorage }),
  }));
  expect(JSON.parse(stored.account ?? '{}')).toEqual({ type: 'E', value: 'keep@example.com' });
  expect(stored.password).toBeTruthy();
  expect(stored.all).not.toContain('secret123');

  await logOut(page);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toHaveValue('keep@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('secret123');
  // Signing in again with both off forgets them.
  await page.getByLabel('Remember me').uncheck();
  await page.getByLabel('Remember password').uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const after = await page.evaluate(() => [
    localStorage.getItem('remember'),
    localStorage.getItem('rememberPassword'),
  ]);
  expect(after).toEqual([null, null]);
});

test('a logout in one tab signs the other tabs out at once', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'tabs@example.com', 0);
  const other = await page.context().newPage();
  await other.setViewportSize(MOBILE);
  await other.goto('/user');
  await expect(other.getByRole('button', { name: 'Log out' })).toBeVisible();
  await go(page, '/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('dialog', { name: 'Log out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  // The other tab, untouched, leaves the account for sign-in, to come back to where it was.
  await expect(other).toHaveURL(/\/login\?to=%2Fuser$/);
  await expect(other.getByText('Please login first')).toBeVisible();
  await other.close();
});

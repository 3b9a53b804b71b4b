/**
 * The sign-up and sign-in forms as a person meets them (trading.md §2 "Sign in",
 * "Sign up", §5 "Sign-in and registration", §9): which account types are
 * offered (PHONE_REGISTER), the invite code the site may hide, the lengths the
 * fields take, the phone rule's messages, the resend countdown, and a phone
 * sign-up with the image captcha (its text required, a new image at most every
 * 3 s, an expired one replaced). The machines' paths hold the same rules
 * (each flow's paths.ts under tests/flows); these hold what the screens show.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice } from './sim.ts';
import { captchas, keepCaptchas } from '../flows/register/arrange.ts';

const LONG = 'a'.repeat(150);

/** Switch a site flag; the app reads flags with the system config at load. */
async function flag(page: Page, name: string, on: boolean) {
  await backOffice(page, 'setFlag', name, on);
  await page.reload();
}

/** Step 1 of sign-up by e-mail, then the code step. */
async function toCodeStep(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText(`Enter the code sent to ${email}.`)).toBeVisible();
}

test('sign-up and sign-in fields: account types by PHONE_REGISTER, lengths, phone messages, invite code, resend after 60 s', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  await page.clock.install();
  await page.goto('/register');
  const types = page.getByRole('group', { name: 'Sign in with' });
  // PHONE_REGISTER is on for this site: e-mail or phone.
  await expect(types.getByRole('button', { name: 'E-mail' })).toBeVisible();
  await types.getByRole('button', { name: 'Phone' }).click();
  await page.getByLabel('Country code').selectOption('44');
  await page.getByLabel('Phone', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await types.getByRole('button', { name: 'E-mail' }).click();

  // The e-mail takes 140 characters at most.
  const email = page.getByLabel('E-mail');
  await email.fill(`${LONG}@example.com`);
  await expect(email).toHaveValue('a'.repeat(140));
  await toCodeStep(page, 'lengths@example.com');

  // Step 2: password and invite code take 140, and a new code can be asked for after 60 s.
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(LONG);
  await expect(password).toHaveValue('a'.repeat(140));
  const invite = page.getByLabel('Invite code (optional)');
  await invite.fill(LONG);
  await expect(invite).toHaveValue('a'.repeat(140));
  // At least 7 characters.
  await password.fill('sixsix');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('The password must be longer than six characters')).toBeVisible();
  // The page's clock has run with real time since the code went (a busy machine is slow):
  // it stops here, and the countdown is run on from what it shows.
  const left = page.getByText(/^Resend in \d+ s$/);
  await expect(left).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await expect(left).toBeVisible();
  const n = Number(/\d+/.exec((await left.textContent())!)![0]);
  expect(n).toBeGreaterThan(40);
  expect(n).toBeLessThanOrEqual(60);
  await page.clock.runFor((n - 1) * 1000);
  await expect(page.getByText('Resend in 1 s')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeVisible();
  await page.clock.resume();

  // Sign in says p_t_username for a phone that is not one.
  await page.goto('/login');
  await types.getByRole('button', { name: 'Phone' }).click();
  await page.getByLabel('Country code').selectOption('44');
  await page.getByLabel('Phone', { exact: true }).fill('12');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a valid e-mail or phone number')).toBeVisible();

  // The site hides the invite code.
  await flag(page, 'hideRegisterInviteCode', true);
  await page.goto('/register');
  await toCodeStep(page, 'noinvite@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Invite code (optional)')).toHaveCount(0);

  // PHONE_REGISTER off: e-mail only, on sign-up and on sign in.
  await flag(page, 'PHONE_REGISTER', false);
  await page.goto('/register');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sign in with' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Phone', exact: true })).toHaveCount(0);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Phone', exact: true })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('phone sign-up with the image captcha: text required, a new image at most every 3 s, an expired one replaced', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(MOBILE);
  // The app hands its client to tests (the captcha's uuid is not on the screen).
  await page.addInitScript(() => {
    (window as unknown as { __TRADER_INSPECT__: unknown[] }).__TRADER_INSPECT__ = [];
  });
  await page.goto('/register');
  await flag(page, 'phoneCaptcha', true);
  await page.waitForFunction(() => '__TRADER_API__' in window);
  await keepCaptchas(page);
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await page.getByLabel('Country code').selectOption('44');
  await page.getByLabel('Phone', { exact: true }).fill('7911123456');
  // No code is sent by SMS: Next leads to the image.
  await page.getByRole('button', { name: 'Next' }).click();
  const image = page.getByRole('img', { name: 'Verification image' });
  await expect(image).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveCount(0);
  const text = page.getByLabel('Text in the image');
  await text.fill('ABCDEFGHIJKLMNOP');
  await expect(text).toHaveValue('ABCDEFGHIJKL');
  await text.fill('');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please enter the verification code')).toBeVisible();

  // Asked for again within 3 s of showing: refused with the seconds left, the image kept.
  const first = await image.getAttribute('src');
  await page.getByRole('button', { name: 'New image' }).click();
  await expect(
    page.getByText(/^The request frequency is high, please try again after [1-3] seconds$/),
  ).toBeVisible();
  expect(await image.getAttribute('src')).toBe(first);
  expect(await captchas(page)).toHaveLength(1);

  // The server says the image expired (23555): a new one is shown at once.
  await backOffice(page, 'force', { call: 'register', code: 23555 });
  await text.fill('WRONG');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveShownToast(/\(code 23555\)/);
  await expect.poll(async () => (await captchas(page)).length).toBe(2);
  await expect(image).not.toHaveAttribute('src', first ?? '');

  // Its text, sent with its uuid, makes the account.
  const uuid = (await captchas(page)).at(-1)!;
  await text.fill((await backOffice<string>(page, 'captchaText', uuid)) ?? '');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});

test('phone: the chosen country and a new account are remembered across a reload (trading §3)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await page.getByLabel('Country code').selectOption('44');
  await page.reload();
  await page.getByRole('button', { name: 'Phone', exact: true }).click();
  await expect(page.getByLabel('Country code')).toHaveValue('44');

  await page.goto('/register');
  await page.getByLabel('E-mail').fill('kept@example.com');
  await page.getByRole('button', { name: 'Get code' }).click();
  const notice = page.getByText(/Simulator: code (\d{6}) sent to kept@example\.com/);
  await expect(notice).toBeVisible();
  const code = /code (\d{6})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('longenough1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // A fresh load of sign in (no navigation state) still offers the new account.
  await page.goto('/');
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toHaveValue('kept@example.com');
});

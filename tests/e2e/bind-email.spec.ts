/**
 * Proof of a bound e-mail (our extension, docs/conformance.md "bind e-mail
 * proof"): a phone-registered user binds an address, is asked for the code
 * mailed to it (6 digits, a longer paste refused, a wrong code refused with
 * the server's message, resend after the countdown), cannot sign in with the
 * address while it waits (the profile and the bind screen say it waits, with
 * a way back to the code), enters the code from the outbox, sees it
 * confirmed, and from then on signs in with it. In both projects: the
 * built-in simulator and, tagged @live, the Node host over HTTP.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, screenshot } from './fixtures.ts';
import { backOffice, logOut, submitSignIn, signIn } from './sim.ts';

const PASSWORD = 'secret123';
const PHONE = { seed: '12125550188', dial: '1', local: '2125550188' };
const ADDRESS = 'proof@example.com';

const signInByPhone = async (page: Page) => {
  await submitSignIn(page, { phone: PHONE }, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
};
const signInByEmail = (page: Page) => submitSignIn(page, { email: ADDRESS }, PASSWORD);

test(
  'a phone user binds an e-mail, proves it with the mailed code, then signs in with it',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/login');
    await backOffice(page, 'seedUser', { phone: PHONE.seed, password: PASSWORD });
    await signInByPhone(page);

    // The spec's screen first: the address, then the code step.
    await page.goto('/user/account');
    await page.getByRole('link', { name: 'Bind e-mail' }).click();
    await expect(page.getByText('None bound yet')).toBeVisible();
    await page.getByLabel('E-mail').fill(ADDRESS);
    await page.getByRole('button', { name: 'Bind e-mail' }).click();
    await expect(
      page.getByText(`We sent a 6-digit code to ${ADDRESS}. Enter it to confirm the address.`),
    ).toBeVisible();
    const code = page.getByLabel('Verification code');
    await expect(code).toBeFocused();
    await expect(page.getByText(/^Resend in \d+ s$/)).toBeVisible();
    const confirm = page.getByRole('button', { name: 'Confirm e-mail' });

    // The code rules: 6 digits, digits only; a longer paste is refused.
    await confirm.click();
    await expect(page.getByText('The verification code must be 6 digits')).toBeVisible();
    await code.fill('1234567');
    await expect(code).toHaveValue('');
    await code.fill('12ab34');
    await expect(code).toHaveValue('1234');
    // A wrong code: the server's message, beside the field too.
    const sent = await backOffice<string>(page, 'lastCode', ADDRESS);
    expect(sent).toMatch(/^\d{6}$/);
    await code.fill(sent === '000000' ? '000001' : '000000');
    await confirm.click();
    await expect(page).toHaveShownToast('Invalid verification code (code 1020)');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid verification code' }),
    ).toBeVisible();
    await screenshot(page, 'bind-email-code-mobile');

    // Change address: the spec's screen says the address waits, with a way back to the code.
    await page.getByRole('button', { name: 'Change address' }).click();
    await expect(page.getByRole('definition')).toHaveText(`${ADDRESS} Waiting for confirmation`);
    await expect(page.getByRole('button', { name: 'Enter the code' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bind e-mail' })).toBeDisabled();
    await screenshot(page, 'bind-email-pending-mobile');

    // Not yet a sign-in name.
    await logOut(page);
    await signInByEmail(page);
    await expect(page).toHaveShownToast('Incorrect account or password (code 1108)');
    await signInByPhone(page);

    // The profile says it waits too; back to the code from the bind screen.
    await page.goto('/user/account');
    const row = page.getByRole('link', { name: /Bind e-mail/ });
    await expect(row).toContainText(ADDRESS);
    await expect(row).toContainText('Waiting for confirmation');
    await screenshot(page, 'bind-email-pending-account-mobile');
    await row.click();
    await page.getByRole('button', { name: 'Enter the code' }).click();
    // A minute on, a resend sends the same live code again and restarts the countdown.
    await backOffice(page, 'skipTime', 61_000);
    const mails = async () =>
      (await backOffice<Array<{ kind: string }>>(page, 'outbox', ADDRESS)).filter(
        (m) => m.kind === 'bind-email',
      ).length;
    expect(await mails()).toBe(1);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(/^Resend in \d+ s$/)).toBeVisible();
    await expect.poll(mails).toBe(2);
    expect(await backOffice<string>(page, 'lastCode', ADDRESS)).toBe(sent);

    // The right code: confirmed.
    await page.getByLabel('Verification code').fill(sent);
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await expect(page).toHaveShownToast('E-mail confirmed');
    await expect(page.getByRole('definition')).toHaveText(ADDRESS);
    await expect(page.getByRole('button', { name: 'Enter the code' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bind e-mail' })).toBeDisabled();
    await screenshot(page, 'bind-email-confirmed-mobile');

    // Now the address signs this account in.
    await logOut(page);
    await signInByEmail(page);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user/account');
    await expect(page.getByRole('link', { name: /Bind e-mail/ })).toContainText(ADDRESS);
    await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);

test('phone: a phone account re-binds its e-mail; a taken address and a 1157 reply are refused with their messages (user-centre §5, §8)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, { phone: PHONE }, 1000);
  await backOffice(page, 'seedUser', { email: 'w3-taken@example.com', password: 'secret123' });
  await page.goto('/user/bindEmail');
  const current = page.getByRole('definition');
  const email = page.getByLabel('E-mail');
  const submit = page.getByRole('button', { name: 'Bind e-mail' });
  // Each bound address waits for the code mailed to it (our extension); the
  // spec's screen is one press away.
  const changeAddress = async (bound: string) => {
    await expect(
      page.getByText(`We sent a 6-digit code to ${bound}.`, { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Change address' }).click();
    await expect(current).toHaveText(`${bound} Waiting for confirmation`);
  };
  await email.fill('first@example.com');
  await submit.click();
  await changeAddress('first@example.com');
  // Re-binding to a free address replaces the bound one.
  await email.fill('second@example.com');
  await submit.click();
  await changeAddress('second@example.com');
  // Another account's address: refused, the bound one stays.
  await email.fill('w3-taken@example.com');
  await submit.click();
  await expect(page.getByText('Phone number or email cannot be duplicated')).toBeVisible();
  await expect(current).toHaveText('second@example.com Waiting for confirmation');
  // The server's "already bound" (1157): its message, the form kept for another try.
  await backOffice(page, 'force', { call: 'bindEmailSubmit', code: 1157 });
  await email.fill('third@example.com');
  await submit.click();
  await expect(
    page.getByText('This e-mail has already been bound, use a different one'),
  ).toBeVisible();
  await expect(current).toHaveText('second@example.com Waiting for confirmation');
  await expect(email).toHaveValue('third@example.com');
  await expect(submit).toBeEnabled();
  await screenshot(page, 'wave3-bind-email-1157-mobile');
  await submit.click();
  await changeAddress('third@example.com');
});

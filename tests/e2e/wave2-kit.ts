/**
 * Helpers shared by the second-wave conformance specs: a phone user agent,
 * a seeded sign-in, and the shipped site config with extra settings.
 */
import type { Page } from '@playwright/test';
import { test, expect, isLive } from './fixtures.ts';
import { backOffice } from './sim.ts';

export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const PHONE = { seed: '12125550177', dial: '1', local: '2125550177' };

/** The simulator saves its state 250 ms after a change: wait for it before a page load. */
export const saved = (page: Page) => page.waitForTimeout(600);

export async function signIn(page: Page, who: { email: string } | { phone: true }) {
  await page.goto('/login');
  const seed = 'email' in who ? { email: who.email } : { phone: PHONE.seed };
  await backOffice(page, 'seedUser', { ...seed, password: 'secret123', deposit: 1000 });
  await submitSignIn(page, 'email' in who ? who : { phone: PHONE });
  await expect(page).toHaveURL(/\/$/);
  await saved(page);
}

/** Fill and send the sign-in form (the page on a phone, the card on a desktop) of an existing user. */
export async function submitSignIn(
  page: Page,
  who: { email: string } | { phone: { dial: string; local: string } },
  password = 'secret123',
) {
  if (!/\/login/.test(page.url())) await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  const scope = (await dialog.count()) ? dialog : page;
  if ('email' in who) await scope.getByLabel('E-mail').fill(who.email);
  else {
    await scope.getByRole('button', { name: 'Phone', exact: true }).click();
    await scope.getByLabel('Country code').selectOption(who.phone.dial);
    await scope.getByLabel('Phone', { exact: true }).fill(who.phone.local);
  }
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Sign in' }).click();
}

/** Log out from the user page through its confirm drawer; the app goes home. */
export async function logOut(page: Page) {
  await page.goto('/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('dialog', { name: 'Log out' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Serve the shipped site config with `extra` merged in. The live project
 * serves its own config (pointing at the server), so these tests are for the
 * simulator project only.
 */
export async function siteWith(page: Page, extra: Record<string, unknown>) {
  test.skip(isLive(), 'the live harness serves its own site config');
  await page.route('**/config/site.json', async (route) => {
    const res = await route.fetch();
    const body = { ...((await res.json()) as Record<string, unknown>), ...extra };
    await route.fulfill({ response: res, json: body });
  });
}

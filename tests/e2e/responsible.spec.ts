/**
 * Responsible trading (issue 28 item 2), on a site that offers it, in the
 * page's simulator and over the wire (@live): a trader sets a daily loss
 * limit of 50 USD and it applies at once; a 50 USD option lost to a gap uses
 * it up, and the next option is refused with the limit's message (which
 * limit, how much is counted, when it resets); raising the limit waits for the
 * cooling-off period, shown with when it applies, and applies once the
 * server's clock has moved on 24 hours (the back office's time skip).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, siteWith } from './fixtures.ts';
import { backOffice, signIn, submitSignIn } from './sim.ts';

const LOSS_DAY = 'Loss limit per day (USD)';
const EMAIL = 'rt-loss@example.com';
const DATE = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?`;

async function limits(page: Page) {
  await page.goto('/user/responsible');
  const field = page.getByLabel(LOSS_DAY);
  await expect(field).toBeVisible();
  return field;
}

async function buyLong(page: Page, amount: string) {
  await page.goto('/BTCUSDT/placeOption?direction=0');
  await page.getByRole('radio', { name: /^30s/ }).click();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Buy long BTCUSDT' }).click();
}

test(
  'a daily loss limit applies at once, refuses the trade that would pass it, and is raised only after the cooling-off',
  { tag: '@live' },
  async ({ page, live, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MOBILE);
    await siteWith(page, { responsibleTrading: true }, live);
    await signIn(page, EMAIL, 20_000);

    // Set: a new limit applies now.
    let field = await limits(page);
    await field.fill('50');
    await page.getByRole('button', { name: 'Save limits' }).click();
    const outcome = page.getByRole('status', { name: 'What changed' });
    await expect(outcome).toHaveText('Loss limit per day: applies now.');

    // A 50 USD option (all the limit allows) is lost to a 3 % gap down.
    await page.evaluate(() =>
      localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'option' })),
    );
    await buyLong(page, '50');
    const placed = page.getByRole('dialog', { name: 'Option placed' });
    await expect(placed).toBeVisible();
    await placed.getByRole('button', { name: 'Close' }).click();
    await backOffice(page, 'marketGap', ['BTCUSDT'], -3);
    await backOffice(page, 'skipTime', 31_000);
    await expect(async () => {
      await limits(page);
      await expect(page.getByText(/Counted so far: 50\.00 USD/).first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });

    // The next trade would pass it: refused, saying which limit, the figures and the reset.
    await buyLong(page, '10');
    await expect(page).toHaveShownToast(
      new RegExp(
        String.raw`^Trade refused \(Loss limit per day: 50\.00 USD, 50\.00 USD already counted\)\. It resets at ${DATE}\. \(code 1121\)$`,
      ),
    );
    await expect(placed).toHaveCount(0);
    // So is a market order: its margin is the most it can lose.
    await page.evaluate(() =>
      localStorage.setItem('preferences', JSON.stringify({ tradeMode: 'market' })),
    );
    await page.goto('/BTCUSDT/place?direction=0');
    await page.getByLabel('Volume (lots)').fill('0.01');
    await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
    await expect(page).toHaveShownToast(
      /^Trade refused \(Loss limit per day: 50\.00 USD, 50\.00 USD already counted\)/,
    );
    await expect(page.getByRole('dialog', { name: 'Order placed' })).toHaveCount(0);

    // Raised: it waits for the cooling-off, and says when it applies.
    field = await limits(page);
    await field.fill('100');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await expect(outcome).toHaveText(
      new RegExp(`^Loss limit per day: applies at ${DATE}, after the cooling-off period\\.$`),
    );
    const pending = page.getByRole('region', {
      name: 'Changes waiting for the cooling-off period',
    });
    await expect(pending).toContainText(new RegExp(`Loss limit per day: 100\\.00 from ${DATE}`));
    await expect(page.getByText(/^In force: 50\.00\. /).first()).toBeVisible();

    // A day later on the server's clock (the token has expired meanwhile; its refresh token,
    // good for a week, renews it: still signed in), the raise is in force and nothing waits.
    await backOffice(page, 'skipTime', 24 * 3_600_000 + 60_000);
    await limits(page);
    await expect(page.getByText(/^In force: 100\.00\. /).first()).toBeVisible();
    await expect(pending).toHaveCount(0);
    // Over the wire the expired session's calls were answered 401, which the browser logs.
    expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  },
);

test(
  'self-exclusion ends the session, sign-in says until when, and the operator can lift it',
  { tag: '@live' },
  async ({ page, live, consoleErrors }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(MOBILE);
    await siteWith(page, { responsibleTrading: true }, live);
    const email = 'rt-exclude@example.com';
    const uid = await signIn(page, email, 0);
    await limits(page);
    await page.getByRole('button', { name: 'Exclude myself' }).click();
    // The date field offers tomorrow first: the earliest a break may end.
    const until = page.getByLabel('Until');
    const min = await until.getAttribute('min');
    expect(min).toMatch(/^\d{4}-\d\d-\d\d$/);
    await until.fill(min!);
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('You will be logged out now and cannot sign in until');
    await confirm.getByRole('button', { name: 'Exclude me and log out' }).click();
    await expect(page).toHaveURL(/\/login/);

    // Signing in is refused, with the date.
    await submitSignIn(page, { email });
    await expect(
      page.getByText(
        new RegExp(`^You excluded yourself from trading\\. You can sign in again from ${DATE}\\.$`),
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    // The operator sees it and lifts it (in the page's simulator as a reviewer does, in the
    // console's Account tab): the same sign-in goes through.
    if (live) await backOffice(page, 'liftSelfExclusion', uid);
    else {
      await page.getByRole('button', { name: 'Back office' }).click();
      const office = page.getByRole('dialog', { name: 'Simulator back office' });
      await office.getByRole('tab', { name: 'Account' }).click();
      const section = office.getByRole('region', { name: 'Responsible trading' });
      await section.getByLabel('UID').fill(uid);
      await section.getByRole('button', { name: 'Show' }).click();
      await expect(section.getByText(new RegExp(`^Self-excluded until ${DATE}$`))).toBeVisible();
      await section.getByRole('button', { name: 'Lift self-exclusion' }).click();
      await expect(section.getByText('Not self-excluded')).toBeVisible();
      await office.getByRole('button', { name: 'Close the back office' }).click();
    }
    await submitSignIn(page, { email });
    await page.waitForURL(/\/$/);
    expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  },
);

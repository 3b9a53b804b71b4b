/** The shell: redeploy recovery, popovers, the floating service chat, demo rule, first run. */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot, settled } from './fixtures.ts';
import { backOffice, signIn, submitSignIn } from './sim.ts';

/** A redeploy: the old build's lazy chunks are gone from the server. */
const redeploy = (page: Page, chunk: RegExp) =>
  page.route(chunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));

test('phone: a chart chunk gone after a redeploy reloads the app to /, still signed in', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'rd@example.com', 100);
  await redeploy(page, /\/assets\/chart-[\w-]+\.js$/);
  const reloaded = page.waitForEvent('framenavigated');
  await page
    .getByRole('link', { name: /^BTCUSDT / })
    .first()
    .click();
  await reloaded;
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // Same session after the reload: the user's page opens without signing in again.
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('heading', { name: 'rd' })).toBeVisible();
  // Once per build: a second failure shows the reload offer instead of looping.
  await page.goto('/BTCUSDT/chart');
  await expect(page.getByRole('alert')).toContainText('could not be loaded');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await screenshot(page, 'stale-build-mobile');
});

test('desktop: a screen chunk gone after a redeploy reloads the app to /, still signed in', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'rdd@example.com', 100);
  await redeploy(page, /\/assets\/my-page-[\w-]+\.js$/);
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('button', { name: 'Balance' }).click();
  await page.getByRole('dialog', { name: 'Balance' }).getByRole('link', { name: 'Mine' }).click();
  await reloaded;
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Balance' })).toBeVisible();
});

test('desktop: the balance popover closes on its link, Escape and a click outside; focus returns', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'pop@example.com', 100);
  const trigger = page.getByRole('button', { name: 'Balance' });
  const pop = page.getByRole('dialog', { name: 'Balance' });
  await trigger.click();
  await expect(pop).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  // A press in the chart area, outside the popover.
  await page.mouse.click(720, 500);
  await expect(pop).toBeHidden();
  await trigger.click();
  await pop.getByRole('link', { name: 'Mine' }).click();
  await expect(pop).toBeHidden();
  const drawer = page.getByRole('dialog', { name: 'Mine' });
  await expect(drawer).toBeVisible();
  // Escape closes the top layer only: the log-out confirm, then the account drawer.
  await drawer.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('dialog', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Log out' })).toBeHidden();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // The search popover follows the same rule.
  const search = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await search.click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
  await expect(search).toBeFocused();
});

test('desktop: the floating service chat opens the sandboxed https chat and closes', async ({
  page,
}) => {
  await page.route('https://chat.example.com/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<p>Chat with us</p>' }),
  );
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Customer service chat' });
  await button.click();
  const panel = page.getByRole('dialog', { name: 'Customer service' });
  const frame = panel.locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://chat.example.com/widget');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(page.frameLocator('.service-chat-frame').getByText('Chat with us')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/example_support',
  );
  await screenshot(page, 'service-chat-desktop');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  // Not on phones: the service screen is reached from home there.
  await page.setViewportSize(MOBILE);
  await expect(button).toBeHidden();
});

test('phone: a demo session ends when virtual trading is switched off, on any screen', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'vt@example.com', 100);
  await page.getByRole('link', { name: 'Mine' }).click();
  await page.getByRole('button', { name: 'Switch to the demo account' }).first().click();
  await page
    .getByRole('dialog', { name: 'Switch account' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('button', { name: 'Reset demo account' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await backOffice(page, 'setFlag', 'virtualTrading', false);
  // The app reads the system config again when the window regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByRole('link', { name: 'Position' }).click();
  await expect(page).toHaveURL(/\/login/);
});

for (const [size, name] of [
  [MOBILE, 'phone'],
  [DESKTOP, 'desktop'],
] as const) {
  test(`${name}: first run on a real account with 0.00 points to the demo account and deposit`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, `fr-${name}@example.com`, 0);
    const hint = page.getByRole('region', { name: 'Welcome! Your real account holds 0.00.' });
    await expect(hint).toContainText('100,000 USD');
    await expect(hint.getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/user/deposit',
    );
    await screenshot(page, `first-run-${name}`);
    await hint.getByRole('button', { name: 'Switch to the demo account' }).click();
    await page
      .getByRole('dialog', { name: 'Switch account' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    // On the demo account (100,000 of virtual money) the hint is gone.
    await expect(hint).toBeHidden();
  });
}

test('phone: first-run hint dismissed stays dismissed', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'frd@example.com', 0);
  const hint = page.getByRole('region', { name: 'Welcome! Your real account holds 0.00.' });
  await hint.getByRole('button', { name: 'Dismiss' }).click();
  await expect(hint).toBeHidden();
  await page.reload();
  // The hint decides once the user and its own balance read are in: prove the
  // user is loaded, come back home, give the balance read its time, then look.
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('heading', { name: 'frd' })).toBeVisible();
  await expect(page.locator('.balance-card')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  // The balance is read (my page showed it) and shared: the hint, if it were to
  // show, would at its first render.
  await settled(page);
  await expect(hint).toBeHidden();
});

test('phone: with virtual trading off, the first-run hint offers deposit only', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await backOffice(page, 'setFlag', 'virtualTrading', false);
  await page.reload();
  const uid = await signIn(page, 'frn@example.com', 0);
  const hint = page.getByRole('region', { name: 'Welcome! Your real account holds 0.00.' });
  await expect(hint).toContainText('Make a deposit to start trading.');
  await expect(hint.getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(hint.getByRole('button', { name: 'Switch to the demo account' })).toHaveCount(0);
  // A deposit credited meanwhile: the hint goes with the next balance poll.
  await backOffice(page, 'creditDeposit', uid, 50);
  await expect(hint).toBeHidden();
});

test('phone: a 401 on the polled balance ends the session (back to sign in)', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const uid = await signIn(page, 'ex@example.com', 100);
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('heading', { name: 'ex' })).toBeVisible();
  // The session ends on the server; the next balance poll (1 s) meets a 401, and the server
  // refuses to renew the session: one plain message.
  await backOffice(page, 'logoutUser', uid);
  await expect(page).toHaveURL(/\/login\?to=%2Fuser$/, { timeout: 5000 });
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page.getByText('Please login first')).toHaveCount(0);
});

test('a toast raised while the page is busy stays its full time once painted', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  // The moment a toast enters the page, the main thread is busy for 2 s (a
  // route's chunk, a screen mounting): its 1.5 s must count from its paint.
  await page.evaluate(() => {
    const w = window as unknown as { toastSeen?: Record<string, boolean> };
    const toaster = document.querySelector('.toaster');
    if (!toaster) throw new Error('no toaster');
    new MutationObserver((_, observer) => {
      if (!toaster.querySelector('.toast')) return;
      observer.disconnect();
      const until = performance.now() + 2000;
      while (performance.now() < until);
      const present = () => !!toaster.querySelector('.toast');
      w.toastSeen = {};
      setTimeout(() => (w.toastSeen!.after1s = present()), 1000);
      setTimeout(() => (w.toastSeen!.after3s = present()), 3000);
    }).observe(toaster, { childList: true, subtree: true });
  });
  await submitSignIn(page, { email: 'nobody-here@example.com' });
  await expect
    .poll(() => page.evaluate(() => (window as { toastSeen?: object }).toastSeen), {
      timeout: 15_000,
    })
    .toEqual({ after1s: true, after3s: false });
});

test('phone: user info answering 1002 (user not found) ends the session', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'gone@example.com', 0);
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('heading', { name: 'gone' })).toBeVisible();
  // The next load of the user's info says the user is gone: signed out, back to sign in.
  await backOffice(page, 'force', { call: 'userInfo', code: 1002, times: 5 });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'gone' })).toHaveCount(0);
});

/**
 * A trader back from lunch (live server, over HTTP): the app opens with a
 * stored token past its end on the server's clock and renews it before
 * anything asks for the account: home signed in, never "Please login first".
 * Then, back from a second lunch, a renewal the server refuses (the user
 * was blocked): the sign-in screen with one plain message, nothing of the
 * account shown. The same through the in-browser simulator: the session machine's
 * UI paths (tests/flows/session/ui.ts, arrival renewed and refused).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, isLive } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';

test.beforeEach(() => test.skip(!isLive(), 'the app is closed while the server runs on'));

const MIN = 60_000;
const storedToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string }).token,
  );

test(
  'back from lunch: a stored token past its end is renewed before the account loads; refused, sign in with one message',
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    const uid = await signIn(page, 'lunch@example.com');
    const before = await storedToken(page);
    // The app is closed; 31 minutes pass on the server and on the phone (a token lives 30).
    await page.goto('about:blank');
    await backOffice(page, 'skipTime', 31 * MIN);
    await page.clock.install({ time: Date.now() + 31 * MIN });
    const calls: string[] = [];
    page.on('request', (r) => {
      const m = /\/(wa-na\/refresh|waa\/user\/info)$/.exec(new URL(r.url()).pathname);
      if (m) calls.push(m[1]!);
    });
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: 'lunch' })).toBeVisible();
    // Renewed first, then the account read once with the new token: no 401 on the way.
    expect(calls.slice(0, 2)).toEqual(['wa-na/refresh', 'waa/user/info']);
    expect(await storedToken(page)).not.toBe(before);
    await expect(page).not.toHaveShownToast('Please login first', { timeout: 500 });

    // Closed again over a second lunch, and blocked meanwhile: the renewal is refused before
    // anything of the account shows, on a screen that needs a session (/user), with one message.
    await page.goto('about:blank');
    await backOffice(page, 'blockUser', uid, true);
    await backOffice(page, 'skipTime', 31 * MIN);
    await page.clock.setSystemTime(Date.now() + 62 * MIN);
    const mark = calls.length;
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login\?to=%2Fuser$/);
    await expect(page).toHaveShownToast('Your session has expired. Please sign in again.');
    await expect(page.getByRole('heading', { name: 'lunch' })).toHaveCount(0);
    await expect(page).not.toHaveShownToast('Please login first', { timeout: 500 });
    expect(calls.slice(mark)).toEqual(['wa-na/refresh']);
    expect(await storedToken(page)).toBeUndefined();
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  },
);

/**
 * Every trading screen on a phone (390×844) and a desktop (1440×900),
 * signed out and signed in, saved under test-results/screens/ for review.
 * Each visit also checks the screen's main landmark is there and that
 * nothing logged an error.
 */
import { test, expect, MOBILE, DESKTOP, screenshot, LOADING, settled } from './fixtures.ts';
import { signIn } from './sim.ts';

const PUBLIC = [
  '/',
  '/quotation',
  '/search',
  '/chart/BTCUSDT',
  '/login',
  '/register',
  '/forgot',
  '/user/service',
  '/explore',
];
const PRIVATE = [
  '/BTCUSDT/place?direction=0',
  '/BTCUSDT/placeOption?direction=1',
  '/position',
  '/history',
  '/user',
];

const name = (path: string) =>
  path
    .replace(/[/?=]+/g, '_')
    .replace(/^_$/, 'home')
    .replace(/^_/, '');

for (const [label, size] of [
  ['mobile', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`every screen on ${label}`, async ({ page, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    for (const path of PUBLIC) {
      await page.goto(path);
      await expect(page.locator('main, [role="dialog"], .desktop-shell').first()).toBeVisible();
      await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
      await settled(page);
      await screenshot(page, `${label}-${name(path)}`);
    }
    await signIn(page, `tour-${label}@example.com`, 20_000);
    for (const path of PRIVATE) {
      await page.goto(path);
      await expect(page.locator('main, .desktop-shell').first()).toBeVisible();
      await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
      await settled(page);
      await screenshot(page, `${label}-signed-in-${name(path)}`);
    }
    expect(consoleErrors).toEqual([]);
  });
}

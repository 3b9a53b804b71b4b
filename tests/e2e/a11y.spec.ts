/**
 * Every screen (issue 16): on a phone and a desktop, in the light and the
 * dark theme, signed out and signed in, each route lands on its landmark,
 * finishes loading, logs no error and passes axe-core: no serious or
 * critical violation may remain; each one found is listed with the rule, the
 * screen and the first offending element. The light runs save a screenshot
 * of every screen under test-results/screens/ for review.
 *
 * Each test loads the app once (and again after signing in) and moves between
 * screens as the app itself does (history.pushState, which the router follows),
 * and puts axe into the page once per document: a full load and AxeBuilder's
 * fresh injection and blank results page per screen took about 3 s of its 4.
 * The four viewport and theme runs are independent, so they run in parallel.
 * The dark runs check the colour rules only: the theme changes nothing else.
 */
import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, LOADING, screenshot, settled } from './fixtures.ts';
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
  '/user/account',
  '/user/changePassword',
  '/user/verified',
  '/user/notification',
  '/user/myWallet',
  '/user/deposit',
  '/user/withdraw',
  '/user/wallet/crypto',
  '/user/wallet/addCrypto',
  '/user/wallet/bankCard',
  '/user/wallet/addBankCard',
  '/user/loan',
  '/user/wallet/transactionList',
  '/user/wallet/depositList',
  '/user/privacy',
  '/user/agreement',
  '/user/copyTradeAgreement',
];

/** axe-core into every frame of the page that lacks it (a frame's axe answers the top one's run). */
async function injectAxe(page: Page): Promise<void> {
  const lacks = (f: Frame) => f.evaluate('typeof window.axe === "undefined"').catch(() => false);
  for (const frame of page.frames()) if (await lacks(frame)) await frame.evaluate(axe.source);
}

/** Shows `path` in the app already loaded (a full load when none is). */
async function show(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(path);
  else await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)})`);
}

/**
 * The dark theme changes colours only: its runs check the colour rules, and the light
 * runs every rule (the structure is the same in both).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** A screenshot's name for a path: `home`, `chart_BTCUSDT`, `BTCUSDT_place_direction_0`… */
const shotName = (path: string) =>
  path
    .replace(/[/?=]+/g, '_')
    .replace(/^_$/, 'home')
    .replace(/^_/, '');

async function audit(
  page: Page,
  path: string,
  found: string[],
  dark: boolean,
  shot?: string,
): Promise<void> {
  await show(page, path);
  await expect(page.locator('main, [role="dialog"], .desktop-shell').first()).toBeVisible();
  // The loaded screen is audited, not its placeholders (nor the previous screen's).
  await settled(page);
  await expect(page.locator(LOADING), `${path} still loading`).toHaveCount(0, { timeout: 20_000 });
  await settled(page);
  if (shot) await screenshot(page, `${shot}-${shotName(path)}`);
  await injectAxe(page);
  // Full details for violations only: the passes are not reported.
  const only = dark ? `runOnly: { type: 'rule', values: ${JSON.stringify(COLOUR_RULES)} }, ` : '';
  const { violations } = (await page.evaluate(
    `axe.run(document, { ${only}resultTypes: ["violations"] })`,
  )) as axe.AxeResults;
  for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    found.push(
      `${path} · ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
    );
}

test.describe.configure({ mode: 'parallel' });

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    test(`every screen on ${label}, ${theme} theme: it lands, loads, and has no serious or critical axe violation`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      await page.addInitScript((d) => {
        const prefs = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
        localStorage.setItem('preferences', JSON.stringify({ ...prefs, dark: d }));
      }, dark);
      // The light runs keep a screenshot of every screen for review (test-results/screens).
      const shot = dark ? undefined : label === 'phone' ? 'mobile' : 'desktop';
      const found: string[] = [];
      for (const path of PUBLIC) await audit(page, path, found, dark, shot);
      await signIn(page, `axe-${label}-${dark ? 'd' : 'l'}@example.com`, 20_000);
      for (const path of PRIVATE) await audit(page, path, found, dark, shot && `${shot}-signed-in`);
      expect(found, found.join('\n')).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }
}

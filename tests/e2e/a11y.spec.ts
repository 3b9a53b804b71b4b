/**
 * Accessibility (issue 16): axe-core on every screen, on a phone and a
 * desktop, in the light and the dark theme, signed out and signed in. No
 * serious or critical violation may remain; each one found is listed with
 * the rule, the screen and the first offending element.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
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
];

async function audit(page: Page, path: string, found: string[]) {
  await page.goto(path);
  await expect(page.locator('main, [role="dialog"], .desktop-shell').first()).toBeVisible();
  await page.waitForTimeout(600);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    found.push(
      `${path} · ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
    );
}

for (const [label, size] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  for (const dark of [false, true]) {
    test(`no serious or critical axe violation: ${label}, ${dark ? 'dark' : 'light'} theme`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      await page.addInitScript((d) => {
        const prefs = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
        localStorage.setItem('preferences', JSON.stringify({ ...prefs, dark: d }));
      }, dark);
      const found: string[] = [];
      for (const path of PUBLIC) await audit(page, path, found);
      await signIn(page, `axe-${label}-${dark ? 'd' : 'l'}@example.com`, 20_000);
      for (const path of PRIVATE) await audit(page, path, found);
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}

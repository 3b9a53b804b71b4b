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
import { test, expect, MOBILE, DESKTOP } from './fixtures.ts';
import { audit } from './screen-audit.ts';
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

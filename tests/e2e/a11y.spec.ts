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
 * The phone and desktop runs are independent, so they run in parallel. Each
 * screen is audited in the light theme, then in the dark one as a system set
 * to dark asks for it (no second load, no second sign-in: a run of its own per
 * theme took 142 CPU-seconds against 121). The dark audit checks the colour
 * rules only: the theme changes nothing else.
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
  test(`every screen on ${label}, light and dark theme: it lands, loads, and has no serious or critical axe violation`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: 'light' });
    // The runs keep a screenshot of every screen, light, for review (test-results/screens).
    const shot = label === 'phone' ? 'mobile' : 'desktop';
    const found: string[] = [];
    for (const path of PUBLIC) await audit(page, path, found, 'both', shot);
    await signIn(page, `axe-${label}@example.com`, 20_000);
    for (const path of PRIVATE) await audit(page, path, found, 'both', `${shot}-signed-in`);
    expect(found, found.join('\n')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

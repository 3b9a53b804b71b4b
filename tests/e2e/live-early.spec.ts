/**
 * Live mode's first calls (live project only): the entry asks the server
 * for the product list and the system config as soon as the site config
 * names the server, before the app's code has loaded
 * (ui/boot/early-replies.ts), and the app takes those replies instead of
 * asking again; and it starts no simulator worker. Over real HTTP, against the separate
 * server process.
 */
import { contract } from '../../src/api/contract.ts';
import { test, expect, MOBILE, isLive } from './fixtures.ts';

test.beforeEach(() => test.skip(!isLive(), 'needs the separate server process'));

/** The product list's path, as the contract names it (the live server's prefix comes before it). */
const PATH = contract.productList.path;
const isProductList = (url: string) => new URL(url).pathname.endsWith(PATH);

test(
  'live: the first product list is asked for by the entry, before the app loads, and asked for once',
  { tag: '@live' },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (isProductList(r.url())) asked.push(r.method());
    });
    await page.goto('/');
    await expect(
      page.locator('[data-testid="row-bid-BTCUSDT"]:not([data-stale="true"])'),
    ).toBeVisible();
    // When the request left, and when the entry sent it (its mark, set as it asks).
    const at = await page.evaluate((path) => {
      const req = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith(path));
      const mark = (n: string) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
      return {
        requests: req.map((e) => e.startTime),
        early: mark('boot:early-product-list:live'),
      };
    }, PATH);
    expect(at.requests).toHaveLength(1);
    // The entry's request, not the app's: sent as the entry marked it (whether the app's code
    // has evaluated by then depends on the machine's load; that it need not wait is the point).
    expect(at.early).toBeGreaterThan(0);
    expect(at.requests[0]).toBeGreaterThanOrEqual(at.early);
    // And the app did not ask again once it started (the early reply answered it).
    // real delay: no second request over a window (none marks its absence).
    await page.waitForTimeout(500);
    expect(asked).toHaveLength(1);
    // A first visit to a live site starts no simulator worker on a guess (issue 31).
    expect(await page.evaluate(() => performance.getEntriesByName('boot:worker').length)).toBe(0);
    const system = contract.systemConfig.path;
    // The system config (the flags) was the entry's call too, and asked for once.
    expect(
      await page.evaluate(
        (p) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.endsWith(p)).length,
        system,
      ),
    ).toBe(1);
  },
);

const LIVE = '[data-testid^="row-bid-"]:not([data-stale="true"])';
const decimals = (s: string | null) => (s ?? '').trim().split('.')[1]?.length ?? 0;

// Issue 31 round 5: the entry's market socket brings every price before React has run; the
// boot shell shows them live (ui/boot/shell-live.ts) instead of the last-seen ones.
test(
  "live: a repeat visit paints the socket's first prices over the boot shell before React, then the app's",
  { tag: '@live' },
  async ({ page, consoleErrors }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const bid = page.locator('[data-testid="row-bid-BTCUSDT"]');
    await expect(page.locator(LIVE).first()).toBeVisible();
    const appDigits = decimals(await bid.textContent());
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            localStorage.getItem('prices.last') !== null &&
            localStorage.getItem('boot.shell') !== null,
        ),
      )
      .toBe(true);
    // React DOM held back: the entry runs, the app cannot render.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/react-dom-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator(`.boot-shell ${LIVE}`).first()).toBeVisible();
    expect(await page.evaluate(() => performance.getEntriesByName('boot:react-dom').length)).toBe(
      0,
    );
    await expect(page.locator('.boot-shell [data-stale="true"]')).toHaveCount(0);
    await expect(page.getByText('Last prices seen, not live yet')).toHaveCount(0);
    // At the digits the app shows.
    expect(decimals(await bid.textContent())).toBe(appDigits);

    release();
    await expect(page.locator('.boot-shell')).toHaveCount(0);
    await expect(page.locator(LIVE).first()).toBeVisible();
    expect(decimals(await bid.textContent())).toBe(appDigits);
    expect(consoleErrors).toEqual([]);
  },
);

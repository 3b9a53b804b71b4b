/**
 * Shared e2e fixtures. Every page records console errors, and tests assert none
 * happened. In the `live` project the same tests run against `sim:server` as a
 * separate process: the page is pointed at it through the site config, and the
 * back office is the server's operator API (see sim.ts).
 */
import { readFileSync } from 'node:fs';
import { test as base, expect as baseExpect, type Page } from '@playwright/test';
import { liveSiteConfig, startLiveServer, type LiveServer } from './live-server.ts';
import { bindOperator } from './sim.ts';

/** Is this run the live-server project? */
export const isLive = (): boolean => base.info().project.name === 'live';

export const test = base.extend<{ consoleErrors: string[] }, { live: LiveServer | undefined }>({
  live: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name !== 'live') return use(undefined);
      const srv = await startLiveServer();
      await use(srv);
      await srv.stop();
    },
    { scope: 'worker' },
  ],
  page: async ({ page, live }, use) => {
    await page.addInitScript(recordToasts);
    if (live) await pointAtLive(page, live);
    await use(page);
    // One server serves every test of a worker: what a test changed of the market (hours,
    // frozen channels) and of the site's switches (flags) is put back even when it failed or
    // forgot, so the next test starts open with the defaults (a NO_WALLET_WITHDRAW left on by
    // one test showed the next one the coin picker instead of its empty wallet list).
    if (live) await resetMarket(live);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});

/**
 * Every toast the page shows, noted by the page itself as it appears. A toast
 * lasts 1.5 s (the spec's); on a loaded machine it can come and go between
 * two polls of `toBeVisible`, which is how toast checks used to fail. The log
 * lives as long as the document (a full reload starts a new one).
 */
function recordToasts(): void {
  const w = window as unknown as { __toasts?: { text: string; claimed: boolean }[] };
  w.__toasts = [];
  // A toast element, and how many of its showings are noted: the app keeps one copy of a
  // message that comes again while it is up (src/state/toasts.ts) and counts it in data-repeats.
  const seen = new WeakMap<Element, number>();
  const scan = () => {
    for (const e of document.querySelectorAll('.toaster .toast')) {
      const text = e.textContent ?? '';
      if (!text) continue;
      const showings = 1 + Number(e.getAttribute('data-repeats') ?? 0);
      for (let n = seen.get(e) ?? 0; n < showings; n++) w.__toasts?.push({ text, claimed: false });
      seen.set(e, showings);
    }
  };
  const start = () =>
    new MutationObserver(scan).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-repeats'],
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

export const expect = baseExpect.extend({
  /**
   * `await expect(page).toHaveShownToast('Update successful')`: a toast with
   * this text (a substring, or a RegExp) was shown since the page loaded and
   * not yet matched by an earlier check; this check claims it, so two saves
   * need two toasts. Waits up to the expect timeout for it to appear.
   */
  async toHaveShownToast(page: Page, text: string | RegExp, options?: { timeout?: number }) {
    const want = typeof text === 'string' ? { s: text } : { re: text.source, flags: text.flags };
    const timeout = options?.timeout ?? this.timeout;
    let pass = false;
    let shown: string[] = [];
    try {
      const h = await page.waitForFunction(
        (w) => {
          const log = (window as unknown as { __toasts?: { text: string; claimed: boolean }[] })
            .__toasts;
          const hit = log?.find(
            (t) =>
              !t.claimed &&
              (w.s !== undefined
                ? t.text.includes(w.s)
                : new RegExp(w.re ?? '', w.flags).test(t.text)),
          );
          if (!hit) return false;
          hit.claimed = true;
          return true;
        },
        want,
        { timeout },
      );
      pass = (await h.jsonValue()) === true;
    } catch {
      pass = false;
    }
    if (!pass)
      shown = await page
        .evaluate(() =>
          ((window as unknown as { __toasts?: { text: string }[] }).__toasts ?? []).map(
            (t) => t.text,
          ),
        )
        .catch(() => []);
    return {
      pass,
      name: 'toHaveShownToast',
      message: () =>
        pass
          ? `a toast "${String(text)}" was shown`
          : `no toast "${String(text)}" within ${timeout} ms; shown: ${JSON.stringify(shown)}`,
    };
  },
});

/** Symbols whose hours the tests change (tests/e2e: setHours). */
const HOURS_CHANGED = ['BTCUSDT', 'EURUSD', 'GBPUSD', 'AUDUSD', 'SPX500', 'AAPL'];

async function resetMarket(live: LiveServer): Promise<void> {
  for (const s of HOURS_CHANGED) await live.call('setHours', s, undefined);
  for (const ch of ['market', 'exchange']) await live.call('freezeChannel', ch, false);
  await live.call('resetFlags');
}

/**
 * Point a page at a live server: its site config names the server, the
 * reviewer has entered the operator key in this browser session, and the
 * back office of tests goes to the server's operator API.
 */
export async function pointAtLive(page: Page, live: LiveServer): Promise<void> {
  const site = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as Record<
    string,
    unknown
  >;
  await page.route('**/config/site.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify(liveSiteConfig(site, live)),
    }),
  );
  // The app's own document only: init scripts run in every frame and every
  // document, and a sandboxed frame (the customer-service chat) or the blank
  // page before the app in the history (the walker goes back to it) may not
  // read storage.
  await page.addInitScript((key) => {
    if (window === window.top && location.origin !== 'null')
      sessionStorage.setItem('trader.operatorKey', key);
  }, live.key);
  bindOperator(page, live);
}

/** Viewports the issues name. */
export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * Screenshots for review (test-results/screens): taken by `npm run test:e2e`; `npm test`
 * sets E2E_SCREENS=0 (CI keeps none, and each costs the run a moment of a busy machine).
 */
const SCREENS = process.env.E2E_SCREENS !== '0';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  const dir = isLive() ? 'test-results/screens/live' : 'test-results/screens';
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

/** What a screen shows while it loads: the route's skeleton, busy lists, cards and menus. */
export const LOADING =
  '[aria-busy="true"], .skeleton-list, .skeleton-row, .chart-skeleton, .splash';

/** A phone's user agent (for the app's phone-only choices: camera, install prompt). */
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/**
 * Serve the shipped site config with `extra` merged in. The live project
 * serves its own config (pointing at the server): given that server, `extra`
 * goes on top of it; without, the test is for the simulator project only.
 */
export async function siteWith(
  page: Page,
  extra: Record<string, unknown>,
  live?: LiveServer,
): Promise<void> {
  if (live) {
    // The live harness's config (pointing at the server) with these settings on top.
    const site = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as object;
    await page.route('**/config/site.json', (route) =>
      route.fulfill({
        json: { ...(liveSiteConfig(site as Record<string, unknown>, live) as object), ...extra },
      }),
    );
    return;
  }
  test.skip(isLive(), 'the live harness serves its own site config');
  await page.route('**/config/site.json', async (route) => {
    const res = await route.fetch();
    const body = { ...((await res.json()) as Record<string, unknown>), ...extra };
    await route.fulfill({ response: res, json: body });
  });
}

/**
 * The screen has come to rest: fonts loaded, finite animations and
 * transitions (sheets rising, a drawer opening) finished, and the layout the
 * same over three animation frames (a list that filled in, a chart that
 * resized). Skeletons shimmer forever and are not waited for: pair with
 * LOADING where a screen loads.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const shape = () => {
      const b = document.body;
      return `${b.scrollWidth}x${b.scrollHeight}:${b.getElementsByTagName('*').length}`;
    };
    let last = '';
    // Bounded (about 2 s of frames): a screen that never rests is measured as it is then.
    for (let same = 0, i = 0; same < 3 && i < 120; i++) {
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      );
      await frame();
      const now = shape();
      same = now === last ? same + 1 : 0;
      last = now;
    }
  });
}

/** A screenshot once the screen has come to rest ({@link settled}). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  await settled(page);
  await screenshot(page, name);
}

/**
 * Records, from now on, whether a live region (role="status") named `name` is
 * ever rendered; `seen()` says whether it was. For a state that may come and
 * go before a locator polls for it (a read that finishes while the test is
 * still choosing files on a loaded machine): the spinner was there, and was
 * announced, even if it is already gone.
 */
export async function watchStatus(
  page: Page,
  name: string,
): Promise<{ seen: () => Promise<boolean> }> {
  const key = `__status_${name.replace(/\W/g, '_')}`;
  await page.evaluate(
    ({ key, name }) => {
      const w = window as unknown as Record<string, boolean>;
      w[key] = false;
      const look = () => {
        for (const el of document.querySelectorAll('[role="status"]'))
          if (el.getAttribute('aria-label') === name || el.textContent === name) w[key] = true;
      };
      look();
      new MutationObserver(look).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    },
    { key, name },
  );
  return {
    seen: () =>
      page.evaluate((k) => (window as unknown as Record<string, boolean>)[k] === true, key),
  };
}

/**
 * What a UI path needs from the page: the machine recorder
 * (src/machines/inspect.ts) switched on before load, the app's API client as
 * the signed-in user, client-side navigation (a page load would restart the
 * simulator's worker and forget forced replies), and forced replies.
 */
import type { Page } from '@playwright/test';
import type { InspectRecord } from '../../../src/machines/inspect.ts';
import { backOffice, saved } from '../sim.ts';

/**
 * The recorder's flag, set before the app loads. What it recorded survives a
 * reload (the realtime machine reloads the page when its connection fails):
 * kept in sessionStorage as the page goes and put back when the reload
 * starts, before any of the app's code. Any other load starts it afresh.
 */
const RECORDER = `(() => {
  const KEY = '__TRADER_INSPECT__';
  const nav = performance.getEntriesByType('navigation')[0];
  const reload = nav ? nav.type === 'reload' : performance.navigation.type === 1;
  const kept = reload ? JSON.parse(sessionStorage.getItem(KEY) || '[]') : [];
  sessionStorage.removeItem(KEY);
  window.__TRADER_INSPECT__ = kept;
  addEventListener('pagehide', () => sessionStorage.setItem(KEY, JSON.stringify(window.__TRADER_INSPECT__)));
})();`;

/** Switch the recorder on and freeze the page's clock: delays fire only when a path says. */
export async function prepare(page: Page): Promise<void> {
  // The phone layout: every screen is a page of its own (the desktop opens some in drawers).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(RECORDER);
  await page.clock.install();
}

/** Evaluate in the page, again after a moment while it is between documents (a reload). */
export async function steady<T>(page: Page, script: string): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return (await page.evaluate(script)) as T;
    } catch (e) {
      const between = /context was destroyed|navigat|properties of undefined/i.test(String(e));
      if (!between || n > 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export const records = (page: Page, from = 0): Promise<InspectRecord[]> =>
  steady<InspectRecord[]>(page, `window.__TRADER_INSPECT__.slice(${from})`);

/** Call the API as the signed-in user (the app's own client: signing, encoding, token). */
export async function apiCall<T = { code: number; data: unknown }>(
  page: Page,
  call: string,
  params: unknown = {},
): Promise<T> {
  return page.evaluate(
    `window.__TRADER_API__.call(${JSON.stringify(call)}, ${JSON.stringify(params)})`,
  ) as Promise<T>;
}

/**
 * A new user, seeded through the back office, signed in by putting the
 * token in the session (a sign-in through the form costs ~9 s here, and the
 * login machine's own paths drive that form), with site flags set: one page
 * load reads both. Returns the user's uid.
 */
export async function enterAs(
  page: Page,
  user: Record<string, unknown>,
  flags: Record<string, boolean> = {},
): Promise<string> {
  await page.goto('/login');
  const { uid, token } = await backOffice<{ uid: string; token: string }>(page, 'seedUser', user);
  for (const [name, on] of Object.entries(flags)) await backOffice(page, 'setFlag', name, on);
  await page.evaluate(
    `localStorage.setItem('session', JSON.stringify({ token: ${JSON.stringify(token)} }))`,
  );
  // Saved before the page load, which then reads the flags and the session.
  await saved(page);
  // Home, not the sign-in page again (it would send a signed-in user home as the path starts).
  await page.goto('/');
  await page.waitForFunction('!!window.__TRADER_API__');
  return uid;
}

/** Go to a route inside the app (no page load). */
export async function go(page: Page, route: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(route)}); dispatchEvent(new PopStateEvent('popstate'));`,
  );
}

/** Answer the next matching call with a code, an HTTP status or a raw body (Faults). */
export const force = (
  page: Page,
  rule: { call: string; code?: number; status?: number; body?: string; times?: number },
) => backOffice(page, 'force', rule);

/** A reply body the back office sends as is (replies no real condition gives). */
export const body = (data: unknown) => JSON.stringify({ code: 0, msg: 'success', data });

export { backOffice, saved };

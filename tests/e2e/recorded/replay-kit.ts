/**
 * What the recorded sessions' specs share (issue 29 item 3): the start of a
 * replay (the recording's scenario loaded into the page's simulator, the
 * same back-office operation as the console's Load and the share link's
 * path, then its user signed in), the scenario's password, and texts
 * compared so that a figure the market moved since the recording still
 * matches (src/ui/console/record/model.ts `sameText`).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { backOffice, go, submitSignIn } from '../sim.ts';
import type { Recording } from '../../../src/ui/console/record/model.ts';
import { MAX_WAIT_S, sameText, textPattern } from '../../../src/ui/console/record/model.ts';
import { LIBRARY_PASSWORD } from '../../../scripts/scenario-library.ts';

export type { Recording };
export { textPattern };

/** The recorded scenarios' users sign in with the library's password (a recording keeps none). */
export const PASSWORD = LIBRARY_PASSWORD;

/** The simulator time each page's replay started from (its scenario's). */
const starts = new WeakMap<Page, number>();

/**
 * The recording's world in the page's simulator, its user signed in, its
 * first screen shown. Loaded into the app already running (as the console's
 * Load does), not before a page load: the replay's clock starts with the
 * scenario's, and a load would spend a second or two of it.
 */
export async function startFrom(page: Page, rec: Recording): Promise<void> {
  await page.setViewportSize(rec.viewport);
  await page.goto(rec.user ? '/login' : rec.path);
  await backOffice(page, 'loadScenario', rec.scenario);
  starts.set(page, rec.scenario.now);
  if (!rec.user) return;
  await submitSignIn(page, { email: rec.user }, PASSWORD);
  await page.waitForURL((u) => u.pathname !== '/login');
  await go(page, rec.path);
}

/**
 * Wait until the simulator's clock is `seconds` past the scenario's time,
 * when the reviewer did the next step (a replay is faster than a person):
 * the market then shows the recording's prices, and timers run as they did.
 */
export async function at(page: Page, seconds: number): Promise<void> {
  const start = starts.get(page);
  if (start === undefined) throw new Error('at() before startFrom()');
  const now = await backOffice<number>(page, 'now');
  const wait = Math.min(MAX_WAIT_S * 1000, start + seconds * 1000 - now);
  // real delay: the simulator's clock runs with the wall clock, and the step waits for its time.
  if (wait > 0) await page.waitForTimeout(wait);
}

/** The latest code the simulator sent to `login` (the outbox, as a reviewer reads it). */
export async function latestCode(page: Page, login: string): Promise<string> {
  const code = await backOffice<string | undefined>(page, 'lastCode', login);
  if (!code) throw new Error(`no code was sent to ${login}`);
  return code;
}

/**
 * The element says what it said when the reviewer pressed Stop (figures
 * within the tolerance, any date or time); `cut`: it begins with that.
 */
export async function expectText(at: Locator, recorded: string, cut = false): Promise<void> {
  await expect
    .poll(async () => {
      const text = await at.innerText().catch(() => '');
      return sameText(text, recorded, cut) ? recorded : text;
    })
    .toBe(recorded);
}

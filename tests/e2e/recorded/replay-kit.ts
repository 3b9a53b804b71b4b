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
import { sameText, textPattern } from '../../../src/ui/console/record/model.ts';
import { LIBRARY_PASSWORD } from '../../../scripts/scenario-library.ts';

export type { Recording };
export { textPattern };

/** The recorded scenarios' users sign in with the library's password (a recording keeps none). */
export const PASSWORD = LIBRARY_PASSWORD;

/** The recording's world in the page's simulator, its user signed in, its first screen shown. */
export async function startFrom(page: Page, rec: Recording): Promise<void> {
  await page.setViewportSize(rec.viewport);
  await page.goto('/login');
  await backOffice(page, 'loadScenario', rec.scenario);
  // The load ended the sessions of the world it replaced: the app starts again on it.
  await page.goto(rec.user ? '/login' : rec.path);
  if (!rec.user) return;
  await submitSignIn(page, { email: rec.user }, PASSWORD);
  await page.waitForURL((u) => u.pathname !== '/login');
  await go(page, rec.path);
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

/**
 * One screen audited as a user lands on it (tests/e2e/a11y.spec.ts, the Arabic
 * screens in rtl.spec.ts): shown in the app already loaded, waited for until it
 * has loaded, screenshot for review when asked, and run through axe-core; its
 * serious and critical violations are added to `found`.
 */
import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';
import { expect, LOADING, screenshot, settled } from './fixtures.ts';
import { go } from './sim.ts';

/** axe-core into every frame of the page that lacks it (a frame's axe answers the top one's run). */
async function injectAxe(page: Page): Promise<void> {
  const lacks = (f: Frame) => f.evaluate('typeof window.axe === "undefined"').catch(() => false);
  for (const frame of page.frames()) if (await lacks(frame)) await frame.evaluate(axe.source);
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

export async function audit(
  page: Page,
  path: string,
  found: string[],
  dark: boolean | 'both',
  shot?: string,
): Promise<void> {
  await go(page, path);
  await expect(page.locator('main, [role="dialog"], .desktop-shell').first()).toBeVisible();
  // The loaded screen is audited, not its placeholders (nor the previous screen's).
  await settled(page);
  await expect(page.locator(LOADING), `${path} still loading`).toHaveCount(0, { timeout: 20_000 });
  await settled(page);
  if (shot) await screenshot(page, `${shot}-${shotName(path)}`);
  await injectAxe(page);
  await axeRun(page, path, found, dark === true);
  if (dark !== 'both') return;
  // The same screen in the dark theme, as a system set to dark asks for it (the
  // user's own choice is unset): no second load, only the colours change.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html.dark')).toHaveCount(1);
  await settled(page);
  await axeRun(page, `${path} (dark)`, found, true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html.dark')).toHaveCount(0);
}

/** axe-core on the page as it is; serious and critical violations are added to `found`. */
async function axeRun(page: Page, label: string, found: string[], colourOnly: boolean) {
  // Full details for violations only: the passes are not reported.
  const only = colourOnly
    ? `runOnly: { type: 'rule', values: ${JSON.stringify(COLOUR_RULES)} }, `
    : '';
  const { violations } = (await page.evaluate(
    `axe.run(document, { ${only}resultTypes: ["violations"] })`,
  )) as axe.AxeResults;
  for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    found.push(
      `${label} · ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
    );
}

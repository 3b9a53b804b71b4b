/** Shared e2e fixtures: every page records console errors, and tests assert none happened. */
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});
export { expect };

/** Viewports the issues name. */
export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** A fresh simulator world per test: each test's browser context has its own IndexedDB. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}

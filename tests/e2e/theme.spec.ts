/**
 * Issue 25 item 8: the theme follows the system (prefers-color-scheme) until
 * the user chooses one, and the chart's own toggle has a name of its own, so
 * the page has one "Dark mode" button.
 */
import { test, expect, DESKTOP, MOBILE } from './fixtures.ts';

test('desktop: the system theme until the user chooses; one “Dark mode” button', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/chart/BTCUSDT');
  const html = page.locator('html');
  const dark = page.getByRole('button', { name: 'Dark mode', exact: true });
  await expect(dark).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Dark chart and app' })).toHaveCount(1);
  // No choice yet: the system's theme, and it follows the system as it changes.
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(dark).toHaveAttribute('aria-pressed', 'true');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(dark).toHaveAttribute('aria-pressed', 'false');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);

  // The user's choice wins over the system's, and is kept.
  await dark.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(dark).toHaveAttribute('aria-pressed', 'false');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(consoleErrors).toEqual([]);
});

test('phone: a dark system opens dark, with no flash of the light theme', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.emulateMedia({ colorScheme: 'dark' });
  // The first paint already has the class: the boot script reads the system too.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

/**
 * Issue 25 item 10, on a 390×844 phone: a toast does not cover the screen's
 * title, and the positions summary keeps its three figures on one row, in
 * languages whose labels run long.
 */
import type { Locator } from '@playwright/test';
import { test, expect, MOBILE } from './fixtures.ts';
import { signIn, submitSignIn } from './sim.ts';

const overlap = async (a: Locator, b: Locator) => {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  return !(
    x.x + x.width <= y.x ||
    y.x + y.width <= x.x ||
    x.y + x.height <= y.y ||
    y.y + y.height <= x.y
  );
};

test('phone: a toast leaves the title in sight', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await submitSignIn(page, { email: 'nobody@example.com' }, 'nope-nope');
  const toast = page.getByText('Incorrect account or password (code 1108)');
  await expect(toast).toBeVisible();
  const title = page.getByRole('heading', { level: 1 }).first();
  await expect(title).toBeVisible();
  expect(await overlap(toast, title)).toBe(false);
  // It sits in the lower part of the screen, clear of the bottom tabs' height.
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThan(MOBILE.height / 2);
  expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height - 64);
});

for (const lang of ['en', 'de', 'fr', 'th'] as const) {
  test(`phone (${lang}): the positions summary keeps its three figures on one row`, async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, `summary-${lang}@example.com`);
    await page.evaluate((l) => {
      const prefs = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
      localStorage.setItem('preferences', JSON.stringify({ ...prefs, language: l }));
    }, lang);
    await page.goto('/position');
    const summary = page.locator('dl.summary');
    const figures = summary.locator('dd');
    await expect(figures).toHaveCount(3);
    const tops = await figures.evaluateAll((dds) =>
      dds.map((d) => Math.round(d.getBoundingClientRect().top)),
    );
    const bottoms = await summary.evaluate((dl) => [
      ...[...dl.children].map((c) => c.getBoundingClientRect().right),
      dl.getBoundingClientRect().right,
    ]);
    // One row: every label's cell starts at the same height…
    const cells = await summary.evaluate((dl) =>
      [...dl.children].map((c) => Math.round(c.getBoundingClientRect().top)),
    );
    expect(new Set(cells).size, `cells at ${cells.join(', ')}`).toBe(1);
    // …no figure drops under a wrapped neighbour's, and none passes the summary's edge.
    expect(
      Math.max(...tops) - Math.min(...tops),
      `figures at ${tops.join(', ')}`,
    ).toBeLessThanOrEqual(1);
    const edge = bottoms.pop()!;
    for (const right of bottoms) expect(right).toBeLessThanOrEqual(edge + 1);
  });
}

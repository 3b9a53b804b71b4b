/**
 * Issue 13 item 17: on a phone the console's handle, the code notice and the
 * console's tabs stay clear of the content; the desktop keeps them whole too.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot } from './fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(l: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const el of await l.all()) {
    const b = await el.boundingBox();
    if (b && b.width > 0 && b.height > 0) out.push(b);
  }
  return out;
}

/** Every tab label of the open console is whole: nothing scrolls or sticks out of the dialog. */
async function tabsWhole(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Simulator back office' });
  const list = dialog.getByRole('tablist');
  // Simulator mode: the Site tab too (src/ui/console/console-tabs.ts).
  await expect(list.getByRole('tab')).toHaveCount(9);
  const { scroll, client } = await list.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  const d = (await dialog.boundingBox()) as Box;
  for (const tab of await list.getByRole('tab').all()) {
    const b = (await tab.boundingBox()) as Box;
    expect(b.x).toBeGreaterThanOrEqual(d.x);
    expect(b.x + b.width).toBeLessThanOrEqual(d.x + d.width);
    const clipped = await tab.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped, (await tab.textContent()) ?? '').toBe(false);
  }
}

test('phone: the console handle sits beside the product rows and the sign-up form, never on them', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const handle = page.locator('.console-launcher');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const h = (await handle.boundingBox()) as Box;
  const rows = await boxes(page.locator('table tbody tr'));
  // Some rows pass at the handle's height: the check bites.
  expect(rows.some((r) => r.y < h.y + h.height && h.y < r.y + r.height)).toBe(true);
  for (const r of rows) expect(overlap(h, r)).toBe(false);
  await screenshot(page, 'console-handle-home-mobile');

  await page.goto('/register');
  await page.getByLabel('E-mail').fill('layout@example.com');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByLabel('Invite code (optional)')).toBeVisible();
  const form = await boxes(page.locator('.screen-title, .label, .input, .btn'));
  for (const f of form) expect(overlap((await handle.boundingBox()) as Box, f)).toBe(false);
});

test('desktop: the console handle keeps off the quote list', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const h = (await page.locator('.console-launcher').boundingBox()) as Box;
  // The list may end above the handle: check the columns, whatever the rows' heights.
  const cells = await boxes(page.locator('table tbody td'));
  expect(cells.length).toBeGreaterThan(0);
  for (const c of cells) expect(h.x + h.width).toBeLessThanOrEqual(c.x);
  await screenshot(page, 'console-handle-desktop');
});

test('phone: the code notice keeps off the title and the form, and leaves by itself', async ({
  page,
}) => {
  await page.clock.install();
  await page.setViewportSize(MOBILE);
  await page.goto('/register');
  await page.getByLabel('E-mail').fill('notice@example.com');
  await page.getByRole('button', { name: 'Get code' }).click();
  const notice = page.locator('.outbox-notice');
  await expect(notice).toContainText(/code \d{6} sent to notice@example\.com/);
  const n = (await notice.boundingBox()) as Box;
  const covered = await boxes(
    page.locator('.screen-title, .label, .input, .btn, .console-launcher'),
  );
  expect(covered.length).toBeGreaterThan(6);
  for (const f of covered) expect(overlap(n, f)).toBe(false);
  await screenshot(page, 'code-notice-mobile');
  await page.clock.fastForward(21_000);
  await expect(notice).toHaveCount(0);
});

test('the console tabs show every label whole, on a phone and on a desktop', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.locator('.console-launcher').click();
  await tabsWhole(page);
  await screenshot(page, 'console-tabs-mobile');
  await page.setViewportSize(DESKTOP);
  await tabsWhole(page);
  await screenshot(page, 'console-tabs-desktop');
});

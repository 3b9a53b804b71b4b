/**
 * Pictures before upload (user-centre.md §5 "Images"): what the app sends is
 * what the avatar preview shows (the machine holds the prepared data URL and
 * uploads it), so its type, bytes and pixel size are checked there.
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice } from './sim.ts';
import { heic, png } from './images.ts';
import type { Page } from '@playwright/test';

async function openAccount(page: Page, email: string) {
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await backOffice(page, 'seedUser', { email, password: 'secret123' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user/account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
}

const previewOf = async (page: Page) => {
  const img = page.getByRole('img', { name: 'Avatar preview' });
  await expect(img).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  return img.evaluate((i: HTMLImageElement) => ({
    w: i.naturalWidth,
    h: i.naturalHeight,
    bytes: Math.floor(((i.src.length - i.src.indexOf(',') - 1) * 3) / 4),
  }));
};

test('a large photo is sent as a JPEG at most 1920 px wide, smaller than chosen', async ({
  page,
  consoleErrors,
}) => {
  await openAccount(page, 'bigphoto@example.com');
  const big = png(2400, 1600, 6);
  expect(big.length).toBeGreaterThan(0.3 * 1024 * 1024);
  await page
    .getByLabel('Avatar', { exact: true })
    .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: big });
  const sent = await previewOf(page);
  expect(sent).toMatchObject({ w: 1920, h: 1280 });
  expect(sent.bytes).toBeLessThan(big.length);
  expect(consoleErrors).toEqual([]);
});

test('a HEIC photo is converted to JPEG before it is sent', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await openAccount(page, 'heic@example.com');
  await page
    .getByLabel('Avatar', { exact: true })
    .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic(640, 480) });
  const sent = await previewOf(page);
  expect(sent).toMatchObject({ w: 640, h: 480 });
  expect(consoleErrors).toEqual([]);
});

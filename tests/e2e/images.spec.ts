/**
 * Pictures before upload (user-centre.md §5 "Images"): what the app sends is
 * what the avatar preview shows (the machine holds the prepared data URL and
 * uploads it), so its type, bytes, pixel size and JPEG quality are checked
 * there. Avatars and deposit proofs share the one rule (ui/images/compress.ts).
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { signIn, go } from './sim.ts';
import { heic, png } from './images.ts';
import type { Page } from '@playwright/test';

async function openAccount(page: Page, email: string) {
  await page.setViewportSize(MOBILE);
  await signIn(page, email, 0);
  await go(page, '/user/account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
}

/**
 * The IJG quality (1–100) a JPEG was encoded at, read back from its
 * luminance quantisation table (the standard table scaled, as libjpeg and
 * the browser's canvas encoder make it); -1 when no quality gives the table.
 */
function jpegQuality(bytes: Uint8Array): number {
  // prettier-ignore
  const STD = [16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58, 51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103, 62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99]; // zigzag order
  let at = -1;
  for (let i = 2; i + 1 < bytes.length; i++)
    if (bytes[i] === 0xff && bytes[i + 1] === 0xdb) {
      at = i + 5; // marker, length, precision and table id
      break;
    }
  if (at < 0) return -1;
  const table = bytes.subarray(at, at + 64);
  for (let q = 1; q <= 100; q++) {
    const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
    const same = STD.every(
      (v, i) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))) === table[i],
    );
    if (same) return q;
  }
  return -1;
}

const previewOf = async (page: Page) => {
  const img = page.getByRole('img', { name: 'Avatar preview' });
  await expect(img).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  const shown = await img.evaluate((i: HTMLImageElement) => ({
    w: i.naturalWidth,
    h: i.naturalHeight,
    src: i.src,
  }));
  const data = Buffer.from(shown.src.slice(shown.src.indexOf(',') + 1), 'base64');
  return { w: shown.w, h: shown.h, bytes: data.length, quality: jpegQuality(data) };
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
  // Compressed at quality 0.75 (user-centre §5), read back from the JPEG's own tables.
  expect(sent.quality).toBe(75);
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
  // HEIC becomes JPEG at quality 0.7 (user-centre §5, trading §7).
  expect(sent.quality).toBe(70);
  expect(consoleErrors).toEqual([]);
});

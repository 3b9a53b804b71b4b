/**
 * Home's top on a phone: the header (title, search, service) and the banners
 * (one by default, turning every 3 s in a loop).
 */
import { test, expect, MOBILE, siteWith } from './fixtures.ts';

test("phone: home's header has the title, a search button and a service button (trading §2)", async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const main = page.getByRole('main');
  const header = main.locator('header');
  await expect(header.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
  const search = header.getByRole('link', { name: 'Search', exact: true });
  const service = header.getByRole('link', { name: 'Customer service', exact: true });
  // Icons, not words: each link shows a picture.
  await expect(search.locator('svg')).toBeVisible();
  await expect(search).toHaveText('');
  await expect(service.locator('svg')).toBeVisible();
  await expect(service).toHaveText('');
  await search.click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await service.click();
  await expect(page).toHaveURL(/\/user\/service$/);
  await expect(page.getByRole('link', { name: 'Telegram' })).toBeVisible();
});

test('phone: home shows one banner by default (trading §9)', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.locator('.banner-slide')).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Slide 1 of 1' })).toBeVisible();
});

test('phone: banners turn every 3 s and loop, about 38.2 % of the width high (trading §2 home)', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await siteWith(page, { bannerCount: 3 });
  await page.clock.install();
  await page.goto('/');
  const shown = () => page.locator('.banner-slide:not([aria-hidden="true"])');
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 1 of 3');
  await page.clock.runFor(2900);
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 1 of 3');
  await page.clock.runFor(200);
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 2 of 3');
  await page.clock.runFor(6000);
  await expect(shown()).toHaveAttribute('aria-label', 'Slide 1 of 3');
  const box = await page.locator('.banners').boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs(box!.height - box!.width * 0.382)).toBeLessThan(2);
  expect(box!.height).toBeLessThanOrEqual(206);
});

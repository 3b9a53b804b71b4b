/**
 * Uploads: an Android phone warns about the camera before a picture is
 * chosen; a desktop browser does not (user-centre §8).
 */
import { test, expect, MOBILE, DESKTOP, screenshot, ANDROID } from './fixtures.ts';
import { signIn, go } from './sim.ts';

test.describe('camera warning', () => {
  test.use({ userAgent: ANDROID });
  test('phone: uploads on an Android phone warn about the camera (user-centre §8)', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, 'camera@example.com', 1000);
    await go(page, '/user/verified');
    await expect(page.getByRole('note').first()).toHaveText(
      'If the camera does not open on this device, choose a photo from your gallery instead.',
    );
    await screenshot(page, 'wave2-camera-warning-mobile');
  });
});

test('desktop: no camera warning on a desktop browser (user-centre §8)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'nocamera@example.com', 1000);
  await go(page, '/user/verified');
  await expect(page.getByText('Real name')).toBeVisible();
  await expect(page.getByText(/If the camera does not open/)).toHaveCount(0);
});

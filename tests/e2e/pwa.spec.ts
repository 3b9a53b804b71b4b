/**
 * Installable and calm offline (issue 16): the manifest is valid and the
 * service worker controls the page (Chromium's own installability check);
 * started offline, the app shows its shell, not the browser's error page;
 * in live mode it shows the offline state and recovers without a reload.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, isLive } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

async function controlled(page: Page) {
  await page.goto('/');
  await expect(page.locator('[data-testid^="row-bid-"]').first()).toBeVisible();
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, {
    timeout: 20_000,
  });
}

test('installable: a valid manifest from the site config, and the worker controls the page', async ({
  page,
  context,
}) => {
  test.skip(isLive(), 'the same build in both projects');
  await page.setViewportSize(MOBILE);
  await controlled(page);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    display: string;
    icons: Array<{ sizes: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Trader', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // Playwright's contexts are incognito, which Chromium reports on its own; nothing else may be wrong.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );
});

test(
  'started offline, the app shows its shell; back online it recovers without a reload',
  {
    tag: '@live',
  },
  async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(MOBILE);
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    // The shell from the cache, not the browser's error page.
    await expect(page.getByRole('navigation').first()).toBeVisible();
    if (isLive()) {
      // Nothing reaches the server: the spec's offline state.
      await expect(
        page.getByRole('alert').filter({ hasText: 'The network is abnormal' }),
      ).toBeVisible({
        timeout: 20_000,
      });
      const marker = await page.evaluate(
        () => ((window as unknown as { __mark?: number }).__mark = 1),
      );
      await context.setOffline(false);
      const cells = page.locator('[data-testid^="row-bid-"]');
      await expect(cells.first()).toBeVisible({ timeout: 20_000 });
      const before = await cells.allTextContents();
      await expect
        .poll(
          async () => (await cells.allTextContents()).filter((v, i) => v !== before[i]).length,
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThanOrEqual(3);
      // Same document: no reload happened.
      expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(
        marker,
      );
      await expect(
        page.getByRole('alert').filter({ hasText: 'The network is abnormal' }),
      ).toHaveCount(0);
    } else {
      // The simulator runs in the page: offline, prices still flow.
      await expect(page.locator('[data-testid^="row-bid-"]').first()).toBeVisible();
    }
  },
);

/**
 * The realtime connection's state as the user sees it (trading §4).
 */
import { test, expect, MOBILE } from './fixtures.ts';
import { backOffice } from './sim.ts';

test('phone: a silent price channel shows "The network is abnormal…" then "Trying to reconnect...", gone when data is back (trading §4)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  const live = page.locator('[data-testid^="row-bid-"]:not([data-stale="true"])');
  await expect(live.first()).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'The network is abnormal' });
  // Live prices, no failure message.
  await expect(banner).toHaveCount(0);
  // The simulator's market channel stays connected but says nothing: after 10 s it is stale.
  await backOffice(page, 'freezeChannel', 'market', true);
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveText(
    /^The network is abnormal, please try to refresh the page or exit and enter again\s*·\s*Trying to reconnect\.\.\.$/,
  );
  // Data again: the flag clears and the message goes.
  await backOffice(page, 'freezeChannel', 'market', false);
  await expect(banner).toHaveCount(0, { timeout: 25_000 });
  await expect(live.first()).toBeVisible();
});

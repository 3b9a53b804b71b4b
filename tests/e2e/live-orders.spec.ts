/**
 * The positions list over a real WebSocket (live project only): the exchange
 * channel sends a full list, then deltas; the profit on screen keeps moving,
 * and after a reconnect (a full list again) it still matches what a fresh page
 * shows (checked while the market is closed, so prices stand still).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, isLive } from './fixtures.ts';
import { backOffice, buyAndViewPositions, go, signIn } from './sim.ts';
import { SHUT_SINCE_MIDNIGHT, socketFrames, textMoves, textStandsStill } from './live-kit.ts';

test.beforeEach(() => test.skip(!isLive(), 'needs the separate server process'));

const profit = (page: Page) => page.getByRole('button', { name: /^BTCUSDT \d+$/ }).locator('.pnl');

test(
  'positions: profit streams as deltas over the socket and matches a fresh page after a reconnect',
  { tag: '@live' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MOBILE);
    const seen = socketFrames(page, 'exchange');
    await signIn(page, 'deltas@example.com');
    await buyAndViewPositions(page, '0.1');
    await textMoves(profit(page));
    // The socket carried a full list first and deltas since: the moving profit came from deltas.
    expect(seen.received.some((f) => f.includes('"data"'))).toBe(true);
    // Three values on screen: the full list's and at least two from patches.
    expect(
      seen.received.filter((f) => f.includes('"patch"') && f.includes('profitLoss')).length,
    ).toBeGreaterThanOrEqual(2);

    // Prices stand still while the market is closed: the figure must then agree everywhere.
    await backOffice(page, 'setHours', 'BTCUSDT', SHUT_SINCE_MIDNIGHT);
    const still = await textStandsStill(page, profit(page));

    const sockets = seen.sockets;
    const framesBefore = seen.received.length;
    await backOffice(page, 'dropChannel', 'exchange');
    await expect.poll(() => seen.sockets, { timeout: 30_000 }).toBeGreaterThan(sockets);
    // The new connection starts from a full list, and the screen shows the same figure.
    await expect
      .poll(() => seen.received.slice(framesBefore).some((f) => f.includes('"data"')), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect(profit(page)).toHaveText(still);
    // So does a fresh load of the page (its list is a full one).
    await page.reload();
    await expect(profit(page)).toHaveText(still);

    // Open again: deltas on the new connection move it once more.
    await backOffice(page, 'setHours', 'BTCUSDT', undefined);
    await textMoves(profit(page));
  },
);

test(
  'an order whose reply is lost on the way back is found and shown placed, not as an error',
  { tag: '@live' },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, 'lost-reply@example.com');
    await go(page, '/BTCUSDT/place?direction=0');
    await page.getByLabel('Volume (lots)').fill('0.1');
    // The request reaches the server and is carried out; its reply never arrives.
    await page.route('**/order/addOrder', async (route) => {
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
    const placed = page.getByRole('dialog', { name: 'Order placed' });
    await expect(placed.getByText(/^Your order \d+ has been placed\.$/)).toBeVisible();
    await expect(placed.getByText('0.10')).toBeVisible();
    // Nothing said it failed, which would have invited a second press.
    expect(
      await page.evaluate(() =>
        (window as unknown as { __toasts: { text: string }[] }).__toasts.map((t) => t.text),
      ),
    ).not.toContain('Server error (500)');
    await placed.getByRole('button', { name: 'View positions' }).click();
    await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
  },
);

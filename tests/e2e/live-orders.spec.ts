/**
 * The positions list over a real WebSocket (live project only): the exchange
 * channel sends a full list, then deltas; the profit on screen keeps moving,
 * and after a reconnect (a full list again) it still matches what a fresh page
 * shows (checked while the market is closed, so prices stand still).
 */
import type { Page, WebSocket } from '@playwright/test';
import { test, expect, MOBILE, isLive } from './fixtures.ts';
import { backOffice, signIn } from './sim.ts';

test.beforeEach(() => test.skip(!isLive(), 'needs the separate server process'));

/** Every frame the server sent on this page's exchange sockets, and how many sockets opened. */
function exchangeFrames(page: Page) {
  const seen = { frames: [] as string[], sockets: 0 };
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().endsWith('/ws/exchange')) return;
    seen.sockets += 1;
    ws.on('framereceived', (f) => seen.frames.push(String(f.payload)));
  });
  return seen;
}

/**
 * Open one second after midnight (New York), every day: closed now, so the
 * price stands at that second's (closed all week would have no last open
 * price to stand at, and the simulator keeps the walk going).
 */
const everyDay = (at: string) =>
  Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, at]));
const SHUT_SINCE_MIDNIGHT = { start: everyDay('00:00:00'), close: everyDay('00:00:01') };

const profit = (page: Page) => page.getByRole('button', { name: /^BTCUSDT \d+$/ }).locator('.pnl');

/** Resolves when the profit shown has taken `n` different values. */
async function profitMoves(page: Page, n = 3) {
  const values = new Set<string>();
  await expect
    .poll(
      async () => {
        values.add((await profit(page).textContent()) ?? '');
        return values.size;
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toBeGreaterThanOrEqual(n);
}

test(
  'positions: profit streams as deltas over the socket and matches a fresh page after a reconnect',
  { tag: '@live' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MOBILE);
    const seen = exchangeFrames(page);
    await signIn(page, 'deltas@example.com');
    await page.goto('/BTCUSDT/place?direction=0');
    await page.getByLabel('Volume (lots)').fill('0.1');
    await page.getByRole('button', { name: 'Buy BTCUSDT' }).click();
    await page
      .getByRole('dialog', { name: 'Order placed' })
      .getByRole('button', { name: 'View positions' })
      .click();
    await expect(page.getByRole('tab', { name: 'Opening (1)' })).toBeVisible();
    await profitMoves(page);
    // The socket carried a full list first and deltas since: the moving profit came from deltas.
    expect(seen.frames.some((f) => f.includes('"data"'))).toBe(true);
    expect(
      seen.frames.filter((f) => f.includes('"patch"') && f.includes('profitLoss')).length,
    ).toBeGreaterThan(2);

    // Prices stand still while the market is closed: the figure must then agree everywhere.
    await backOffice(page, 'setHours', 'BTCUSDT', SHUT_SINCE_MIDNIGHT);
    let still = '';
    await expect
      .poll(
        async () => {
          const before = await profit(page).textContent();
          await page.waitForTimeout(2_500);
          still = (await profit(page).textContent()) ?? '';
          return before === still;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const sockets = seen.sockets;
    const framesBefore = seen.frames.length;
    await backOffice(page, 'dropChannel', 'exchange');
    await expect.poll(() => seen.sockets, { timeout: 30_000 }).toBeGreaterThan(sockets);
    // The new connection starts from a full list, and the screen shows the same figure.
    await expect
      .poll(() => seen.frames.slice(framesBefore).some((f) => f.includes('"data"')), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect(profit(page)).toHaveText(still);
    // So does a fresh load of the page (its list is a full one).
    await page.reload();
    await expect(profit(page)).toHaveText(still);

    // Open again: deltas on the new connection move it once more.
    await backOffice(page, 'setHours', 'BTCUSDT', undefined);
    await profitMoves(page);
  },
);

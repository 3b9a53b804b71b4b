/**
 * Faults over the real transport: only in the `live` project, where the app
 * talks to `sim:server` as a separate process over HTTP and WebSocket.
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, isLive } from './fixtures.ts';
import { backOffice, buyAndViewPositions, signIn, submitSignIn } from './sim.ts';

test.beforeEach(() => test.skip(!isLive(), 'needs the separate server process'));

/** Resolves when at least `n` bid cells on Home change after the call. */
async function pricesMove(page: Page, n = 3, timeout = 20_000) {
  const cells = page.locator('[data-testid^="row-bid-"]');
  await expect(cells.first()).toBeVisible();
  // Live prices only: a reload first shows the last ones seen, and their replacement is no move.
  await expect(page.locator('[data-testid^="row-bid-"][data-stale="true"]')).toHaveCount(0);
  const before = await cells.allTextContents();
  await expect
    .poll(async () => (await cells.allTextContents()).filter((v, i) => v !== before[i]).length, {
      timeout,
      intervals: [500],
    })
    .toBeGreaterThanOrEqual(n);
}

test(
  'the server is killed and restarted mid-session: channels reconnect, session and position kept',
  {
    tag: '@live',
  },
  async ({ page, live }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MOBILE);
    await signIn(page, 'restart@example.com');
    await buyAndViewPositions(page, '0.1');
    await page.goto('/');
    await pricesMove(page);
    // No graceful shutdown: what the server acknowledged must already be on disk.
    await live!.restart();
    // The market channel comes back by itself (reconnect with backoff), no reload.
    await pricesMove(page, 3, 30_000);
    // The session survived the restart: a reload is still signed in, the position is there.
    await page.goto('/position');
    await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^BTCUSDT \d+$/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Positions (1)' })).toBeVisible();
  },
);

test(
  'the operator drops the market socket: the app reconnects and prices flow again',
  {
    tag: '@live',
  },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    // Every market socket the page opens, and whether it has closed.
    const sockets: { url: string; closed: boolean }[] = [];
    page.on('websocket', (ws) => {
      const s = { url: ws.url(), closed: false };
      sockets.push(s);
      ws.on('close', () => (s.closed = true));
    });
    const market = () => sockets.filter((s) => /market/.test(s.url));
    await page.goto('/');
    await pricesMove(page);
    expect(market()).toHaveLength(1);
    await backOffice(page, 'dropChannel', 'market');
    // The server really closed it, and the app opened a new one by itself (no reload).
    await expect.poll(() => market()[0]?.closed, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => market().filter((s) => !s.closed).length, { timeout: 20_000 }).toBe(1);
    expect(market()).toHaveLength(2);
    // And prices flow on the new socket.
    await pricesMove(page, 3, 20_000);
  },
);

test(
  'HTTP 500 and a reply slower than the timeout show the spec messages',
  {
    tag: '@live',
  },
  async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/login');
    await backOffice(page, 'seedUser', { email: 'faults@example.com', password: 'secret123' });
    await backOffice(page, 'force', { call: 'login', status: 500 });
    await submitSignIn(page, { email: 'faults@example.com' });
    await expect(page.getByText('Server error (500)')).toBeVisible();
    // The live site config sets a 3 s timeout (+0.7 s); the reply takes 8 s.
    await backOffice(page, 'delay', { call: 'login', ms: 8_000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Connection timeout')).toBeVisible({ timeout: 10_000 });
    // Nothing is stuck: the next try signs in.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  },
);

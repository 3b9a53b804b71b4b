/**
 * Home's prices over a real WebSocket (live project only): the app subscribes
 * to the market channel's prices with `delta: true`, gets every product and
 * then patches, and the prices on screen move on patches alone. A patch lost
 * on the way makes the app ask for every product again; after a dropped
 * socket (every product again) and after a reload the screen shows what the
 * server says (checked while the market is closed, so the price stands still).
 */
import type { Page } from '@playwright/test';
import { test, expect, MOBILE, isLive } from './fixtures.ts';
import { backOffice } from './sim.ts';
import { SHUT_SINCE_MIDNIGHT, textMoves, textStandsStill } from './live-kit.ts';

test.beforeEach(() => test.skip(!isLive(), 'needs the separate server process'));

/**
 * The page's market sockets, passed through to the server and recorded each
 * way; `lose(n)` makes the next n patch frames from the server vanish, as a
 * flaky network might, without the server knowing.
 */
async function marketSockets(page: Page) {
  const seen = { received: [] as string[], sent: [] as string[], sockets: 0, losing: 0 };
  await page.routeWebSocket(/\/ws\/market(\?|$)/, (ws) => {
    seen.sockets += 1;
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      seen.sent.push(String(m));
      server.send(m);
    });
    server.onMessage((m) => {
      const frame = String(m);
      if (seen.losing > 0 && frame.includes('"patch"')) return void (seen.losing -= 1);
      seen.received.push(frame);
      ws.send(m);
    });
  });
  return seen;
}

const bid = (page: Page) => page.getByTestId('row-bid-BTCUSDT');
/** The cell once it shows a live price (before, the last one this browser saw, marked stale). */
const liveBid = (page: Page) =>
  page.locator('[data-testid="row-bid-BTCUSDT"]:not([data-stale="true"])');
const isPrices = (f: string) => f.startsWith('{"topic":"prices"');
const isFull = (f: string) => isPrices(f) && f.includes('"seq":0,') && f.includes('"data"');
const subs = (sent: string[]) =>
  sent.filter((f) => f.includes('"topic":"prices"') && f.includes('"op":"sub"'));

test(
  'home: prices move on patch frames over the socket, a lost patch brings every price again, and they match the server after a dropped socket and a reload',
  { tag: '@live' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(MOBILE);
    const seen = await marketSockets(page);
    await page.goto('/');
    await expect(liveBid(page)).toBeVisible();
    // Four values: the product list's, every product's, and at least two from patches.
    await textMoves(bid(page), 4);
    // The app opted in, got every product first and patches since: the moving price came from patches.
    expect(subs(seen.sent).every((f) => f.includes('"delta":true'))).toBe(true);
    const prices = seen.received.filter(isPrices);
    expect(isFull(prices[0]!)).toBe(true);
    expect(prices.slice(1).every((f) => f.includes('"patch"'))).toBe(true);
    expect(
      prices.filter((f) => f.includes('"patch"') && f.includes('"name":"BTCUSDT"')).length,
    ).toBeGreaterThanOrEqual(2);

    // One patch lost on the way: the next does not follow on, so the app subscribes again.
    const asked = subs(seen.sent).length;
    let from = seen.received.length;
    seen.losing = 1;
    await expect.poll(() => subs(seen.sent).length, { timeout: 10_000 }).toBeGreaterThan(asked);
    await expect.poll(() => seen.received.slice(from).some(isFull), { timeout: 10_000 }).toBe(true);
    await textMoves(bid(page));

    // The price stands still while the market is closed: the figure must then agree everywhere.
    await backOffice(page, 'setHours', 'BTCUSDT', SHUT_SINCE_MIDNIGHT);
    const still = await textStandsStill(page, bid(page));

    // A dropped socket: the new one starts with every product, and the server's price is the one on screen.
    const sockets = seen.sockets;
    from = seen.received.length;
    await backOffice(page, 'dropChannel', 'market');
    await expect.poll(() => seen.sockets, { timeout: 30_000 }).toBeGreaterThan(sockets);
    await expect.poll(() => seen.received.slice(from).some(isFull), { timeout: 30_000 }).toBe(true);
    const full = JSON.parse(seen.received.slice(from).find(isFull)!) as {
      data: Record<string, { bidPrice: number }>;
    };
    expect(Number(still.replace(/[^\d.-]/g, ''))).toBe(full.data.BTCUSDT!.bidPrice);
    await expect(bid(page)).toHaveText(still);

    // So does a fresh load of the page, once its prices are live.
    await page.reload();
    await expect(liveBid(page)).toHaveText(still);

    // Open again: patches on the new connection move it once more.
    await backOffice(page, 'setHours', 'BTCUSDT', undefined);
    await textMoves(bid(page));
  },
);

/** What the live (real WebSocket) specs share: the frames a page's sockets carried, and a figure that moves or stands still. */
import type { Locator, Page, WebSocket } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Every frame on this page's sockets of one channel, each way, and how many sockets opened. */
export function socketFrames(page: Page, channel: 'market' | 'exchange') {
  const seen = { received: [] as string[], sent: [] as string[], sockets: 0 };
  page.on('websocket', (ws: WebSocket) => {
    // By path: the start-up market socket carries its subscription in the query (`?sub=`).
    if (!new URL(ws.url()).pathname.endsWith(`/ws/${channel}`)) return;
    seen.sockets += 1;
    ws.on('framereceived', (f) => seen.received.push(String(f.payload)));
    ws.on('framesent', (f) => seen.sent.push(String(f.payload)));
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
export const SHUT_SINCE_MIDNIGHT = { start: everyDay('00:00:00'), close: everyDay('00:00:01') };
/** Open around the clock, every day: a test that trades a market other than crypto holds on any day and hour. */
export const OPEN_ALL_WEEK = { start: everyDay('00:00:00'), close: everyDay('23:59:59') };

/** Resolves when the figure shown has taken `n` different values. */
export async function textMoves(figure: Locator, n = 3): Promise<void> {
  const values = new Set<string>();
  await expect
    .poll(
      async () => {
        values.add((await figure.textContent()) ?? '');
        return values.size;
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toBeGreaterThanOrEqual(n);
}

/** The figure shown, once it has stayed the same for 2.5 s. */
export async function textStandsStill(page: Page, figure: Locator): Promise<string> {
  let still = '';
  await expect
    .poll(
      async () => {
        const before = await figure.textContent();
        // real delay: the figure unchanged over 2.5 s.
        await page.waitForTimeout(2_500);
        still = (await figure.textContent()) ?? '';
        return before === still;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return still;
}

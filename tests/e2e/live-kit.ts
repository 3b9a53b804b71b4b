/** What the live (real WebSocket) specs share: the frames a page's sockets carried, and a market that stands still. */
import type { Page, WebSocket } from '@playwright/test';

/** Every frame on this page's sockets of one channel, each way, and how many sockets opened. */
export function socketFrames(page: Page, channel: 'market' | 'exchange') {
  const seen = { received: [] as string[], sent: [] as string[], sockets: 0 };
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().endsWith(`/ws/${channel}`)) return;
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

/**
 * The server's clock, as the client knows it (issue 12: every countdown,
 * option progress and "last update" runs on the server's time, never the
 * device's).
 *
 * The offset is learned from the quotes: every price entry carries the
 * server's `lastUpdate` (trading.md §3), and both transports (the simulator
 * worker and a live WebSocket) deliver them several times a second. A quote
 * is stamped before it travels, so `lastUpdate − receivedAt` can only
 * under-estimate the offset; the best estimate is the largest sample of the
 * last few seconds. Keeping a window (not the all-time largest) lets the
 * offset follow the server back as well as forward.
 *
 * The offset is kept across loads: the app's first look at a stored token
 * (is it past its time on the server's clock?) comes before any quote.
 */
import { readJson, writeJson } from './persist.ts';
import { SERVER_OFFSET_KEY } from './token.ts';

const WINDOW_MS = 5000;
const KEY = SERVER_OFFSET_KEY;
/** Kept again only when it moved this much: quotes come several times a second. */
const KEEP_STEP_MS = 1000;

let samples: Array<{ at: number; offset: number }> = [];
const kept = readJson<unknown>(KEY);
let offset = typeof kept === 'number' && Number.isFinite(kept) ? kept : 0;
let keptOffset = offset;

/** Local clock; a seam for tests. */
let localNow: () => number = () => Date.now();

/** Learn from a server timestamp received now (local time `receivedAt`). */
export function learnServerTime(serverTime: number, receivedAt = localNow()): void {
  if (!Number.isFinite(serverTime) || serverTime <= 0) return;
  samples = samples.filter((s) => receivedAt - s.at < WINDOW_MS);
  samples.push({ at: receivedAt, offset: serverTime - receivedAt });
  offset = Math.max(...samples.map((s) => s.offset));
  if (Math.abs(offset - keptOffset) >= KEEP_STEP_MS) {
    keptOffset = offset;
    writeJson(KEY, offset);
  }
}

/** Learn from a batch of quotes: the freshest one is the server's "now" (closed markets keep old stamps). */
export function learnFromQuotes(quotes: Iterable<{ lastUpdate?: number }>): void {
  let latest = 0;
  for (const q of quotes) if ((q.lastUpdate ?? 0) > latest) latest = q.lastUpdate ?? 0;
  if (latest > 0) learnServerTime(latest);
}

/**
 * The server's clock was moved on purpose (a scenario loaded, a bookmark gone
 * back to, time skipped): what was learned before says nothing of it now. The
 * next quote sets the offset, forward or back, instead of the window's largest
 * old sample holding it for 5 s.
 */
export function serverClockMoved(): void {
  samples = [];
}

/** The server's time now (epoch ms): the device's clock plus the learned offset. */
export const serverNow = (): number => localNow() + offset;

/** Whether a server time has been seen (until then serverNow is the device's clock). */
export const serverTimeKnown = (): boolean => samples.length > 0 || offset !== 0;

/** Server minus device, ms (the last load's until a quote arrived; 0 the first time). */
export const serverOffset = (): number => offset;

/** Tests: forget everything, optionally with a fake local clock. */
export function resetServerClock(now?: () => number): void {
  samples = [];
  offset = 0;
  keptOffset = 0;
  localNow = now ?? (() => Date.now());
}

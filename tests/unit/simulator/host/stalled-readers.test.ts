/**
 * Stalled connections (limits.ts `stalledConnectionMs`). Found by attacking
 * the host: a client that sends requests ahead on a connection and never
 * reads the replies fills the socket's buffers, and Node then waits on it
 * with no deadline (the request deadlines are over, and a kept-alive
 * connection's idle deadline starts only once a reply is out): 3 of 4 such
 * connections with 40 1,000-bar histories each were still held after 40 s.
 * 8 addresses' worth would hold all 1,024 connections the host takes. Now a
 * connection on which nothing moves for the deadline is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Host, openWs, rawConnect, sleep, startHost, until } from './kit.ts';

const STALL_MS = 1_500;
let h: Host;
beforeAll(async () => {
  h = await startHost({ stalledConnectionMs: STALL_MS });
});
afterAll(() => h.close());

const history = () =>
  `/market/v1/history?symbol=BTCUSDT&period=1min&limit=1000&from=0&to=${Date.now()}`;

describe('stalled connections', () => {
  it('closes a connection whose replies are never read; a quiet WebSocket stays', async () => {
    const ws = await openWs(h.port, 'market', '127.0.0.3');
    const held = [];
    for (let i = 0; i < 4; i++) {
      const s = await rawConnect(h.port, '127.0.0.2');
      s.pause(); // never reads
      s.write(`GET ${history()} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(40));
      held.push(s);
    }
    // Replies went out until the buffers filled: the connections are held.
    await sleep(500);
    expect(h.srv.stats().connections).toBeGreaterThan(1);
    // All four go within the deadline (and the 1 s checks), with room for a busy machine.
    await until(
      () => h.srv.stats().connections === 1,
      STALL_MS + 6_000,
      'the stalled connections to close',
    );
    for (const s of held) s.destroy();
    // The WebSocket, silent as long, is another matter (pings keep it), and calls are still served.
    expect(ws.readyState).toBe(ws.OPEN);
    expect((await call(h.port, history(), { from: '127.0.0.4' })).status).toBe(200);
    ws.close();
  });
});

/**
 * A market socket may subscribe in its handshake (`/ws/market?sub=<a sub
 * command's JSON>`, issue 31): its first prices come with no round trip after
 * the socket opens. The client still sends the same subscription on open (a
 * server that does not know the parameter ignores it); that first frame is the
 * same subscription, not a second one that would restart the stream. Only a
 * `sub`, only on the market channel, checked as any command is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WsClient from 'ws';
import { type Host, sleep, startHost, until } from './kit.ts';

const PRICES = JSON.stringify({ op: 'sub', topic: 'prices', delta: true });

let h: Host;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

function open(query: string, channel = 'market') {
  const ws = new WsClient(`ws://127.0.0.1:${h.port}/ws/${channel}${query}`);
  const got: Array<{ topic?: string; seq?: number; data?: unknown; patch?: unknown }> = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as (typeof got)[number]));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, got, opened };
}

describe('a subscription in the handshake', () => {
  it('streams without a frame from the client; the same frame on open does not restart it', async () => {
    const s = open(`?sub=${encodeURIComponent(PRICES)}`);
    await s.opened;
    await until(() => s.got.length > 0, 5_000, 'prices with no frame sent');
    expect(s.got[0]).toMatchObject({ topic: 'prices', seq: 0 });
    s.ws.send(PRICES);
    await until(() => s.got.length >= 4, 5_000, 'more ticks');
    // One full board, then numbered deltas: the repeat did not start the stream over.
    expect(s.got.filter((m) => m.data !== undefined)).toHaveLength(1);
    expect(s.got.slice(1).map((m) => m.seq)).toEqual(s.got.slice(1).map((_, i) => i + 1));
    s.ws.close();
  });

  it('a socket without it, as before: nothing until it subscribes', async () => {
    const s = open('');
    await s.opened;
    await sleep(600);
    expect(s.got).toEqual([]);
    s.ws.send(PRICES);
    await until(() => s.got.length > 0, 5_000, 'prices after the frame');
    s.ws.close();
  });

  it('takes nothing but a sub, and only on the market channel', async () => {
    const auth = open(`?sub=${encodeURIComponent(JSON.stringify({ op: 'auth', token: 'x' }))}`);
    const garbage = open('?sub=%7B%7B%7B');
    const exchange = open(`?sub=${encodeURIComponent(PRICES)}`, 'exchange');
    await Promise.all([auth.opened, garbage.opened, exchange.opened]);
    await sleep(600);
    expect([auth.got, garbage.got, exchange.got]).toEqual([[], [], []]);
    for (const s of [auth, garbage, exchange]) expect(s.ws.readyState).toBe(WsClient.OPEN);
    for (const s of [auth, garbage, exchange]) s.ws.close();
  });
});

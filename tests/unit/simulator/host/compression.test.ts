/**
 * The Node host compresses what it sends, where the client takes it (issue
 * 31: on a phone's first visit the product list, 18 KB of JSON, and the
 * market's prices shared the link with the app's scripts). A call's reply is
 * gzipped when long enough to gain; a short one, or one to a client that does
 * not say gzip, goes plain. A WebSocket whose client offers permessage-deflate
 * gets its frames deflated. Either way the client reads the same JSON.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GZIP_MIN_BYTES } from '../../../../src/simulator/host/node-server.ts';
import type WsClient from 'ws';
import { openWs, startHost, until, type Host } from './kit.ts';

let h: Host;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

/** A POST with an empty JSON body, its reply's headers and raw bytes. */
function post(path: string, encoding?: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: h.port,
        method: 'POST',
        path,
        headers: {
          'Content-Type': 'application/json',
          ...(encoding ? { 'Accept-Encoding': encoding } : {}),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

const PRODUCTS = '/api/v1/wa-na/forex/product/list';

describe('gzipped replies', () => {
  it('the product list comes gzipped to a client that takes it, and plain to one that does not', async () => {
    const plain = await post(PRODUCTS);
    const zipped = await post(PRODUCTS, 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(GZIP_MIN_BYTES);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    type List = { code: number; data: Record<string, unknown> };
    const list = JSON.parse(gunzipSync(zipped.body).toString('utf8')) as List;
    const same = JSON.parse(plain.body.toString('utf8')) as List;
    expect(list.code).toBe(0);
    // The same products (their prices move between the two calls).
    const symbols = (l: List) => Object.keys(l.data);
    expect(symbols(list).length).toBeGreaterThan(10);
    expect(symbols(list)).toEqual(symbols(same));
  });

  it('a short reply goes as it is, even to a client that takes gzip', async () => {
    const r = await post('/api/v1/wa-na/system/systemConfig/getAllConfigStatusWeb', 'gzip');
    expect(r.body.length).toBeLessThan(GZIP_MIN_BYTES);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(r.body.toString('utf8')) as { code: number }).code).toBe(0);
  });
});

describe('deflated WebSocket frames', () => {
  /** The market's first prices frame on a socket, and the bytes read off the wire for it. */
  async function firstPrices(ws: WsClient): Promise<{ symbols: string[]; wire: number }> {
    const frames: string[] = [];
    ws.on('message', (d: Buffer) => frames.push(d.toString('utf8')));
    const wire = () => (ws as unknown as { _socket: { bytesRead: number } })._socket.bytesRead;
    const before = wire();
    ws.send(JSON.stringify({ op: 'sub', topic: 'prices', delta: true }));
    await until(() => frames.length > 0, 5_000, 'the first prices');
    const read = wire() - before;
    ws.close();
    const first = JSON.parse(frames[0] as string) as { topic: string; data: object };
    expect(first.topic).toBe('prices');
    return { symbols: Object.keys(first.data), wire: read };
  }

  it('the market snapshot goes deflated to a client that offers it, plain to one that does not', async () => {
    const deflating = await openWs(h.port, 'market');
    const plain = await openWs(h.port, 'market', '127.0.0.1', { perMessageDeflate: false });
    expect(deflating.extensions).toContain('permessage-deflate');
    expect(plain.extensions).toBe('');
    const a = await firstPrices(deflating);
    const b = await firstPrices(plain);
    expect(b.wire).toBeGreaterThan(10_000);
    // About a quarter; the bytes read may hold the start of the next tick as well (seen 0.34).
    expect(a.wire).toBeLessThan(b.wire / 2.5);
    expect(a.symbols.length).toBeGreaterThan(10);
    expect(a.symbols).toEqual(b.symbols);
  });
});

/**
 * The Node host gzips a call's reply for a client that takes gzip, when the
 * reply is long enough to gain (issue 31: the product list, 18 KB of JSON,
 * shared a phone's link with the app's scripts); a short reply, or a client
 * that does not say gzip, gets the plain text. Either way the same JSON.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GZIP_MIN_BYTES } from '../../../../src/simulator/host/node-server.ts';
import { startHost, type Host } from './kit.ts';

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

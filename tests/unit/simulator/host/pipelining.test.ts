/**
 * Refusals per connection (limits.ts `connectionRefusals`). Found by
 * attacking the host: requests sent ahead on one keep-alive connection
 * (HTTP pipelining) are not a round trip apart, so 40,000 from one address
 * over eight connections, every one past its rate, kept the server's thread
 * on 429s for 10 s. Now a connection refused more than its share is closed,
 * and what it sent ahead is dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slow } from '../../../support/time-scale.ts';
import { closedBy, type Host, PATHS, rawConnect, startHost } from './kit.ts';

const LIMITS = { addressCallsPerSecond: 10, addressCallsBurst: 10, connectionRefusals: 20 };
const ahead = (n: number) =>
  `POST ${PATHS.banners} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`.repeat(
    n,
  );
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);

let h: Host;
beforeAll(async () => {
  h = await startHost(LIMITS);
});
afterAll(() => h.close());

describe('refusals per connection', () => {
  it('a connection that sent 2,000 requests ahead is closed after its share of 429s', async () => {
    const s = await rawConnect(h.port, '127.0.0.6');
    const got = closedBy(s);
    s.write(ahead(2_000));
    // Kept open, it would be answered all 2,000 (almost all 429) within this.
    const timer = setTimeout(() => s.destroy(), slow(10_000));
    const seen = statuses(await got);
    clearTimeout(timer);
    // Closed with requests unread, the connection is reset: replies still in flight may be lost.
    expect(seen.length).toBeLessThanOrEqual(
      LIMITS.addressCallsBurst + 2 * LIMITS.addressCallsPerSecond + LIMITS.connectionRefusals + 1,
    );
    expect(seen.filter((c) => c !== '200' && c !== '429')).toEqual([]);
  });

  it('a client sending one request at a time keeps its connection through a few 429s', async () => {
    const s = await rawConnect(h.port, '127.0.0.7');
    let got = '';
    s.on('data', (c: Buffer) => (got += c.toString('latin1')));
    // Past the rate, a few times, one at a time: refused, never closed.
    for (let i = 0; i < 25; i++) {
      const before = statuses(got).length;
      s.write(ahead(1));
      const end = Date.now() + 5_000;
      while (statuses(got).length === before && Date.now() < end)
        await new Promise((r) => setTimeout(r, 5));
    }
    expect(statuses(got)).toHaveLength(25);
    expect(s.destroyed).toBe(false);
    s.destroy();
  });
});

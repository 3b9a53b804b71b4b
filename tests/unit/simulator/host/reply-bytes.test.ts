/**
 * Reply bytes per address (limits.ts `addressReplyBytes`). Found by
 * attacking the host: 16 lanes of 1,000-bar history calls from one address,
 * within its call rate, made another address's p90 1 s (18 ms alone): each
 * reply is 150 KB built and gzipped on the server's one thread. Now an
 * address's replies are counted in bytes too, and past its allowance its
 * calls get 429 until the window moves on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_TEXT } from '../../../../src/simulator/host/node-server.ts';
import {
  call,
  describeSeen,
  flood,
  type FloodResult,
  type Host,
  sleep,
  startHost,
  underAttack,
  user,
} from './kit.ts';

/** A low allowance for the test: 2 MB per 10 s, about 13 of these histories. */
const ALLOWANCE = 2 * 1024 * 1024;
const history = () =>
  `/market/v1/history?symbol=BTCUSDT&period=1min&limit=1000&from=0&to=${Date.now()}`;

let h: Host;
let good: string;
beforeAll(async () => {
  h = await startHost({ addressReplyBytes: ALLOWANCE });
  good = (await user(h, 'good@example.com')).token;
});
afterAll(async () => {
  await h.close();
});

describe('reply bytes per address', () => {
  it('1,000-bar histories from one address stop at its allowance; another address is served', async () => {
    const one = await call(h.port, history(), { from: '127.0.0.3' });
    const size = one.body.length;
    expect(size).toBeGreaterThan(100_000);
    let attack: Promise<FloodResult> | undefined;
    const seen = await underAttack('1,000-bar histories', h.port, good, async () => {
      attack = flood({
        port: h.port,
        path: history(),
        method: 'GET',
        from: ['127.0.0.2'],
        concurrency: 16,
        durationMs: 3_000,
        // What refusing costs is floods.test.ts's; here, what the served histories cost.
        pauseAfter429Ms: 20,
      });
      await sleep(300);
    });
    const f = await (attack as Promise<FloodResult>);
    const served = f.statuses[200] ?? 0;
    console.log(`${describeSeen(seen)}; histories served ${served} of ${f.sent}`);
    // The allowance, what the window gave back meanwhile, and the calls already admitted.
    const seconds = Math.ceil(f.ms / 1000) + 1;
    expect(served).toBeLessThanOrEqual(Math.ceil((ALLOWANCE * (1 + seconds / 10)) / size) + 16);
    expect(f.statuses[429]).toBe(f.sent - served);
    expect(f.limited?.body).toContain(TOO_MANY_TEXT);
    expect(Number(f.limited?.retryAfter)).toBeGreaterThan(0);
    // Another address still gets its history.
    expect((await call(h.port, history(), { from: '127.0.0.4' })).status).toBe(200);
  });
});

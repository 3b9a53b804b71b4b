/**
 * Floods: calls from one account (from any number of addresses), calls from
 * one address, and commands on one WebSocket are limited (token buckets);
 * past them, calls get 429 with a spec-shaped body and Retry-After, and the
 * socket is closed with 4029. Another client keeps being served, fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '../../../../src/simulator/host/limits.ts';
import { TOO_MANY_TEXT } from '../../../../src/simulator/host/node-server.ts';
import {
  call,
  closeCode,
  flood,
  openWs,
  type FloodSpec,
  PATHS,
  startHost,
  underAttack,
  describeSeen,
  user,
  type Host,
} from './kit.ts';

let h: Host;
let good: string;
let flooder: string;
const figures: string[] = [];

beforeAll(async () => {
  h = await startHost({
    addressCallsPerSecond: 40,
    addressCallsBurst: 40,
    accountCallsPerSecond: 20,
    accountCallsBurst: 20,
    socketCommandsPerSecond: 20,
    socketCommandsBurst: 20,
  });
  good = (await user(h, 'good@example.com')).token;
  flooder = (await user(h, 'flood@example.com')).token;
});
afterAll(async () => {
  await h.close();
  console.log(`host floods, well-behaved client during each:\n  ${figures.join('\n  ')}`);
});

async function measured(name: string, attack: () => Promise<void>): Promise<void> {
  // One call per 80 ms keeps the client itself under this test's low limits.
  figures.push(describeSeen(await underAttack(name, h.port, good, attack, 80)));
}

/**
 * A flood of calls, limited at `perSecond` plus `burst` (this file's limits):
 * at least the allowance served, never more than it for the time taken,
 * every other call refused with 429.
 */
async function limitedFlood(name: string, spec: FloodSpec, perSecond: number, burst: number) {
  const f = await flood({ ...spec, untilLimited: true });
  const served = f.statuses[200] ?? 0;
  const seconds = Math.ceil(f.ms / 1000) + 1;
  expect(served).toBeGreaterThanOrEqual(perSecond);
  expect(served).toBeLessThanOrEqual(perSecond * seconds + burst);
  expect(f.statuses[429]).toBe(f.sent - served);
  figures.push(`${name}: ${f.sent} calls in ${f.ms} ms, ${served} served`);
  return f;
}

describe('HTTP floods', () => {
  it('limits one account, whatever address it calls from: 429, spec body, Retry-After', async () => {
    await measured('account flood', async () => {
      // From 10 addresses, so no address limit is what stops it.
      const f = await limitedFlood(
        'account flood',
        {
          port: h.port,
          path: PATHS.balance,
          token: flooder,
          from: Array.from({ length: 10 }, (_, i) => `127.0.1.${i + 1}`),
          concurrency: 16,
          durationMs: 1_500,
          minCalls: 150,
        },
        20,
        20,
      );
      expect(JSON.parse(f.limited?.body ?? '{}')).toEqual({
        code: -1,
        msg: TOO_MANY_TEXT,
        data: null,
      });
      expect(Number(f.limited?.retryAfter)).toBeGreaterThanOrEqual(1);
    });
  });

  it('limits one address, signed in or not; another address is not affected', async () => {
    await measured('address flood', async () => {
      // A cheap call: what is measured is the limit's cost, not the served calls' work.
      const spec = { port: h.port, path: PATHS.banners, from: ['127.0.2.1'] };
      await limitedFlood(
        'address flood',
        { ...spec, concurrency: 16, durationMs: 1_500, minCalls: 250 },
        40,
        40,
      );
      expect(
        (await call(h.port, PATHS.productList, { from: '127.0.2.2', body: '{}' })).status,
      ).toBe(200);
    });
  });

  it("does not let a forged token spend someone else's allowance", async () => {
    // A token with the good user's uid but a wrong signature counts for the address only.
    const [head, body] = good.split('.');
    const f = await flood({
      port: h.port,
      path: PATHS.balance,
      token: `${head}.${body}.AAAA`,
      from: Array.from({ length: 20 }, (_, i) => `127.0.3.${i + 1}`),
      concurrency: 8,
      durationMs: 500,
    });
    expect(f.statuses[401]).toBe(f.sent);
    const mine = await call(h.port, PATHS.balance, { token: good, from: '127.0.3.99', body: '{}' });
    expect(mine.status).toBe(200);
  });
});

describe('WebSocket command floods', () => {
  it('closes a socket past its command rate (4029); another socket is untouched', async () => {
    await measured('command flood', async () => {
      const flood = await openWs(h.port, 'market', '127.0.4.1');
      const calm = await openWs(h.port, 'market', '127.0.4.2');
      const code = closeCode(flood);
      for (let i = 0; i < 500; i++) flood.send(JSON.stringify({ op: 'ping' }));
      expect(await code).toBe(CLOSE.tooManyCommands);
      let got = 0;
      calm.on('message', () => got++);
      calm.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
      await new Promise((r) => setTimeout(r, 600));
      expect(got).toBeGreaterThan(0);
      expect(calm.readyState).toBe(calm.OPEN);
      calm.terminate();
    });
  });
});

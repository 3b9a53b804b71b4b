/**
 * Payload shapes (json-shape.ts): a body's cost is in its members, not its
 * bytes. Found by attacking the host: a 650 KB body of 60,000 members (under
 * the 1 MB cap) cost the server about a second, so one address at its call
 * rate held every other client up. Now a JSON body, query or WebSocket
 * command nested deeper, or wider, than any call's is refused unparsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonWithin } from '../../../../src/simulator/host/json-shape.ts';
import { HOST_LIMITS } from '../../../../src/simulator/host/limits.ts';
import {
  call,
  describeSeen,
  flood,
  type FloodResult,
  type Host,
  openWs,
  PATHS,
  sleep,
  startHost,
  underAttack,
  until,
  user,
} from './kit.ts';

const within = (text: string) => jsonWithin(Buffer.from(text), HOST_LIMITS);
const members = (n: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1])));
const items = (n: number) => JSON.stringify({ ids: Array.from({ length: n }, (_, i) => `${i}`) });
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonWithin', () => {
  it('takes the widest and deepest shapes the calls have, and refuses one more', () => {
    expect(within(members(HOST_LIMITS.jsonMembers))).toBe(true);
    expect(within(members(HOST_LIMITS.jsonMembers + 1))).toBe(false);
    expect(within(items(HOST_LIMITS.jsonItems))).toBe(true);
    expect(within(items(HOST_LIMITS.jsonItems + 1))).toBe(false);
    expect(within(nested(HOST_LIMITS.jsonDepth))).toBe(true);
    expect(within(nested(HOST_LIMITS.jsonDepth + 1))).toBe(false);
  });

  it('does not count brackets, commas or escaped quotes inside strings', () => {
    const text = `"a\\",${','.repeat(200)}${'['.repeat(50)}"`;
    expect(within(JSON.stringify({ note: text, list: [text, text] }))).toBe(true);
  });
});

let h: Host;
let good: string;
let attacker: string;
const figures: string[] = [];

beforeAll(async () => {
  h = await startHost();
  good = (await user(h, 'good@example.com')).token;
  attacker = (await user(h, 'wide@example.com')).token;
});
afterAll(async () => {
  await h.close();
  console.log(`payload shapes, well-behaved client during each:\n  ${figures.join('\n  ')}`);
});

const parsed = (body: string) => JSON.parse(body) as { code: number; msg: string };

describe('over HTTP', () => {
  it('refuses a body wider or deeper than any call (400, 1001) and takes one at the limits', async () => {
    const post = (body: string) => call(h.port, PATHS.balance, { token: good, body });
    for (const body of [members(60_000), items(5_000), nested(100_000)]) {
      const r = await post(body);
      expect(r.status).toBe(400);
      expect(parsed(r.body)).toMatchObject({ code: 1001, msg: 'Incorrect parameter' });
    }
    const ok = await post(members(HOST_LIMITS.jsonMembers));
    expect([ok.status, parsed(ok.body).code]).toEqual([200, 0]);
  });

  it('refuses a query of more parameters than an object may have members', async () => {
    const q = Array.from({ length: HOST_LIMITS.jsonMembers + 1 }, (_, i) => `p${i}=1`).join('&');
    const r = await call(h.port, `/market/v1/history?symbol=EURUSD&${q}`);
    expect(r.status).toBe(400);
    expect(parsed(r.body).code).toBe(1001);
  });

  it("one address posting 60,000-member bodies at its rate does not hold up another's calls", async () => {
    const wide = members(60_000);
    let attack: Promise<FloodResult> | undefined;
    const seen = await underAttack('60,000-member bodies', h.port, good, async () => {
      attack = flood({
        port: h.port,
        path: PATHS.balance,
        token: attacker,
        from: ['127.0.0.2'],
        concurrency: 8,
        bodies: [wide],
        durationMs: 3_000,
      });
      await sleep(300);
    });
    const f = await (attack as Promise<FloodResult>);
    // Refused unparsed, or past the address's rate.
    expect(f.statuses[400], JSON.stringify(f.statuses)).toBeGreaterThan(0);
    expect((f.statuses[400] ?? 0) + (f.statuses[429] ?? 0), JSON.stringify(f.statuses)).toBe(
      f.sent,
    );
    figures.push(describeSeen(seen));
  });
});

describe('over a WebSocket', () => {
  it('ignores a command wider than any, and the socket goes on', async () => {
    const ws = await openWs(h.port, 'market');
    let got = 0;
    ws.on('message', () => got++);
    // Taken, this would stream prices at once (a snapshot, then a tick every 200 ms).
    ws.send(JSON.stringify({ op: 'sub', topic: 'prices', ...JSON.parse(members(1_000)) }));
    await sleep(1_000);
    expect(got).toBe(0);
    ws.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
    await until(() => got > 0, 5_000, 'prices after a plain subscribe');
    expect(ws.readyState).toBe(ws.OPEN);
    ws.terminate();
  });
});

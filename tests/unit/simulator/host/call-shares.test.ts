/**
 * Each address's share of the host's one thread (limits.ts
 * `addressCallsAtOnce`, `addressCallsWaiting`, and call-costs.ts's weights
 * on `addressCallsPerSecond`). Found by attacking the host at an address's
 * full allowed rate: 64 product lists at once from one address (3.6 ms of
 * the thread each, a plain call 0.8 ms) held another address's call up for
 * 0.2–1 s; every call in hand is work queued ahead of everyone else's. Now an
 * address has a few calls in hand at once (the rest wait, or get 429), and a
 * costly call takes more of its rate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CALL_COSTS } from '../../../../src/simulator/host/call-costs.ts';
import { TOO_MANY_TEXT } from '../../../../src/simulator/host/node-server.ts';
import { LineFull, PEER_HEADER, Turns } from '../../../../src/simulator/host/peers.ts';
import type { Simulator } from '../../../../src/simulator/server.ts';
import {
  describeSeen,
  flood,
  type FloodResult,
  type Host,
  PATHS,
  sleep,
  startHost,
  underAttack,
  user,
} from './kit.ts';

const ATTACKER = '127.0.0.2';

let h: Host | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The most calls of `peer` the simulator held at once, counted around its handler. */
function inHand(peer: string) {
  let now = 0;
  let most = 0;
  return {
    most: () => most,
    wrap: (s: Simulator): Simulator => ({
      ...s,
      handle: async (req) => {
        const mine = req.headers[PEER_HEADER] === peer;
        if (mine) most = Math.max(most, ++now);
        try {
          // A call that waits on something (a save, a hash) still holds its turn.
          await sleep(5);
          return await s.handle(req);
        } finally {
          if (mine) now--;
        }
      },
    }),
  };
}

const unlimitedRate = {
  addressCallsPerSecond: 100_000,
  addressCallsBurst: 100_000,
  accountCallsPerSecond: 100_000,
  accountCallsBurst: 100_000,
  addressReplyBytes: 1024 ** 4,
};

describe("an address's share of the host", () => {
  it('holds a few calls of one address at once; the rest wait, past the line 429; another address is served', async () => {
    const counter = inHand(ATTACKER);
    h = await startHost(
      { ...unlimitedRate, addressCallsAtOnce: 4, addressCallsWaiting: 8 },
      { wrap: counter.wrap },
    );
    const good = (await user(h, 'good@example.com')).token;
    const port = h.port;
    let attack: Promise<FloodResult> | undefined;
    const seen = await underAttack('32 product lists at once', port, good, async () => {
      attack = flood({
        port,
        path: PATHS.productList,
        from: [ATTACKER],
        concurrency: 32,
        durationMs: 1_500,
        minCalls: 200,
        // What refusing costs is floods.test.ts's; here, what the calls in hand cost.
        pauseAfter429Ms: 20,
      });
      await sleep(200);
    });
    const f = await (attack as Promise<FloodResult>);
    console.log(
      `${describeSeen(seen)}; the attacker's calls in hand at once: at most ${counter.most()}; ` +
        `its replies ${JSON.stringify(f.statuses)} in ${f.ms} ms`,
    );
    expect(counter.most()).toBeGreaterThanOrEqual(2);
    expect(counter.most()).toBeLessThanOrEqual(4);
    // 4 in hand and 8 waiting: of 32 lanes, the others are told to come back in a second.
    expect(f.statuses[200]).toBeGreaterThan(20);
    expect(f.statuses[429]).toBeGreaterThan(0);
    expect(JSON.parse(f.limited?.body ?? '{}')).toEqual({
      code: -1,
      msg: TOO_MANY_TEXT,
      data: null,
    });
    expect(f.limited?.retryAfter).toBe('1');
  });

  it('a costly call takes more of the rate: product lists run out sooner than balances', async () => {
    const rate = 20;
    h = await startHost({
      addressCallsPerSecond: rate,
      addressCallsBurst: rate,
      accountCallsPerSecond: 1_000,
      accountCallsBurst: 1_000,
    });
    const token = (await user(h, 'a@example.com')).token;
    const served = async (path: string, from: string) => {
      const f = await flood({
        port: h!.port,
        path,
        token,
        from: [from],
        concurrency: 4,
        durationMs: 1_500,
        untilLimited: true,
      });
      return { n: f.statuses[200] ?? 0, s: Math.ceil(f.ms / 1000) + 1 };
    };
    const plain = await served(PATHS.balance, '127.0.0.3');
    const costly = await served(PATHS.productList, '127.0.0.4');
    const w = CALL_COSTS.productList ?? 1;
    console.log(`served: ${plain.n} balances, ${costly.n} product lists (weight ${w})`);
    expect(w).toBeGreaterThan(1);
    // A plain call gets the whole rate; the costly one its points' worth.
    expect(plain.n).toBeGreaterThanOrEqual(rate * 2);
    expect(costly.n).toBeLessThanOrEqual(Math.ceil((rate * costly.s + rate) / w) + 4);
  });
});

describe('Turns', () => {
  it('runs at most `atOnce` of a key at once, the rest in order, refuses past the line; other keys do not wait', async () => {
    const turns = new Turns(2, 3);
    const running = new Set<string>();
    let most = 0;
    const order: string[] = [];
    const gates: Array<() => void> = [];
    const task = (key: string, n: number) => () =>
      new Promise<number>((resolve) => {
        running.add(`${key}${n}`);
        most = Math.max(most, [...running].filter((r) => r.startsWith('a')).length);
        order.push(`${key}${n}`);
        gates.push(() => {
          running.delete(`${key}${n}`);
          resolve(n);
        });
      });
    const a = [1, 2, 3, 4, 5].map((n) => turns.run('a', task('a', n)));
    await expect(turns.run('a', task('a', 6))).rejects.toBeInstanceOf(LineFull);
    // Another key starts at once, beside a's two.
    const b = turns.run('b', task('b', 1));
    await sleep(0);
    expect(order).toEqual(['a1', 'a2', 'b1']);
    while (gates.length > 0) {
      gates.shift()?.();
      await sleep(0);
    }
    expect(await Promise.all([...a, b])).toEqual([1, 2, 3, 4, 5, 1]);
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
    expect(most).toBe(2);
    // Every turn was given back: the key starts at once again.
    const again = turns.run('a', async () => 'free');
    expect(await again).toBe('free');
  });
});

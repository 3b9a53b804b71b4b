/**
 * The market channel's `prices` deltas (api/types/realtime.ts): a client that
 * merges them holds exactly the prices a plain client holds, at every tick,
 * while the server sends only what changed; a subscribe again, a send that
 * failed and a message lost on the way bring every product again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorld, type TestWorld } from '../../support/sim.ts';
import type { PricesDeltaMessage, PricesMessage } from '../../../src/api/types/realtime.ts';
import type { PriceEntry } from '../../../src/api/types/trading.ts';
import { pricePatches, priceSequence } from '../../../src/api/realtime/price-patch.ts';
import { ChannelHub } from '../../../src/simulator/channels.ts';
import { priceEntry } from '../../support/price-entry.ts';
import type { ChannelCommand } from '../../../src/api/wire.ts';

let w: TestWorld | undefined;
afterEach(() => {
  w?.sim.stop();
  w = undefined;
  vi.restoreAllMocks();
});

type Msg = PricesMessage | PricesDeltaMessage;

/**
 * A raw market connection, as a socket has it (every message serialised),
 * holding its board as the app does: whole entries replace, patches merge.
 * `lose(n)` makes the next n messages vanish on the way, unknown to the server.
 */
async function client(world: TestWorld, delta: boolean) {
  const wire: Msg[] = [];
  const board: Record<string, PriceEntry> = {};
  const seq = priceSequence();
  const verdicts: string[] = [];
  let lost = 0;
  const sub = delta
    ? ({ op: 'sub', topic: 'prices', delta: true } as const)
    : ({ op: 'sub', topic: 'prices' } as const);
  const conn = await world.sim.connect('market', {
    message: (m) => {
      if (!('topic' in m) || m.topic !== 'prices') return;
      if (lost > 0) return void (lost -= 1);
      const msg = JSON.parse(JSON.stringify(m)) as Msg;
      wire.push(msg);
      const v = seq.accept(msg);
      verdicts.push(v);
      if (v === 'resync') void conn.send(sub);
      if (v !== 'apply') return;
      if ('data' in msg) Object.assign(board, msg.data);
      else for (const p of pricePatches(msg)) Object.assign(board[p.name]!, p);
    },
    closed: () => {},
  });
  await conn.send(sub);
  return { wire, board, verdicts, conn, lose: (n: number) => void (lost = n) };
}

const bytes = (ms: Msg[]) => ms.reduce((s, m) => s + JSON.stringify(m).length, 0);
const products = (world: TestWorld) => world.sim.ctx.products.all().length;

const kind = (m: Msg) => ('data' in m ? 'full' : 'patch');

/**
 * A hub on made-up quotes (each tick moves every product; `symbols`, their
 * make-up; `dayRange`, whether they have a day high and low) and one delta
 * subscriber whose socket can be `broken`.
 */
async function fakeHub() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const h = new ChannelHub({
    verify: async () => undefined,
    snapshot: () => [],
    knows: () => true,
  });
  const f = { h, got: [] as Msg[], broken: false, symbols: ['A'], dayRange: true, tick: () => {} };
  const c = h.connect('market', {
    message: (m) => {
      if (f.broken) throw new Error('socket gone');
      f.got.push(m as Msg);
    },
    closed: () => {},
  });
  await c.send({ op: 'sub', topic: 'prices', delta: true });
  const quote = (name: string, n: number, at: number): PriceEntry =>
    priceEntry(name, n, { lastUpdate: at, ...(f.dayRange ? { high: 100, low: 1 } : {}) });
  let t = 1_000;
  f.tick = () => {
    t += 200;
    const quotes = (now: number) =>
      Object.fromEntries(f.symbols.map((s) => [s, quote(s, now / 100, now)]));
    h.tick(t, { quotes, bar: () => undefined });
  };
  return f;
}

describe('market channel: prices deltas', () => {
  it('a merging client holds the same prices as a plain client at every tick, for far fewer bytes', async () => {
    w = await createWorld();
    const plain = await client(w, false);
    const delta = await client(w, true);
    w.clock.advance(200);
    // Every product first, numbered from 0.
    expect(delta.wire[0]).toMatchObject({ topic: 'prices', seq: 0 });
    expect(Object.keys((delta.wire[0] as PricesMessage).data)).toHaveLength(products(w));
    plain.wire.length = 0;
    delta.wire.length = 0;
    for (let i = 0; i < 300; i++) {
      w.clock.advance(200);
      expect(delta.board).toEqual(plain.board);
    }
    expect(delta.wire.length).toBe(plain.wire.length);
    expect(delta.wire.every((m) => 'patch' in m)).toBe(true);
    expect(delta.wire.map((m) => m.seq)).toEqual(delta.wire.map((_, i) => i + 1));
    // A plain client gets the old format: products in full, no numbers.
    expect(plain.wire.every((m) => 'data' in m && m.seq === undefined)).toBe(true);
    // Patches carry what moves, never a product's fixed fields.
    const fields = new Set(
      delta.wire.flatMap((m) => ('patch' in m ? m.patch.flatMap((p) => Object.keys(p)) : [])),
    );
    for (const fixed of ['productName', 'sort', 'type', 'lastUpdate'])
      expect(fields).not.toContain(fixed);
    expect(fields).toContain('bidPrice');
    expect(bytes(delta.wire)).toBeLessThan(bytes(plain.wire) * 0.5);
  });

  it('a subscribe again brings every product, numbered from 0', async () => {
    w = await createWorld();
    const delta = await client(w, true);
    w.clock.advance(1_000);
    delta.wire.length = 0;
    await delta.conn.send({ op: 'sub', topic: 'prices', delta: true });
    w.clock.advance(200);
    expect(delta.wire).toHaveLength(1);
    expect(delta.wire[0]).toMatchObject({ seq: 0 });
    expect(Object.keys((delta.wire[0] as PricesMessage).data)).toHaveLength(products(w));
  });

  it('a delta lost on the way: the next is dropped, the client subscribes again and gets every product', async () => {
    w = await createWorld();
    const plain = await client(w, false);
    const delta = await client(w, true);
    w.clock.advance(1_000);
    delta.lose(1);
    delta.wire.length = 0;
    w.clock.advance(200);
    expect(delta.wire).toEqual([]);
    w.clock.advance(200);
    // The one after the lost one does not follow on: dropped, and the subscription made again.
    expect(delta.verdicts.at(-1)).toBe('resync');
    // Every product is as new as the tick: a plain client that starts now holds the same.
    await plain.conn.send({ op: 'sub', topic: 'prices' });
    w.clock.advance(200);
    expect('data' in delta.wire.at(-1)!).toBe(true);
    expect(Object.keys((delta.wire.at(-1) as PricesMessage).data)).toHaveLength(products(w));
    expect(delta.board).toEqual(plain.board);
    w.clock.advance(1_000);
    expect(delta.wire.at(-1)).toHaveProperty('patch');
    expect(delta.board).toEqual(plain.board);
  });

  it('a message that did not go out (a broken socket) makes the next one full; a frozen channel resumes with deltas', async () => {
    const f = await fakeHub();
    f.tick();
    f.tick();
    expect(f.got.map(kind)).toEqual(['full', 'patch']);
    expect(f.got[1]).toEqual({
      topic: 'prices',
      seq: 1,
      time: 1_400,
      patch: [{ name: 'A', price: 14, bidPrice: 13, askPrice: 15 }],
    });
    f.broken = true;
    f.tick();
    f.broken = false;
    f.tick();
    expect(f.got.at(-1)).toMatchObject({ seq: 3, data: { A: { price: 18 } } });
    f.h.faults.freeze('market', true);
    f.tick();
    f.h.faults.freeze('market', false);
    f.tick();
    // Nothing went out while frozen, so nothing is missing: the next is a delta, numbered on.
    expect(f.got.at(-1)).toMatchObject({ seq: 4, patch: [{ name: 'A', price: 22 }] });
  });

  it('a last price, change or day range that moves between equal quotes is sent, in both formats', async () => {
    const f = await fakeHub();
    const plain: Msg[] = [];
    const c = f.h.connect('market', {
      message: (m) => void plain.push(m as Msg),
      closed: () => {},
    });
    await c.send({ op: 'sub', topic: 'prices' });
    let last = { price: 10, priceChangePercent: 1, high: 12, low: 8, volume: 5 };
    const quotes = (now: number): Record<string, PriceEntry> => ({
      A: {
        name: 'A',
        productName: 'A',
        bidPrice: 9,
        askPrice: 11,
        lastUpdate: now,
        sort: 0,
        type: '1',
        tradeStatus: 1,
        ...last,
      },
    });
    f.h.tick(1_200, { quotes, bar: () => undefined });
    for (const change of [
      { price: 10.5 },
      { priceChangePercent: 1.5 },
      { high: 13 },
      { low: 7 },
      { volume: 6 },
    ]) {
      last = { ...last, ...change };
      f.h.tick(f.got.length * 200 + 1_200, { quotes, bar: () => undefined });
      expect(f.got.at(-1), JSON.stringify(change)).toMatchObject({
        patch: [{ name: 'A', ...change }],
      });
      expect(plain.at(-1), JSON.stringify(change)).toMatchObject({ data: { A: change } });
    }
  });

  it('a product added, the products in another order or a field gone: every product again', async () => {
    const f = await fakeHub();
    f.tick();
    f.symbols = ['A', 'B'];
    f.tick();
    f.tick();
    f.symbols = ['B', 'A'];
    f.tick();
    f.tick();
    f.dayRange = false;
    f.tick();
    expect(f.got.map(kind)).toEqual(['full', 'full', 'patch', 'full', 'patch', 'full']);
    expect(Object.keys((f.got[3] as PricesMessage).data)).toEqual(['B', 'A']);
  });

  it('only `delta: true` opts in: any other value is not a command', async () => {
    w = await createWorld();
    const got: unknown[] = [];
    const c = await w.sim.connect('market', { message: (m) => got.push(m), closed: () => {} });
    for (const delta of [false, 'yes', 1, null])
      // As a socket would send it: not a command the types allow.
      await c.send({ op: 'sub', topic: 'prices', delta } as unknown as ChannelCommand);
    w.clock.advance(1_000);
    expect(got).toEqual([]);
  });
});

/**
 * Slow readers. A socket that does not read gets no queue on the server:
 * past the high-water mark it is skipped, and when it reads again it gets
 * the latest state of each subscription (prices: every product as it is
 * now; order lists: the latest list). One that stays behind is closed with
 * 4008 and its memory freed; the client's realtime machine reconnects.
 *
 * The market here runs on a virtual clock driven fast, so a few seconds
 * push megabytes: enough to fill the kernel's socket buffers (about 4 MB
 * on loopback) and reach the host's own. The sockets here do not offer
 * permessage-deflate (plain frames are the most bytes a reader can fall behind by), but one:
 * a deflating reader is held to the same mark.
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import WsClient from 'ws';
import { createChannel } from '../../../../src/api/realtime/channel.ts';
import { webSocketConnector } from '../../../../src/api/realtime/connectors.ts';
import type { OrdersMessage, ServerMessage } from '../../../../src/api/types/realtime.ts';
import type { PriceEntry } from '../../../../src/api/types/trading.ts';
import {
  realtimeMachine,
  type ConnectionInput,
  type RealtimeEvent,
} from '../../../../src/machines/realtime/machine.ts';
import { createVirtualClock } from '../../../../src/simulator/clock.ts';
import { CLOSE } from '../../../../src/simulator/host/limits.ts';
import { T0 } from '../../../support/sim.ts';
import { trader } from '../trading/support.ts';
import { closeCode, openWs, sleep, startHost, until, type Host } from './kit.ts';
import { slow as scaled } from '../../../support/time-scale.ts';

const HIGH_WATER = 32 * 1024;
const PLAIN = { perMessageDeflate: false } as const;
const clock = createVirtualClock(T0);
/** A slow reader is dropped after 1 s behind here; `patient` keeps it a minute. */
let h: Host;
let patient: Host;

beforeAll(async () => {
  const limits = { wsHighWaterBytes: HIGH_WATER, wsDropBytes: 4 * 1024 * 1024 };
  h = await startHost({ ...limits, slowReaderMs: 1_000 }, { clock });
  patient = await startHost({ ...limits, slowReaderMs: 60_000 }, { clock, seed: 6 });
});
afterAll(async () => {
  await h.close();
  await patient.close();
});

const socketOf = (ws: WsClient) => (ws as unknown as { _socket: Socket })._socket;

/** Prices as a reader holds them, merged from every `prices` message (the plain format). */
function pricesView(ws: WsClient): { view: Map<string, PriceEntry>; count: () => number } {
  const view = new Map<string, PriceEntry>();
  let n = 0;
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as ServerMessage;
    if (!('topic' in m) || m.topic !== 'prices' || !('data' in m)) return;
    n++;
    for (const q of Object.values(m.data)) view.set(q.name, q);
  });
  return { view, count: () => n };
}

/** Drive the market: `ticks` ticks of 200 ms, letting the sockets write in between. */
async function drive(ticks: number, each?: () => void): Promise<void> {
  for (let i = 0; i < ticks; i++) {
    // Both simulators share the clock: each tick is theirs.
    clock.advance(200);
    if (i % 20 === 19) {
      await new Promise((r) => setImmediate(r));
      each?.();
    }
  }
  await sleep(20);
}

describe('a paused reader', () => {
  it('is skipped past the high-water mark, then gets the latest prices; others get all', async () => {
    const slow = await openWs(patient.port, 'market', '127.0.0.21', PLAIN);
    const fast = await openWs(patient.port, 'market', '127.0.0.22', PLAIN);
    const s = pricesView(slow);
    const f = pricesView(fast);
    for (const ws of [slow, fast]) ws.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
    await sleep(50);
    socketOf(slow).pause();
    let peak = 0;
    const t0 = Date.now();
    // Until the kernel's buffers are full and the host's own fill (a few MB on loopback).
    while (peak < HIGH_WATER && Date.now() - t0 < scaled(30_000))
      await drive(100, () => (peak = Math.max(peak, patient.srv.stats().bufferedBytes)));
    await drive(300, () => (peak = Math.max(peak, patient.srv.stats().bufferedBytes)));
    // What waits in the host for the slow one stays near the mark: one message past it at most.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(HIGH_WATER + 64 * 1024);
    const fastCount = f.count();
    socketOf(slow).resume();
    await until(() => patient.srv.stats().bufferedBytes === 0, 5_000, 'the slow one to drain');
    await drive(1);
    await until(() => f.count() > fastCount, 5_000, 'the next tick');
    // The same prices (a product that did not move keeps an older stamp on the one that read
    // all). A tick may reach a reader in more than one message, so wait for the whole board.
    const price = (q?: PriceEntry) => q && [q.bidPrice, q.askPrice, q.price, q.tradeStatus];
    const differ = () =>
      [...f.view].filter(
        ([name, q]) => JSON.stringify(price(s.view.get(name))) !== JSON.stringify(price(q)),
      );
    await until(() => differ().length === 0, 5_000, 'the latest prices').catch((e) => {
      console.log(
        'DIFF',
        differ().map(([n, q]) => [
          n,
          price(q),
          q.lastUpdate,
          price(s.view.get(n)),
          s.view.get(n)?.lastUpdate,
        ]),
      );
      throw e;
    });
    // It got far fewer messages, and holds exactly what the one that read everything holds.
    expect(s.count()).toBeLessThan(f.count() / 2);
    expect(s.view.size).toBe(f.view.size);
    expect(differ().map(([name]) => name)).toEqual([]);
    slow.terminate();
    fast.terminate();
  });

  it('is closed with 4008 when it stays behind, and what it held is freed', async () => {
    const slow = await openWs(h.port, 'market', '127.0.0.23', PLAIN);
    slow.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
    await sleep(50);
    socketOf(slow).pause();
    const code = closeCode(slow);
    const t0 = Date.now();
    let closing = false;
    while (!closing && Date.now() - t0 < scaled(8_000)) {
      await drive(40);
      closing = h.srv.stats().closing > 0;
    }
    expect(closing, 'the host closed it').toBe(true);
    // A reader that reads again in time sees why.
    socketOf(slow).resume();
    expect(await code).toBe(CLOSE.tooSlow);
    await until(
      () => h.srv.stats().sockets === 0,
      3_000,
      `the socket to go ${JSON.stringify(h.srv.stats())}`,
    );
    expect(h.srv.stats().bufferedBytes).toBe(0);
  });

  it('that never reads again is cut a moment after the 4008', async () => {
    const slow = await openWs(h.port, 'market', '127.0.0.24', PLAIN);
    slow.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
    await sleep(50);
    socketOf(slow).pause();
    const t0 = Date.now();
    while (h.srv.stats().sockets > 0 && Date.now() - t0 < scaled(10_000)) await drive(40);
    expect(h.srv.stats().sockets).toBe(0);
    expect(h.srv.stats().bufferedBytes).toBe(0);
    slow.terminate();
  });
  it(
    'that takes deflated frames is held to the same mark and cut the same way',
    async () => {
      // A browser offers permessage-deflate: what waits for it is counted before compression
      // (ws counts the frames queued for zlib), so a paused deflating reader cannot make the host
      // hold more than a plain one, nor keep its zlib stream alive past the cut.
      const slow = await openWs(h.port, 'market', '127.0.0.25');
      expect(slow.extensions).toContain('permessage-deflate');
      slow.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
      await sleep(50);
      socketOf(slow).pause();
      let peak = 0;
      const t0 = Date.now();
      // Deflated, the kernel's buffers take three times the prices to fill: a longer wait.
      while (h.srv.stats().sockets > 0 && Date.now() - t0 < scaled(40_000))
        await drive(40, () => (peak = Math.max(peak, h.srv.stats().bufferedBytes)));
      expect(h.srv.stats().sockets, 'the host cut it').toBe(0);
      expect(peak).toBeLessThan(4 * 1024 * 1024 + 64 * 1024);
      expect(h.srv.stats().bufferedBytes).toBe(0);
      slow.terminate();
    },
    scaled(60_000),
  );
});

describe('the client', () => {
  it("reconnects when the host closes a slow reader's socket", async () => {
    const sockets: WsClient[] = [];
    // Plain frames, like the host's other slow readers here: deflated, a paused reader falls
    // behind by a third of the bytes, and a loaded machine took past the wait to reach the cut.
    class Tracked extends WsClient {
      constructor(url: string) {
        super(url, PLAIN);
        sockets.push(this);
      }
    }
    const channel = createChannel(
      'market',
      webSocketConnector(
        `ws://127.0.0.1:${h.port}/ws/market`,
        Tracked as unknown as typeof WebSocket,
      ),
    );
    channel.subscribe({ op: 'sub', topic: 'prices' }, () => {});
    const closes: string[] = [];
    const connection = fromCallback<RealtimeEvent, ConnectionInput>(({ sendBack }) =>
      channel.connect({
        open: () => sendBack({ type: 'channel.open', channel: 'market' }),
        message: () => sendBack({ type: 'channel.message', channel: 'market' }),
        closed: (reason) => {
          closes.push(reason);
          sendBack({ type: 'channel.closed', channel: 'market', reason });
        },
      }),
    );
    const actor = createActor(realtimeMachine.provide({ actors: { connection } })).start();
    actor.send({ type: 'channel.activate', channel: 'market' });
    const isOpen = () => JSON.stringify(actor.getSnapshot().value).includes('open');
    await until(isOpen, 5_000, 'the channel to open');
    const first = sockets[0] as WsClient;
    socketOf(first).pause();
    const t0 = Date.now();
    while (h.srv.stats().closing === 0 && Date.now() - t0 < scaled(8_000)) await drive(40);
    socketOf(first).resume();
    await until(() => closes.length > 0, 5_000, 'the close');
    expect(closes[0]).toBe(`close ${CLOSE.tooSlow}`);
    // A new socket, opened by the machine, and live again.
    await until(() => sockets.length === 2 && isOpen(), 5_000, 'the reconnect');
    expect(sockets[1]?.readyState).toBe(WsClient.OPEN);
    actor.stop();
    for (const ws of sockets) ws.terminate();
  });
});

describe('order lists to a busy reader', () => {
  it('never take a sink on another thread for busy (every property of a Comlink proxy is a function)', async () => {
    const t = await trader();
    try {
      const got: OrdersMessage[] = [];
      const target = {
        message: (m: ServerMessage) => 'ordertype' in m && 'data' in m && got.push(m),
        closed: () => {},
      };
      // As Comlink's proxy: any property reads as a function that answers a promise.
      const remote = new Proxy(target, {
        get: (o, k) => (k in o ? o[k as keyof typeof o] : () => Promise.resolve(true)),
      });
      const conn = await t.w.sim.connect('exchange', remote);
      await conn.send({ op: 'auth', token: t.token });
      await until(() => got.length === 2, 5_000, 'the snapshot');
      await t.order({ tradePair: 'BTCUSDT' });
      expect(got.filter((m) => m.ordertype === 'holding')).toHaveLength(2);
      conn.close();
    } finally {
      t.w.sim.stop();
    }
  });

  it('are held while it is busy, then only the latest list goes', async () => {
    const t = await trader();
    try {
      let busy = false;
      const got: OrdersMessage[] = [];
      const conn = await t.w.sim.connect(
        'exchange',
        {
          message: (m) => {
            if ('ordertype' in m && 'data' in m) got.push(JSON.parse(JSON.stringify(m)));
          },
          closed: () => {},
        },
        { busy: () => busy },
      );
      await conn.send({ op: 'auth', token: t.token });
      await until(() => got.length === 2, 5_000, 'the snapshot');
      busy = true;
      got.length = 0;
      const ids: string[] = [];
      for (const sym of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'])
        ids.push((await t.order({ tradePair: sym })).data as string);
      t.w.clock.advance(600);
      expect(got).toEqual([]);
      busy = false;
      t.w.clock.advance(200);
      const holding = got.filter((m) => m.ordertype === 'holding');
      expect(holding).toHaveLength(1);
      expect((holding[0] as { data: Array<{ id: string }> }).data.map((o) => o.id).sort()).toEqual(
        ids.sort(),
      );
      conn.close();
    } finally {
      t.w.sim.stop();
    }
  });
});

/**
 * The stall fault (back office `stallChannel`): a channel's next connections
 * do not open, in this thread (as the page's worker runs it) and over the
 * Node host's WebSocket (`npm run sim:server`), until the channel is dropped
 * (they fail, as a network would) or the stall is lifted. Every armed fault
 * (stall, freeze, forced reply, delay) survives a restart on the same store:
 * a page load may restart the page's worker between arming and the call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WsClient from 'ws';
import { createVirtualClock } from '../../../src/simulator/clock.ts';
import { startSimServer, type SimServer } from '../../../src/simulator/host/node-server.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/server.ts';
import { createWorld, T0 } from '../../support/sim.ts';

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('stall fault, in this thread', () => {
  it('holds the next connection unopened; a drop fails it; the one after opens', async () => {
    const w = await createWorld();
    const ch = w.channel('market');
    w.sim.backOffice.stallChannel('market', 1);
    expect(w.sim.backOffice.stalledChannel('market')).toBe(1);
    const seen: string[] = [];
    ch.connect({
      open: () => seen.push('open'),
      message: () => {},
      closed: (r) => seen.push(`closed ${r}`),
    });
    await tick();
    w.clock.advance(15_000);
    expect(seen).toEqual([]);
    w.sim.backOffice.dropChannel('market');
    await tick();
    expect(seen).toEqual(['closed Error: dropped by back office']);
    ch.connect({ open: () => seen.push('open'), message: () => {}, closed: () => {} });
    await tick();
    expect(seen.at(-1)).toBe('open');
    w.sim.stop();
  });

  it('counts up per call; 0 lifts it and fails what it holds', async () => {
    const w = await createWorld();
    w.sim.backOffice.stallChannel('exchange', 1);
    w.sim.backOffice.stallChannel('exchange', 1);
    expect(w.sim.backOffice.stalledChannel('exchange')).toBe(2);
    const seen: string[] = [];
    w.channel('exchange').connect({
      open: () => seen.push('open'),
      message: () => {},
      closed: () => seen.push('closed'),
    });
    await tick();
    expect(w.sim.backOffice.stalledChannel('exchange')).toBe(1);
    w.sim.backOffice.stallChannel('exchange', 0);
    await tick();
    expect(seen).toEqual(['closed']);
    expect(w.sim.backOffice.stalledChannel('exchange')).toBe(0);
    w.sim.stop();
  });
});

describe('stall fault, over the Node host', () => {
  let sim: Simulator;
  let srv: SimServer;
  beforeAll(async () => {
    sim = await createSimulator({ seed: 5, clock: createVirtualClock(T0) });
    srv = await startSimServer(sim);
  });
  afterAll(async () => {
    sim.stop();
    await srv.close();
  });

  it('keeps the socket connecting until the channel is dropped, then fails it', async () => {
    sim.backOffice.stallChannel('market', 1);
    const ws = new WsClient(`${srv.url.replace('http', 'ws')}/ws/market`);
    const events: string[] = [];
    ws.on('open', () => events.push('open'));
    ws.on('error', () => events.push('error'));
    ws.on('close', () => events.push('close'));
    await new Promise((r) => setTimeout(r, 300));
    expect(ws.readyState).toBe(ws.CONNECTING);
    sim.backOffice.dropChannel('market');
    await new Promise((r) => ws.once('close', r));
    expect(events).not.toContain('open');
    // The stall was for one connection: the next opens.
    const next = new WsClient(`${srv.url.replace('http', 'ws')}/ws/market`);
    await new Promise((resolve, reject) => {
      next.once('open', resolve);
      next.once('error', reject);
    });
    next.close();
  });
});

describe('stall fault, across a restart', () => {
  it('is saved: a simulator started on the same store holds the next connection', async () => {
    const { memoryStore } = await import('../../../src/simulator/store.ts');
    const store = memoryStore();
    const clock = createVirtualClock(T0);
    const first = await createSimulator({ seed: 5, clock, store });
    first.backOffice.stallChannel('market', 1);
    await first.flush();
    first.stop();
    const again = await createSimulator({ seed: 5, clock, store });
    expect(again.backOffice.stalledChannel('market')).toBe(1);
    again.stop();
  });
});

describe('every armed fault, across a restart', () => {
  it('keeps a frozen channel silent and answers the next call as forced; lifting is saved too', async () => {
    const { memoryStore } = await import('../../../src/simulator/store.ts');
    const store = memoryStore();
    const first = await createWorld({ store });
    first.sim.backOffice.freezeChannel('market', true);
    first.sim.backOffice.force({ call: 'productList', code: 1000 });
    first.sim.backOffice.delay({ call: 'thumb', ms: 3_000 });
    await first.sim.flush();
    first.sim.stop();

    const again = await createWorld({ store });
    expect(again.sim.backOffice.scenarios()).toEqual({
      forced: [{ call: 'productList', code: 1000, times: 1 }],
      delays: [{ call: 'thumb', ms: 3_000, times: 1 }],
    });
    const got: unknown[] = [];
    const ch = again.channel('market');
    ch.subscribe({ op: 'sub', topic: 'prices' }, (m) => got.push(m));
    ch.connect({ open: () => {}, message: () => {}, closed: () => {} });
    await tick();
    for (let i = 0; i < 5; i++) {
      again.clock.advance(1_000);
      await tick();
    }
    expect(got).toEqual([]);
    expect((await again.api.call('productList')).code).toBe(1000);
    expect((await again.api.call('productList')).code).toBe(0);
    // Used up (the forced reply) and lifted (the rest): saved as such.
    again.sim.backOffice.clearScenarios();
    again.sim.backOffice.freezeChannel('market', false);
    await again.sim.flush();
    again.sim.stop();

    const third = await createWorld({ store });
    expect(third.sim.backOffice.scenarios()).toEqual({ forced: [], delays: [] });
    const heard: unknown[] = [];
    const ch3 = third.channel('market');
    ch3.subscribe({ op: 'sub', topic: 'prices' }, (m) => heard.push(m));
    ch3.connect({ open: () => {}, message: () => {}, closed: () => {} });
    await tick();
    for (let i = 0; i < 5 && heard.length === 0; i++) {
      third.clock.advance(1_000);
      await tick();
    }
    expect(heard.length).toBeGreaterThan(0);
    third.sim.stop();
  });
});

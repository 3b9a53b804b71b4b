/**
 * The one validated edge and the findings of issue 11, in process: every call
 * has a schema, refusals carry the spec's codes and change nothing, history is
 * bounded, and a channel connection cannot hurt the others.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contract, type CallName } from '../../../../src/api/contract.ts';
import type { KlinePoint, PriceEntry } from '../../../../src/api/types/trading.ts';
import type { ServerMessage } from '../../../../src/api/types/realtime.ts';
import type { WireRequest } from '../../../../src/api/wire.ts';
import { ChannelHub, MAX_SUBSCRIPTIONS } from '../../../../src/simulator/channels.ts';
import { CALL_SCHEMAS } from '../../../../src/simulator/edge/index.ts';
import { HISTORY_MAX_BARS } from '../../../../src/simulator/modules/market.ts';
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import { spec, wireOf } from './malformed.ts';
import { slow } from '../../../support/time-scale.ts';
import { priceEntry } from '../../../support/price-entry.ts';

let w: TestWorld | undefined;
afterEach(() => w?.sim.stop());

const signedIn = async (world: TestWorld) =>
  (await world.sim.backOffice.seedUser({ email: 'edge@example.com', password: 'secret123' })).token;

describe('the validated edge', () => {
  it('has a schema for every call of the contract', () => {
    const names = Object.keys(contract) as CallName[];
    const missing = names.filter((n) => typeof CALL_SCHEMAS[n]?.['~run'] !== 'function');
    expect(missing).toEqual([]);
    expect(Object.keys(CALL_SCHEMAS).sort()).toEqual([...names].sort());
  });

  it('refuses a body that is not an object: 1001 on /api, 501 on the exchange, nothing changes', async () => {
    w = await createWorld({ ticking: false });
    const token = await signedIn(w);
    const before = JSON.stringify(w.sim.ctx.state);
    for (const body of [null, [1, 2], 5, true]) {
      expect(spec(await w.sim.handle(wireOf('sendMail', body, token))).code).toBe(1001);
      expect(spec(await w.sim.handle(wireOf('addOrder', body, token))).code).toBe(501);
    }
    expect(JSON.stringify(w.sim.ctx.state)).toBe(before);
  });

  it('refuses a field of the wrong kind with 1001 and markup in an identifier with 23558', async () => {
    w = await createWorld({ ticking: false });
    const token = await signedIn(w);
    const send = async (name: CallName, p: unknown) =>
      spec(await w!.sim.handle(wireOf(name, p, token))).code;
    expect(await send('sendMail', { email: { $ne: '' }, type: '1', locale: 'en' })).toBe(1001);
    expect(await send('userUpdateNotification', { ids: [{}] })).toBe(1001);
    expect(await send('closeOrder', { orderId: ['1'], token })).toBe(501);
    expect(await send('deleteUserWallet', { walletId: '<script>' })).toBe(23558);
    expect(await send('cancelOrder', { orderId: '<script>', token })).toBe(501);
    expect(await send('addOrder', { tradePair: 'BTCUSDT', orderQuantity: '1e999999' })).toBe(501);
    const long = { root: 'market', method: 'GET', path: `/thumb/${'x'.repeat(500)}`, headers: {} };
    expect(spec(await w.sim.handle(long as WireRequest)).code).toBe(1001);
    // What the client sends still gets through.
    expect(await send('productOrderInfo', { productCode: 'BTCUSDT' })).toBe(0);
    expect(await send('userOrder', { page: 1, limit: 10, columns: ['closingTime'] })).toBe(0);
  });
});

describe('bounded work per call', () => {
  it('history from=0 returns at most HISTORY_MAX_BARS bars, quickly', async () => {
    w = await createWorld({ ticking: false });
    const token = await signedIn(w);
    for (const name of ['klineHistory', 'klineHistoryLimit'] as const) {
      const t0 = performance.now();
      const r = spec(
        await w.sim.handle(
          wireOf(name, { symbol: 'BTCUSDT', period: '1min', from: 0, limit: 10_000_000 }, token),
        ),
      );
      expect(performance.now() - t0).toBeLessThan(slow(1500));
      const bars = r.data as KlinePoint[];
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.length).toBeLessThanOrEqual(HISTORY_MAX_BARS);
    }
  });

  it('refuses an unknown period (1001) and symbol (604) before any loop', async () => {
    w = await createWorld({ ticking: false });
    const token = await signedIn(w);
    const ask = async (p: object) =>
      spec(await w!.sim.handle(wireOf('klineHistory', { from: 0, ...p }, token))).code;
    expect(await ask({ symbol: 'BTCUSDT', period: '7min' })).toBe(1001);
    expect(await ask({ symbol: 'NOPE', period: '1min' })).toBe(604);
  });
});

const bar = (time: number): KlinePoint => ({
  time,
  openPrice: 1,
  closePrice: 1,
  highestPrice: 1,
  lowestPrice: 1,
  volume: 0,
  turnover: 0,
});
const quote = (s: string): PriceEntry => priceEntry(s, 1, { bidPrice: 1, askPrice: 1 });

/** A hub with a fake price source that records what it was asked. */
function hub(known = (s: string) => s !== 'NOPE') {
  const asked: string[] = [];
  const h = new ChannelHub({ verify: async () => undefined, snapshot: () => [], knows: known });
  const src = {
    quotes: () => Object.fromEntries(['A', 'B', 'BTCUSDT'].map((s) => [s, quote(s)])),
    bar: (symbol: string, period: string, now: number) => {
      asked.push(`${symbol}:${period}`);
      if (symbol === 'BOOM') throw new Error('broken series');
      return bar(now);
    },
  };
  const open = (name: 'market' | 'exchange' = 'market') => {
    const got: ServerMessage[] = [];
    const c = h.connect(name, { message: (m) => got.push(m), closed: () => {} });
    return { ...c, got };
  };
  return { h, src, asked, open };
}

describe('channels isolated', () => {
  it('ignores null, non-objects and malformed commands without throwing', async () => {
    const { open } = hub();
    const c = open('exchange');
    for (const raw of [null, 0, 'sub', [], { op: 'auth' }, { op: 'sub', topic: 'kline' }])
      await expect(c.send(raw)).resolves.toBeUndefined();
  });

  it('refuses a kline subscription with an unknown period (7min) before any loop', async () => {
    const { h, src, asked, open } = hub();
    const c = open();
    await c.send({ op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period: '7min' });
    await c.send({ op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period: '1min' });
    h.tick(60_000, src);
    expect(asked).toEqual(['BTCUSDT:1min']);
  });

  it('ignores a subscription to an unknown symbol', async () => {
    const { h, src, asked, open } = hub();
    const c = open();
    await c.send({ op: 'sub', topic: 'kline', symbol: 'NOPE', period: '1min' });
    h.tick(60_000, src);
    expect(asked).toEqual([]);
  });

  it('drops a subscription that throws for its connection only; the others keep their ticks', async () => {
    const { h, src, asked, open } = hub(() => true);
    const bad = open();
    const good = open();
    await bad.send({ op: 'sub', topic: 'kline', symbol: 'BOOM', period: '1min' });
    await bad.send({ op: 'sub', topic: 'price', symbol: 'A' });
    await good.send({ op: 'sub', topic: 'prices' });
    h.tick(60_000, src);
    h.tick(120_000, src);
    expect(asked.filter((a) => a.startsWith('BOOM'))).toHaveLength(1);
    expect(bad.got.map((m) => 'topic' in m && m.topic)).toEqual(['price']);
    expect(good.got.map((m) => 'topic' in m && m.topic)).toEqual(['prices']);
  });

  it('a tick whose quotes fail is skipped and drops no subscription', async () => {
    const { h, src, open } = hub();
    const c = open();
    await c.send({ op: 'sub', topic: 'prices' });
    h.tick(60_000, {
      ...src,
      quotes: () => {
        throw new Error('market down');
      },
    });
    h.tick(120_000, src);
    expect(c.got.map((m) => 'topic' in m && m.topic)).toEqual(['prices']);
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`, async () => {
    const { h, src, asked, open } = hub(() => true);
    const c = open();
    for (let i = 0; i < 100; i++)
      await c.send({ op: 'sub', topic: 'kline', symbol: `S${i}`, period: '1min' });
    h.tick(60_000, src);
    expect(asked).toHaveLength(MAX_SUBSCRIPTIONS);
  });

  it('a subscription to an unknown symbol does not silence clients that connect afterwards', async () => {
    w = await createWorld();
    const first = await w.sim.connect('market', { message: () => {}, closed: () => {} });
    await first.send({ op: 'sub', topic: 'kline', symbol: 'NOPE', period: '1min' });
    await first.send({ op: 'sub', topic: 'price', symbol: 'NOPE' });
    const got: ServerMessage[] = [];
    const later = await w.sim.connect('market', { message: (m) => got.push(m), closed: () => {} });
    await later.send({ op: 'sub', topic: 'prices' });
    w.clock.advance(3_000);
    expect(got.length).toBeGreaterThan(0);
  });
});

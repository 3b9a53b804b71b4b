/**
 * A market no client can foresee (issue 24, item 1). An attacker reads
 * everything the public API returns over HTTP (minute klines and quotes),
 * rebuilds the price engine for every market it can name (the old default
 * seed, which the demo still uses, and a small seed search, each at every creation day it
 * could be), keeps the one that best explains the history, and bets on the
 * direction of the next minutes. Against a server with a secret market key
 * no candidate explains the history and the bets do no better than chance;
 * against a server started with the old default seed (the control) the same
 * attack rebuilds the market exactly and wins every bet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KlinePoint, PriceEntry } from '../../../../src/api/types/trading.ts';
import { CATALOGUE, HOURS, productBySymbol } from '../../../../src/simulator/catalogue.ts';
import { createVirtualClock } from '../../../../src/simulator/clock.ts';
import { startSimServer, type SimServer } from '../../../../src/simulator/host/node-server.ts';
import { PriceEngine } from '../../../../src/simulator/prices.ts';
import { marketKeyOf } from '../../../../src/simulator/prng.ts';
import { DAY, MINUTE } from '../../../../src/simulator/series.ts';
import { createSimulator, type Simulator } from '../../../../src/simulator/server.ts';
import { memoryStore } from '../../../../src/simulator/store.ts';
import { T0 } from '../../../support/sim.ts';
import { slow } from '../../../support/time-scale.ts';

/** The seed sim:server used by default before; the in-browser demo still names its market by it. */
const OLD_DEFAULT_SEED = 20261122;
const SYMBOLS = CATALOGUE.slice(0, 6).map((d) => d.symbol);
const BETS = 15;
const SEARCH = 200;

let running: Array<{ srv: SimServer; sim: Simulator }> = [];
afterEach(async () => {
  for (const r of running) {
    await r.srv.close();
    await r.sim.close();
  }
  running = [];
});

async function server(seed?: number) {
  const clock = createVirtualClock(T0);
  const sim = await createSimulator({
    ...(seed !== undefined ? { seed } : {}),
    clock,
    store: memoryStore(),
    ticking: false,
  });
  const srv = await startSimServer(sim, 0);
  running.push({ srv, sim });
  return { clock, url: srv.url };
}

async function get<T>(url: string): Promise<T> {
  const body = (await (await fetch(url)).json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

const history = (url: string, symbol: string) =>
  get<KlinePoint[]>(`${url}/market/v1/history/limit?symbol=${symbol}&period=1min&limit=120`);

async function prices(url: string): Promise<Record<string, number>> {
  const res = await fetch(`${url}/api/v1/wa-na/forex/product/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { data: Record<string, PriceEntry> };
  return Object.fromEntries(SYMBOLS.map((s) => [s, body.data[s]?.price as number]));
}

/** Every market the attacker can name, at every creation day the world could have. */
function* candidates(now: number): Generator<PriceEngine> {
  const seeds = [OLD_DEFAULT_SEED, ...Array.from({ length: SEARCH }, (_, i) => i)];
  for (const seed of seeds)
    for (let d = 0; d < 3; d++)
      yield new PriceEngine({
        marketKey: marketKeyOf(seed),
        createdAt: now - d * DAY,
        products: CATALOGUE,
        hoursOf: (s) => HOURS[productBySymbol.get(s)?.hours ?? 'always'],
      });
}

/** How far a candidate's closes are from the observed ones (0: the same market). */
function misfit(e: PriceEngine, symbol: string, seen: KlinePoint[], now: number): number {
  const mine = e.klines(symbol, '1min', { limit: seen.length }, now);
  let err = 0;
  seen.forEach((k, i) => {
    const c = mine[i]?.closePrice ?? 0;
    err += Math.abs(c - k.closePrice) / k.closePrice;
  });
  return err / seen.length;
}

/** The attack: rebuild the market, bet on the next minutes, count the wins. */
async function attack(url: string, clock: { advance(ms: number): void; now(): number }) {
  const now = clock.now();
  const seen = await history(url, SYMBOLS[0] as string);
  let best: { e: PriceEngine; err: number } | undefined;
  for (const e of candidates(now)) {
    const err = misfit(e, SYMBOLS[0] as string, seen, now);
    if (!best || err < best.err) best = { e, err };
  }
  const model = best?.e as PriceEngine;
  let last = await prices(url);
  let wins = 0;
  let bets = 0;
  for (let m = 1; m <= BETS; m++) {
    const at = now + m * MINUTE;
    const guess = Object.fromEntries(SYMBOLS.map((s) => [s, model.priceAt(s, at)]));
    const before = Object.fromEntries(SYMBOLS.map((s) => [s, model.priceAt(s, at - MINUTE)]));
    clock.advance(MINUTE);
    const next = await prices(url);
    for (const s of SYMBOLS) {
      const moved = Math.sign((next[s] as number) - (last[s] as number));
      if (moved === 0) continue;
      bets += 1;
      if (Math.sign((guess[s] as number) - (before[s] as number)) === moved) wins += 1;
    }
    last = next;
  }
  return { exact: best?.err === 0, wins, bets };
}

describe('the market cannot be foreseen from what the API shows', () => {
  it(
    'a server with no seed: no named market explains its history, and bets on the next minutes win at chance',
    async () => {
      const { clock, url } = await server();
      const r = await attack(url, clock);
      expect(r.exact).toBe(false);
      expect(r.bets).toBeGreaterThan(BETS * SYMBOLS.length * 0.8);
      // Chance is half; three standard deviations above it is the bound.
      expect(r.wins).toBeLessThan(r.bets / 2 + 3 * Math.sqrt(r.bets / 4));
    },
    slow(60_000),
  );

  it(
    'control: with the old default seed the same attack rebuilds the market and wins every bet',
    async () => {
      const { clock, url } = await server(OLD_DEFAULT_SEED);
      const r = await attack(url, clock);
      expect(r.exact).toBe(true);
      expect(r.wins).toBe(r.bets);
    },
    slow(60_000),
  );

  it('two stores made without a seed have different markets; one store keeps its market across a restart', async () => {
    const store = memoryStore();
    const clock = createVirtualClock(T0);
    const a = await createSimulator({ clock, store, ticking: false });
    const b = await createSimulator({ clock, store: memoryStore(), ticking: false });
    const key = a.ctx.state.marketKey;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(b.ctx.state.marketKey).not.toBe(key);
    const symbol = SYMBOLS[0] as string;
    expect(a.ctx.prices.priceAt(symbol, T0)).not.toBe(b.ctx.prices.priceAt(symbol, T0));
    await a.close();
    const again = await createSimulator({ clock, store, ticking: false });
    expect(again.ctx.state.marketKey).toBe(key);
    await again.close();
    await b.close();
  });
});

/**
 * Scenario files (issue 29 item 2): save → load into a fresh simulator →
 * save gives the same document apart from `savedAt`, for every shipped
 * scenario and across both hosts' stores (the worker's IndexedDB, the Node
 * host's SQLite), restarts included; the library equals a fresh build; a
 * newer version is refused with both versions named; bookmarks go back.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorld, type TestWorld } from '../../support/sim.ts';
import { indexedDbStore, type SimStore } from '../../../src/simulator/store.ts';
import { sqliteStore } from '../../../src/simulator/host/sqlite-store.ts';
import { STATE_VERSION } from '../../../src/simulator/core-state.ts';
import { checkCall } from '../../../src/simulator/host/operator-ops.ts';
import { quoteAt } from '../../../src/simulator/modules/trading/quotes.ts';
import { TICK_MS } from '../../../src/simulator/series.ts';
import type { ScenarioDoc } from '../../../src/simulator/scenario-file.ts';
import { LIBRARY, buildScenario, libraryIndex } from '../../../scripts/scenario-library.ts';
import { startSimServer } from '../../../src/simulator/host/node-server.ts';
import { operatorRoute } from '../../../src/simulator/host/operator-api.ts';
import { hashKey } from '../../../src/simulator/host/operator-key.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sim-scenarios-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shipped = (name: string): ScenarioDoc =>
  JSON.parse(
    readFileSync(new URL(`../../../public/scenarios/${name}.json`, import.meta.url), 'utf8'),
  ) as ScenarioDoc;

/** A document without its save time. */
const bare = ({ savedAt: _at, ...rest }: ScenarioDoc) => rest;

/** A fresh simulator on a store, at the scenario's time, with it loaded. */
async function loaded(doc: ScenarioDoc, store?: SimStore, ticking = false): Promise<TestWorld> {
  const w = await createWorld({ ticking, start: doc.now, ...(store ? { store } : {}) });
  await w.sim.backOffice.loadScenario(doc);
  await w.sim.flush();
  return w;
}

describe('scenario library', () => {
  it('the checked-in files equal a fresh build (apart from savedAt), and the index lists them', async () => {
    for (const e of LIBRARY)
      expect(bare(await buildScenario(e)), e.name).toEqual(bare(shipped(e.name)));
    expect(shipped('index')).toEqual(libraryIndex());
    for (const { description } of libraryIndex())
      expect(description).toMatch(/Sign in as \S+@example\.com \/ \S+\.$/);
  });
});

describe('scenario files', () => {
  it('save → load → save gives the same document, for every shipped scenario, in both hosts’ stores and across a restart', async () => {
    for (const e of LIBRARY) {
      const doc = shipped(e.name);
      const mem = await loaded(doc);
      expect(bare(await mem.sim.backOffice.saveScenario(doc.description)), e.name).toEqual(
        bare(doc),
      );
      mem.sim.stop();
      // The worker's store, then the Node host's: each saved, closed and opened again.
      const stores: Array<() => SimStore> = [
        () => indexedDbStore(`scenario-${e.name}`),
        () => sqliteStore(path.join(dir, e.name)),
      ];
      for (const make of stores) {
        const a = await loaded(doc, make());
        expect(bare(await a.sim.backOffice.saveScenario(doc.description))).toEqual(bare(doc));
        await a.sim.close();
        const b = await createWorld({ ticking: false, start: doc.now, store: make() });
        expect(bare(await b.sim.backOffice.saveScenario(doc.description)), e.name).toEqual(
          bare(doc),
        );
        await b.sim.close();
      }
    }
  });

  it('a loaded world is the file’s: its users sign in, its market is drawn, its images are served', async () => {
    const doc = shipped('kyc-rejected');
    const w = await loaded(doc);
    const r = await w.api.call('login', {
      username: 'rejected@example.com',
      password: 'demo1234',
      type: 'E',
    });
    expect(r.code).toBe(0);
    w.session.token = r.data!.token;
    const kyc = (await w.api.call('auth')).data!;
    expect(kyc).toMatchObject({ verifiedStatus: 3 });
    expect(String(kyc.cardImgFront)).toMatch(/^data:image\/png;base64,/);
    expect(w.sim.ctx.prices.priceAt('BTCUSDT', doc.now)).toBeGreaterThan(0);
    w.sim.stop();
  });

  it('the token signing key stays the host’s: a file carries none, and one put in it is not taken', async () => {
    const doc = shipped('new-trader');
    expect('secret' in doc.state).toBe(false);
    const w = await createWorld({ ticking: false, start: doc.now });
    const host = w.sim.ctx.state.secret;
    const planted = 'ab'.repeat(32);
    await w.sim.backOffice.loadScenario({ ...doc, state: { ...doc.state, secret: planted } });
    expect(w.sim.ctx.state.secret).toBe(host);
    expect(host).not.toBe(planted);
    // The saved world does not give it away either.
    expect('secret' in (await w.sim.backOffice.saveScenario()).state).toBe(false);
    w.sim.stop();
  });

  it('the gap scenario: a -2 % gap fires the stop, at the gap price', async () => {
    const doc = shipped('gap-stop');
    // Ticking: stops are watched at each tick.
    const w = await loaded(doc, undefined, true);
    const bo = w.sim.backOffice;
    const at = bo.marketGap(['BTCUSDT'], -2);
    w.clock.set(at + 2 * TICK_MS);
    const r = await w.api.call('login', {
      username: 'gap.trader@example.com',
      password: 'demo1234',
      type: 'E',
    });
    w.session.token = r.data!.token;
    const closed = (await w.api.call('userOrder', { page: 1, limit: 10, positionStatus: 3 })).data!
      .list;
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ closeReason: 'stopLoss' });
    expect(closed[0]!.currentPrice).toBe(quoteAt(w.sim.ctx, 'BTCUSDT', at).bid);
    w.sim.stop();
  });

  it('the closing-market scenario: AAPL closes a minute later and the running option settles at the last price before it', async () => {
    const doc = shipped('market-closing');
    const w = await loaded(doc, undefined, true);
    const { ctx, backOffice: bo } = w.sim;
    expect(ctx.prices.status('AAPL', doc.now)).toBe('open');
    expect(ctx.prices.status('AAPL', doc.now + 60_000)).toBe('closed');
    const uid = bo.userByLogin('closing@example.com')!;
    const [running] = bo.tradingOptions(uid);
    expect(running).toMatchObject({ positionStatus: 0 });
    w.clock.set(running!.endTime + 2 * TICK_MS);
    const [settled] = bo.tradingOptions(uid);
    expect(settled).toMatchObject({ positionStatus: 1 });
    expect(settled!.priceEnd).toBe(Number(ctx.prices.priceAt('AAPL', doc.now + 60_000).toFixed(2)));
    w.sim.stop();
  });

  it('a newer version is refused, naming it and the one this build reads; other documents too', async () => {
    const w = await createWorld({ ticking: false });
    const doc = { ...shipped('new-trader'), version: STATE_VERSION + 1 };
    await expect(w.sim.backOffice.loadScenario(doc)).rejects.toThrow(
      `this scenario file has state version ${STATE_VERSION + 1}; this build reads version ${STATE_VERSION}`,
    );
    await expect(
      w.sim.backOffice.loadScenario({ hello: 1 } as unknown as ScenarioDoc),
    ).rejects.toThrow('not a scenario file');
    const good = shipped('new-trader');
    await expect(
      w.sim.backOffice.loadScenario({ ...good, state: { ...good.state, users: [] } }),
    ).rejects.toThrow("the scenario file's state has a bad users");
    await expect(
      w.sim.backOffice.loadScenario({ ...good, state: { ...good.state, vaultKey: 'short' } }),
    ).rejects.toThrow('bad vaultKey');
    // Nothing was replaced.
    expect(Object.keys(w.sim.ctx.state.users)).toEqual([]);
    expect(checkCall('loadScenario', [shipped('new-trader')]).ok).toBe(true);
    expect(checkCall('loadScenario', [{ kind: 'other' }]).ok).toBe(false);
    expect(checkCall('bookmark', ['x'.repeat(65)]).ok).toBe(false);
    w.sim.stop();
  });

  it('bookmarks: named saves of this session, bounded, that the world goes back to', async () => {
    const w = await loaded(shipped('new-trader'));
    const bo = w.sim.backOffice;
    const before = await bo.saveScenario();
    expect((await bo.bookmark('start')).map((b) => b.name)).toEqual(['start']);
    await bo.seedUser({ email: 'later@example.com', password: 'secret123', deposit: 5 });
    bo.marketGap(['ETHUSDT'], 3);
    bo.setFlag('explore', true);
    await bo.bookmark('later');
    expect(bo.bookmarks().map((b) => b.name)).toEqual(['start', 'later']);
    await bo.restoreBookmark('start');
    expect(bare(await bo.saveScenario())).toEqual(bare(before));
    expect(bo.userByLogin('later@example.com')).toBeUndefined();
    expect(bo.marketEvents('ETHUSDT')).toEqual([]);
    await bo.restoreBookmark('later');
    expect(bo.userByLogin('later@example.com')).toBeDefined();
    expect(bo.flags().explore).toBe(true);
    await expect(bo.restoreBookmark('nope')).rejects.toThrow('no bookmark nope');
    for (let i = 0; bo.bookmarks().length < 20; i++) await bo.bookmark(`b${i}`);
    await expect(bo.bookmark('one more')).rejects.toThrow(/at most 20 bookmarks/);
    // The same name again replaces it.
    await bo.bookmark('start');
    w.sim.stop();
  });
});

describe('scenarios over the operator API', () => {
  it('a load may be as large as the host allows it; every other call stays under 64 kB', async () => {
    const w = await createWorld({ ticking: false });
    const key = 'test-operator-key-of-twenty';
    const srv = await startSimServer(w.sim, 0, '127.0.0.1', [
      operatorRoute(w.sim, { keyHash: hashKey(key), scenarioBytes: 200_000 }),
    ]);
    const call = (op: string, args: unknown[]) =>
      fetch(`${srv.url}/operator/v1/call`, {
        method: 'POST',
        headers: { 'X-Operator-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ op, args }),
      });
    try {
      const doc = shipped('kyc-rejected');
      const padded = (n: number) => ({ ...doc, padding: 'x'.repeat(n) });
      expect((await call('loadScenario', [padded(100_000)])).status).toBe(200);
      expect(w.sim.backOffice.userByLogin('rejected@example.com')).toBeDefined();
      expect((await call('loadScenario', [padded(300_000)])).status).toBe(413);
      expect((await call('setFlag', ['x'.repeat(100_000), true])).status).toBe(413);
      const saved = (await (await call('saveScenario', [])).json()) as { data: ScenarioDoc };
      expect(bare(saved.data)).toEqual({ ...bare(doc), description: '' });
    } finally {
      w.sim.stop();
      await srv.close();
    }
  });
});

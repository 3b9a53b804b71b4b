/**
 * The Node host's SQLite store: a simulator restarted on the same data folder
 * keeps users, sessions, orders, balances and uploads; a wiped folder starts
 * afresh, refuses the old tokens and never hands out an old uid again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { sqliteStore, DB_FILE } from '../../../../src/simulator/host/sqlite-store.ts';
import { createWorld } from '../../../support/sim.ts';
import { signIn, signUp } from '../account/helpers.ts';
import { depositWith, pngOf } from './support.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sim-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('store: SQLite on the Node host', () => {
  it('keeps everything across a restart; a wipe starts afresh with new uids and refuses old tokens', async () => {
    const a = await createWorld({ store: sqliteStore(dir), ticking: false });
    const uid = await signUp(a, 'keep@example.com');
    const login = await signIn(a, 'keep@example.com');
    const token = login.data?.token ?? '';
    expect(await depositWith(a, '1500', pngOf(2_000))).toBe(0);
    const [req] = a.sim.backOffice.walletRequests(uid);
    a.sim.backOffice.approveDeposit(req!.id);
    const q = (await a.api.call('thumb', { symbol: 'BTCUSDT' })).data!;
    const order = await a.api.call('addOrder', {
      tradePair: 'BTCUSDT',
      price: q.price,
      stopPrice: null,
      takeProfitPprice: null,
      orderQuantity: 0.01,
      multiple: 20,
      orderType: 0,
      buyPoint: 2,
      token,
    });
    expect(order.code).toBe(0);
    const balance = (await a.api.call('userBalance')).data;
    const proof = await a.sim.backOffice.upload(req!.proof!);
    expect(proof).toMatch(/^data:image\/png;base64,/);
    const later = a.clock.now() + 60_000;
    await a.sim.close();

    // The file is a plain SQLite database in WAL mode with the documented tables.
    const db = new Database(path.join(dir, DB_FILE), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT value FROM meta WHERE key = ?').get('layout')).toEqual({
      value: '2',
    });
    expect(db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 1 });
    db.close();

    const b = await createWorld({ store: sqliteStore(dir), ticking: false, start: later });
    b.session.token = token;
    expect((await b.api.call('sessionCheck')).code).toBe(0);
    expect((await b.api.call('userBalance')).data).toEqual(balance);
    const listed = (await b.api.call('userOrder', { page: 1, limit: 10, positionStatus: 2 })).data;
    expect(listed?.list.map((o) => o.id)).toEqual([order.data]);
    const [kept] = b.sim.backOffice.walletRequests(uid);
    expect(await b.sim.backOffice.upload(kept!.proof!)).toBe(proof);
    expect((await signIn(b, 'keep@example.com')).code).toBe(0);
    await b.sim.backOffice.wipe();
    await b.sim.close();

    const c = await createWorld({ store: sqliteStore(dir), ticking: false, start: later + 60_000 });
    c.session.token = token;
    expect((await c.api.call('sessionCheck')).code).not.toBe(0);
    expect((await signIn(c, 'keep@example.com')).code).not.toBe(0);
    const fresh = await signUp(c, 'keep@example.com');
    expect(Number(fresh)).toBeGreaterThan(Number(uid));
    await c.sim.close();
  });
});

/**
 * The Node host's SQLite store: a simulator restarted on the same data folder
 * keeps users, sessions, orders, balances and uploads; a wiped folder starts
 * afresh, refuses the old tokens and never hands out an old uid again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sqlite from 'node-sqlite3-wasm';
import {
  sqliteStore,
  DB_FILE,
  OWNER_FILE,
  StoreBusyError,
} from '../../../../src/simulator/host/sqlite-store.ts';
import type { SaveBatch } from '../../../../src/simulator/persist/batch.ts';
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
    const db = new sqlite.Database(path.join(dir, DB_FILE), { readOnly: true });
    db.get('PRAGMA locking_mode = EXCLUSIVE');
    expect(db.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(db.get('SELECT value FROM meta WHERE key = ?', 'layout')).toEqual({ value: '2' });
    expect(db.get('SELECT count(*) AS n FROM blobs')).toEqual({ n: 1 });
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

describe('store: the data folder has one owner', () => {
  it('a second store on an open folder is refused; one a dead process left is taken over', async () => {
    const d = mkdtempSync(path.join(tmpdir(), 'sim-owner-'));
    try {
      const first = sqliteStore(d);
      await first.save(batchOf('u:1', 'one'));
      expect(() => sqliteStore(d)).toThrow(StoreBusyError);
      expect(() => sqliteStore(d)).toThrow(/open in another process \(pid \d+\)/);
      await first.close?.();
      // Killed without closing: its owner file (a pid no longer running) and the
      // database's lock are left behind.
      writeFileSync(path.join(d, OWNER_FILE), String(deadPid()));
      mkdirSync(path.join(d, `${DB_FILE}.lock`));
      const second = sqliteStore(d);
      expect(await second.read(['u:1'])).toEqual(new Map([['u:1', 'one']]));
      await second.close?.();
      expect(existsSync(path.join(d, OWNER_FILE))).toBe(false);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

/** A pid that no process has now (a child that has exited). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

function batchOf(key: string, value: string): SaveBatch {
  return { put: [[key, value]], del: [], blobPut: [], blobDel: [] };
}

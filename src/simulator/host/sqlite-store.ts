/**
 * The Node host's store: SQLite (better-sqlite3) in a data folder
 * (`<dir>/simulator.db`), WAL mode, one transaction per save.
 *
 * Tables: `units(key TEXT PRIMARY KEY, value TEXT)` (the state, one row per
 * unit), `blobs(id TEXT PRIMARY KEY, uid…, mime TEXT, bytes BLOB)` (uploaded
 * images), `meta(key TEXT PRIMARY KEY, value TEXT)` with `layout` (the
 * layout version). Node only: the browser bundle never imports this file.
 *
 * `maxBytes` is the store's ceiling (state and uploads alike: uploads are in
 * the same file), kept by SQLite itself (`max_page_count`): a save that
 * would pass it, or that finds the disk full, fails whole with
 * {@link StoreFullError}, and the simulator answers the call with an error
 * and undoes it (persistence.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  countBatch,
  LAYOUT_VERSION,
  StoreFullError,
  StoreVersionError,
  type Loaded,
  type SaveBatch,
  type StoreStats,
  type StoredBlob,
} from '../persist/batch.ts';
import type { SimStore } from '../store.ts';

/** The database file inside a data folder. */
export const DB_FILE = 'simulator.db';

/** SQLite's codes for want of room. */
const FULL = new Set(['SQLITE_FULL']);

export interface SqliteStoreOptions {
  /** The ceiling of the database file, bytes (default: none but the disk's). */
  maxBytes?: number;
}

/** Open (or create) the store in a data folder. */
export function sqliteStore(dir: string, opts: SqliteStoreOptions = {}): SimStore {
  mkdirSync(dir, { recursive: true });
  const file = path.resolve(dir, DB_FILE);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  if (opts.maxBytes !== undefined) {
    const page = db.pragma('page_size', { simple: true }) as number;
    db.pragma(`max_page_count = ${Math.max(1, Math.floor(opts.maxBytes / page))}`);
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS units (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS blobs (id TEXT PRIMARY KEY, mime TEXT NOT NULL, bytes BLOB NOT NULL);
  `);
  const layoutRow = db.prepare('SELECT value FROM meta WHERE key = ?').get('layout') as
    { value: string } | undefined;
  if (layoutRow && Number(layoutRow.value) > LAYOUT_VERSION) {
    db.close();
    throw new StoreVersionError(
      `The simulator data in ${file} has layout ${layoutRow.value}, written by a newer version; this one reads layout ${LAYOUT_VERSION}. Use the newer version, or point SIM_DATA at another folder.`,
    );
  }
  const put = db.prepare(
    'INSERT INTO units (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const del = db.prepare('DELETE FROM units WHERE key = ?');
  const blobPut = db.prepare('INSERT OR REPLACE INTO blobs (id, mime, bytes) VALUES (?, ?, ?)');
  const blobDel = db.prepare('DELETE FROM blobs WHERE id = ?');
  const blobGet = db.prepare('SELECT mime, bytes FROM blobs WHERE id = ?');
  const unitGet = db.prepare('SELECT value FROM units WHERE key = ?');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const apply = db.transaction((b: SaveBatch) => {
    for (const [k, v] of b.put) put.run(k, v);
    for (const k of b.del) del.run(k);
    for (const [k, v] of b.blobPut)
      blobPut.run(k, v.mime, Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.length));
    for (const k of b.blobDel) blobDel.run(k);
    setMeta.run('layout', String(LAYOUT_VERSION));
  });
  const stats: StoreStats = { saves: 0, bytes: 0, units: 0 };
  let open = true;
  return {
    stats,
    where: file,
    durable: true,
    async load(): Promise<Loaded | undefined> {
      const rows = db.prepare('SELECT key, value FROM units').all() as Array<{
        key: string;
        value: string;
      }>;
      if (rows.length === 0) return undefined;
      return { kind: 'units', units: rows.map((r) => [r.key, r.value]) };
    },
    async save(b) {
      try {
        apply(b);
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (typeof code === 'string' && FULL.has(code))
          throw new StoreFullError(`${file} is full (${code})`, { cause: e });
        throw e;
      }
      countBatch(stats, b);
    },
    async read(keys) {
      const out = new Map<string, string>();
      for (const k of keys) {
        const r = unitGet.get(k) as { value: string } | undefined;
        if (r) out.set(k, r.value);
      }
      return out;
    },
    async blob(id) {
      const r = blobGet.get(id) as { mime: string; bytes: Buffer } | undefined;
      return r
        ? ({ mime: r.mime, bytes: new Uint8Array(r.bytes) } satisfies StoredBlob)
        : undefined;
    },
    async clear() {
      db.exec('DELETE FROM units; DELETE FROM blobs;');
    },
    async close() {
      if (!open) return;
      open = false;
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

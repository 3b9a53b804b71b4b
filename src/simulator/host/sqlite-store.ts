/**
 * The Node host's store: SQLite in a data folder (`<dir>/simulator.db`),
 * WAL mode, one transaction per save.
 *
 * SQLite here is node-sqlite3-wasm: the SQLite library compiled to
 * WebAssembly, with a file system layer on Node's `fs` (fsync on commit
 * included). It installs without a C compiler: the native binding this
 * replaced was built from source on every `npm install` (no prebuilt binary
 * is reachable from these machines), which took 100 s of a two-core CI run.
 * The file is the same SQLite format, so a folder written before opens as
 * it is. Without shared memory, WAL needs exclusive locking: this process
 * holds the database for as long as it is open, and a second server on the
 * same folder is refused (below) rather than both writing.
 *
 * Tables: `units(key TEXT PRIMARY KEY, value TEXT)` (the state, one row per
 * unit), `blobs(id TEXT PRIMARY KEY, mime TEXT, bytes BLOB)` (uploaded
 * images), `meta(key TEXT PRIMARY KEY, value TEXT)` with `layout` (the
 * layout version). Node only: the browser bundle never imports this file.
 *
 * `maxBytes` is the store's ceiling (state and uploads alike: uploads are in
 * the same file), kept by SQLite itself (`max_page_count`): a save that
 * would pass it, or that finds the disk full, fails whole with
 * {@link StoreFullError}, and the simulator answers the call with an error
 * and undoes it (persistence.ts).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import sqlite from 'node-sqlite3-wasm';
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

const { Database } = sqlite;

/** The database file inside a data folder. */
export const DB_FILE = 'simulator.db';
/** The folder's owner: the pid of the process that has the database open. */
export const OWNER_FILE = 'simulator.db.owner';

/** SQLite's messages for want of room (SQLITE_FULL), and the write error a full disk gives here. */
const FULL = /database or disk is full|disk I\/O error/;

/** Another live process has the data folder open: sim:server says so and exits. */
export class StoreBusyError extends Error {}

export interface SqliteStoreOptions {
  /** The ceiling of the database file, bytes (default: none but the disk's). */
  maxBytes?: number;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
};

/**
 * Take the folder: a second live server on it is refused. A process that
 * ended without closing (a crash, kill -9) left its owner file and the
 * database's lock folder behind: both are taken over.
 */
function takeFolder(dir: string, file: string): () => void {
  const owner = path.join(dir, OWNER_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(owner, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST' || attempt > 0) throw e;
      const pid = Number(readFileSync(owner, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid))
        throw new StoreBusyError(
          `The simulator data in ${dir} is open in another process (pid ${pid}). Stop it, or point SIM_DATA at another folder.`,
        );
      rmSync(owner, { force: true });
      rmSync(`${file}.lock`, { recursive: true, force: true });
    }
  }
  return () => rmSync(owner, { force: true });
}

/** The Node host's store: one SQLite file in `dir`, which this process holds alone while open. */
export function sqliteStore(dir: string, opts: SqliteStoreOptions = {}): SimStore {
  mkdirSync(dir, { recursive: true });
  const file = path.resolve(dir, DB_FILE);
  const release = takeFolder(dir, file);
  let db: InstanceType<typeof Database>;
  try {
    db = new Database(file);
    // First, before any read: WAL without shared memory (and a WAL file left by the
    // native binding's shared mode is read back, not refused).
    db.get('PRAGMA locking_mode = EXCLUSIVE');
    db.get('PRAGMA journal_mode = WAL');
  } catch (e) {
    release();
    throw e;
  }
  db.exec('PRAGMA synchronous = NORMAL');
  if (opts.maxBytes !== undefined) {
    const page = Number(db.get('PRAGMA page_size')?.page_size ?? 4096);
    db.get(`PRAGMA max_page_count = ${Math.max(1, Math.floor(opts.maxBytes / page))}`);
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS units (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS blobs (id TEXT PRIMARY KEY, mime TEXT NOT NULL, bytes BLOB NOT NULL);
  `);
  const layoutRow = db.get('SELECT value FROM meta WHERE key = ?', 'layout') as {
    value: string;
  } | null;
  if (layoutRow && Number(layoutRow.value) > LAYOUT_VERSION) {
    db.close();
    release();
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
  const statements = [put, del, blobPut, blobDel, blobGet, unitGet, setMeta];
  const apply = (b: SaveBatch) => {
    db.exec('BEGIN');
    try {
      for (const [k, v] of b.put) put.run([k, v]);
      for (const k of b.del) del.run(k);
      for (const [k, v] of b.blobPut) blobPut.run([k, v.mime, v.bytes]);
      for (const k of b.blobDel) blobDel.run(k);
      setMeta.run(['layout', String(LAYOUT_VERSION)]);
      db.exec('COMMIT');
    } catch (e) {
      // A failed COMMIT (SQLITE_FULL) may have ended the transaction already.
      if (db.inTransaction) db.exec('ROLLBACK');
      throw e;
    }
  };
  const stats: StoreStats = { saves: 0, bytes: 0, units: 0 };
  let open = true;
  return {
    stats,
    where: file,
    durable: true,
    async load(): Promise<Loaded | undefined> {
      const rows = db.all('SELECT key, value FROM units') as Array<{
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
        const message = e instanceof Error ? e.message : String(e);
        if (FULL.test(message))
          throw new StoreFullError(`${file} is full (${message})`, { cause: e });
        throw e;
      }
      countBatch(stats, b);
    },
    async read(keys) {
      const out = new Map<string, string>();
      for (const k of keys) {
        const r = unitGet.get(k) as { value: string } | null;
        if (r) out.set(k, r.value);
      }
      return out;
    },
    async blob(id) {
      const r = blobGet.get(id) as { mime: string; bytes: Uint8Array } | null;
      return r ? ({ mime: r.mime, bytes: r.bytes } satisfies StoredBlob) : undefined;
    },
    async clear() {
      db.exec('DELETE FROM units; DELETE FROM blobs;');
    },
    async close() {
      if (!open) return;
      open = false;
      for (const st of statements) st.finalize();
      db.get('PRAGMA wal_checkpoint(TRUNCATE)');
      db.close();
      release();
    },
  };
}

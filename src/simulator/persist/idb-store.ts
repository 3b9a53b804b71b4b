/**
 * The worker's store: IndexedDB database `trader-simulator`, version 2.
 * Object stores: `units` (unit key → JSON text), `blobs` (upload id →
 * `{ mime, bytes }`), `meta` (`layout` → 2), and the old `state` store whose
 * single record `current` (the whole state, layout 1) is read once, migrated
 * by the simulator and deleted in the same transaction as the first save.
 *
 * Plain IndexedDB with two promise helpers, not the idb wrapper the app
 * uses: this file is in the worker's first chunk, counted in the first
 * route's budget, and the wrapper was about 2.5 KB of it gzipped.
 */
import {
  countBatch,
  LAYOUT_VERSION,
  StoreFullError,
  StoreVersionError,
  type Loaded,
  type SaveBatch,
  type SimStore,
  type StoreStats,
  type StoredBlob,
} from './batch.ts';

const STORES = ['units', 'blobs', 'meta', 'state'] as const;

/** A request's result, or its error. */
const req = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });

/** A transaction committed, or why it was not. */
const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function open(name: string): Promise<IDBDatabase> {
  const r = indexedDB.open(name, LAYOUT_VERSION);
  r.onupgradeneeded = () => {
    for (const s of STORES)
      if (!r.result.objectStoreNames.contains(s)) r.result.createObjectStore(s);
  };
  return req(r);
}

/** The worker's store in the IndexedDB database `name` (opened on first use). */
export function indexedDbStore(name = 'trader-simulator'): SimStore {
  const stats: StoreStats = { saves: 0, bytes: 0, units: 0 };
  let opened: Promise<IDBDatabase> | undefined;
  const db = () =>
    (opened ??= open(name).catch((e: unknown) => {
      if (e instanceof Error && e.name === 'VersionError')
        throw new StoreVersionError(
          `The simulator's saved data (IndexedDB "${name}") was written by a newer version of the app; this one reads layout ${LAYOUT_VERSION}. Open the newer app, or clear this site's data to start afresh.`,
        );
      throw e;
    }));
  return {
    stats,
    where: `IndexedDB "${name}"`,
    durable: true,
    async load(): Promise<Loaded | undefined> {
      const tx = (await db()).transaction(['units', 'meta', 'state'], 'readonly');
      // Each request is made as the previous one's result arrives: the transaction stays open.
      const layout = (await req(tx.objectStore('meta').get('layout'))) as number | undefined;
      if (layout !== undefined && layout > LAYOUT_VERSION)
        throw new StoreVersionError(
          `The simulator's saved data (IndexedDB "${name}") has layout ${layout}; this version reads ${LAYOUT_VERSION}.`,
        );
      const keys = (await req(tx.objectStore('units').getAllKeys())) as string[];
      if (keys.length > 0) {
        const values = (await req(tx.objectStore('units').getAll())) as string[];
        return { kind: 'units', units: keys.map((k, i) => [k, values[i] as string]) };
      }
      const legacy = (await req(tx.objectStore('state').get('current'))) as unknown;
      return legacy === undefined ? undefined : { kind: 'legacy', state: legacy };
    },
    async save(b: SaveBatch) {
      const tx = (await db()).transaction(STORES, 'readwrite');
      const committed = done(tx);
      const units = tx.objectStore('units');
      const blobs = tx.objectStore('blobs');
      for (const [k, v] of b.put) units.put(v, k);
      for (const k of b.del) units.delete(k);
      for (const [k, v] of b.blobPut) blobs.put(v, k);
      for (const k of b.blobDel) blobs.delete(k);
      tx.objectStore('meta').put(LAYOUT_VERSION, 'layout');
      if (b.dropLegacy) tx.objectStore('state').delete('current');
      try {
        await committed;
      } catch (e) {
        if (e instanceof DOMException && e.name === 'QuotaExceededError')
          throw new StoreFullError('the browser refused more storage', { cause: e });
        throw e;
      }
      countBatch(stats, b);
    },
    async read(keys) {
      const units = (await db()).transaction('units', 'readonly').objectStore('units');
      const values = await Promise.all(keys.map((k) => req(units.get(k)) as Promise<unknown>));
      const out = new Map<string, string>();
      keys.forEach((k, i) => typeof values[i] === 'string' && out.set(k, values[i]));
      return out;
    },
    async blob(id) {
      const tx = (await db()).transaction('blobs', 'readonly');
      return (await req(tx.objectStore('blobs').get(id))) as StoredBlob | undefined;
    },
    async clear() {
      const tx = (await db()).transaction(STORES, 'readwrite');
      const committed = done(tx);
      for (const s of STORES) tx.objectStore(s).clear();
      await committed;
    },
    async close() {
      if (opened) (await opened).close();
    },
  };
}

/**
 * The worker's store: IndexedDB database `trader-simulator`, version 2.
 * Object stores: `units` (unit key → JSON text), `blobs` (upload id →
 * `{ mime, bytes }`), `meta` (`layout` → 2), and the old `state` store whose
 * single record `current` (the whole state, layout 1) is read once, migrated
 * by the simulator and deleted in the same transaction as the first save.
 */
import { openDB, type IDBPDatabase } from 'idb';
import {
  countBatch,
  LAYOUT_VERSION,
  StoreVersionError,
  type Loaded,
  type SaveBatch,
  type StoreStats,
  type StoredBlob,
} from './batch.ts';
import type { SimStore } from '../store.ts';

const STORES = ['units', 'blobs', 'meta', 'state'] as const;

export function indexedDbStore(name = 'trader-simulator'): SimStore {
  const stats: StoreStats = { saves: 0, bytes: 0, units: 0 };
  let opened: Promise<IDBPDatabase> | undefined;
  const db = () =>
    (opened ??= openDB(name, LAYOUT_VERSION, {
      upgrade(d) {
        for (const s of STORES) if (!d.objectStoreNames.contains(s)) d.createObjectStore(s);
      },
    }).catch((e: unknown) => {
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
      const layout = (await tx.objectStore('meta').get('layout')) as number | undefined;
      if (layout !== undefined && layout > LAYOUT_VERSION)
        throw new StoreVersionError(
          `The simulator's saved data (IndexedDB "${name}") has layout ${layout}; this version reads ${LAYOUT_VERSION}.`,
        );
      const keys = (await tx.objectStore('units').getAllKeys()) as string[];
      if (keys.length > 0) {
        const values = (await tx.objectStore('units').getAll()) as string[];
        return { kind: 'units', units: keys.map((k, i) => [k, values[i] as string]) };
      }
      const legacy = (await tx.objectStore('state').get('current')) as unknown;
      return legacy === undefined ? undefined : { kind: 'legacy', state: legacy };
    },
    async save(b: SaveBatch) {
      const tx = (await db()).transaction(STORES, 'readwrite');
      const units = tx.objectStore('units');
      const blobs = tx.objectStore('blobs');
      for (const [k, v] of b.put) void units.put(v, k);
      for (const k of b.del) void units.delete(k);
      for (const [k, v] of b.blobPut) void blobs.put(v, k);
      for (const k of b.blobDel) void blobs.delete(k);
      void tx.objectStore('meta').put(LAYOUT_VERSION, 'layout');
      if (b.dropLegacy) void tx.objectStore('state').delete('current');
      await tx.done;
      countBatch(stats, b);
    },
    async blob(id) {
      return (await (await db()).get('blobs', id)) as StoredBlob | undefined;
    },
    async clear() {
      const tx = (await db()).transaction(STORES, 'readwrite');
      for (const s of STORES) void tx.objectStore(s).clear();
      await tx.done;
    },
    async close() {
      if (opened) (await opened).close();
    },
  };
}

/**
 * Where the simulator keeps its state: a store of units (see
 * persist/units.ts) and of uploaded images. Three stores share this
 * interface: memory (tests), IndexedDB in the worker (persist/idb-store.ts)
 * and SQLite on the Node host (host/sqlite-store.ts). A save writes only what
 * changed, in one transaction.
 */
import { countBatch, type SimStore, type StoreStats, type StoredBlob } from './persist/batch.ts';

export type { Loaded, SaveBatch, SimStore, StoreStats, StoredBlob } from './persist/batch.ts';
export { StoreFullError } from './persist/batch.ts';
export { indexedDbStore } from './persist/idb-store.ts';

/**
 * A store in memory, for tests. `initial` seeds it with a whole state in the
 * old single-record layout (state version 1), which the simulator migrates on
 * load.
 */
export function memoryStore(
  initial?: unknown,
  opts: { durable?: boolean } = {},
): SimStore & { units: Map<string, string> } {
  let legacy = initial === undefined ? undefined : JSON.stringify(initial);
  const units = new Map<string, string>();
  const blobs = new Map<string, StoredBlob>();
  const stats: StoreStats = { saves: 0, bytes: 0, units: 0 };
  return {
    units,
    stats,
    where: 'memory',
    durable: opts.durable ?? false,
    load: async () => {
      if (units.size > 0) return { kind: 'units', units: [...units] };
      if (legacy !== undefined) return { kind: 'legacy', state: JSON.parse(legacy) as unknown };
      return undefined;
    },
    save: async (b) => {
      countBatch(stats, b);
      for (const [k, v] of b.put) units.set(k, v);
      for (const k of b.del) units.delete(k);
      for (const [k, v] of b.blobPut) blobs.set(k, v);
      for (const k of b.blobDel) blobs.delete(k);
      if (b.dropLegacy) legacy = undefined;
    },
    read: async (keys) => {
      const out = new Map<string, string>();
      for (const k of keys) {
        const v = units.get(k);
        if (v !== undefined) out.set(k, v);
      }
      return out;
    },
    blob: async (id) => blobs.get(id),
    clear: async () => {
      units.clear();
      blobs.clear();
      legacy = undefined;
    },
  };
}

/**
 * Where the simulator keeps its state: a store of units (see
 * persist/units.ts) and of uploaded images. Three stores share this
 * interface: memory (tests), IndexedDB in the worker (persist/idb-store.ts)
 * and SQLite on the Node host (host/sqlite-store.ts). A save writes only what
 * changed, in one transaction.
 */
import {
  countBatch,
  type Loaded,
  type SaveBatch,
  type StoreStats,
  type StoredBlob,
} from './persist/batch.ts';

export type { Loaded, SaveBatch, StoreStats, StoredBlob } from './persist/batch.ts';
export { StoreFullError } from './persist/batch.ts';
export { indexedDbStore } from './persist/idb-store.ts';

export interface SimStore {
  /** Everything saved, or undefined when the store is empty. */
  load(): Promise<Loaded | undefined>;
  /** Apply one batch in one transaction (all or nothing); {@link StoreFullError} for want of room. */
  save(batch: SaveBatch): Promise<void>;
  /** The saved JSON text of these units (a unit the store does not hold is absent). */
  read(keys: readonly string[]): Promise<Map<string, string>>;
  /** One uploaded image. */
  blob(id: string): Promise<StoredBlob | undefined>;
  /** Forget everything (the next start begins afresh). */
  clear(): Promise<void>;
  /** Release the store (files, connections). */
  close?(): Promise<void>;
  /** What this store has written since it was opened. */
  readonly stats: StoreStats;
  /** Where the data lives, for start-up messages. */
  readonly where?: string;
  /**
   * Data outlives the process (IndexedDB, SQLite): a new store then starts
   * its ids at a time-based offset, so a wiped store never reuses an uid.
   * Memory stores start at 1000, so tests see the same ids every run.
   */
  readonly durable?: boolean;
}

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

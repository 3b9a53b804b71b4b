/** What the simulator hands a store to write, and what a store gives back on load. */

/** An uploaded image's bytes. */
export interface StoredBlob {
  mime: string;
  bytes: Uint8Array;
}

/** One save: the units that changed and the images written or dropped, applied in one transaction. */
export interface SaveBatch {
  /** Units to write: key and JSON text. */
  put: Array<[string, string]>;
  /** Units to remove. */
  del: string[];
  blobPut: Array<[string, StoredBlob]>;
  blobDel: string[];
  /** Remove the old single-record state (written once, by the save that migrates it). */
  dropLegacy?: boolean;
}

/** What a store holds. */
export type Loaded =
  /** The unit layout: every unit as key and JSON text. */
  | { kind: 'units'; units: Array<[string, string]> }
  /** The old layout (state version 1): the whole state as one record. */
  | { kind: 'legacy'; state: unknown };

/** The layout version a store records (1 was the single record). */
export const LAYOUT_VERSION = 2;

/** Bytes a batch writes (keys and values), for the store's counters. */
export function batchBytes(b: SaveBatch): number {
  let n = 0;
  for (const [k, v] of b.put) n += k.length + v.length;
  for (const k of b.del) n += k.length;
  for (const [k, v] of b.blobPut) n += k.length + v.bytes.length;
  for (const k of b.blobDel) n += k.length;
  return n;
}

/** What a store has written since it was opened (tests and benches read it). */
export interface StoreStats {
  saves: number;
  bytes: number;
  units: number;
}

/** Count one saved batch in a store's figures. */
export const countBatch = (s: StoreStats, b: SaveBatch): void => {
  s.saves += 1;
  s.bytes += batchBytes(b);
  s.units += b.put.length + b.del.length;
};

/** A store written by a version this build cannot read. */
export class StoreVersionError extends Error {}

/** A store refused a save for want of room: its size ceiling, a full disk, a browser quota. */
export class StoreFullError extends Error {}

/**
 * What every store offers (store.ts has the memory one; idb-store.ts and
 * host/sqlite-store.ts the lasting ones).
 */
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

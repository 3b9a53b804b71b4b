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

export const countBatch = (s: StoreStats, b: SaveBatch): void => {
  s.saves += 1;
  s.bytes += batchBytes(b);
  s.units += b.put.length + b.del.length;
};

/** A store written by a version this build cannot read. */
export class StoreVersionError extends Error {}

/** A store refused a save for want of room: its size ceiling, a full disk, a browser quota. */
export class StoreFullError extends Error {}

/**
 * The simulator's state and its store: load (or create, or migrate), track
 * every change, and save only the units that changed, in one transaction per
 * save. The server calls {@link openPersistence} once and `save()` before each
 * reply of a changing call (and shortly after a tick changed something).
 *
 * Durability rules:
 * - A new (or wiped) durable store starts its id counter at a time-based offset (ms
 *   since 2025-01-01 UTC), so uids and record ids issued by an older store
 *   are never handed out again (that would need more than 1,000 ids a
 *   second over the older store's whole life).
 * - `secret` (the token signing key) is a unit like any other: it stays with
 *   the data, and a wiped store gets a new one from `fresh()`.
 * - A store from an older state version is migrated; one this build cannot
 *   read is refused with a clear message.
 */
import {
  assemble,
  under,
  unitDepth,
  unitKey,
  unitPath,
  unitsUnder,
  valueAt,
} from './persist/units.ts';
import { track } from './persist/tracker.ts';
import { createUploads, type BlobChanges, type Uploads } from './persist/uploads.ts';
import type { SaveBatch, StoredBlob } from './persist/batch.ts';
import type { SimStore } from './store.ts';
import { STATE_VERSION, type SimState } from './state.ts';

/** Ids on a new store start here: ms since 2025-01-01 UTC at its creation. */
export const ID_EPOCH = Date.UTC(2025, 0, 1);
export const idBase = (now: number): number => Math.max(1000, Math.floor(now - ID_EPOCH));

export interface Persistence {
  /** The live state (tracked): hand this to the modules. */
  state: SimState;
  uploads: Uploads;
  /** Write what changed since the last save; resolves once written (and after earlier saves). */
  save(): Promise<void>;
  /** Forget everything saved and stop saving (the next start begins afresh). */
  wipe(): Promise<void>;
  /** Save, then release the store. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A new state, for an empty store. */
  fresh: () => SimState;
  now: number;
}

/**
 * A saved state of this version as it is; any other through persist/migrate.ts,
 * loaded only then (out of the worker's first chunk: a state needs it once).
 */
async function upgrade(
  state: unknown,
  now: number,
  where: string,
): Promise<Map<string, StoredBlob>> {
  const current =
    typeof state === 'object' &&
    state !== null &&
    !Array.isArray(state) &&
    (state as { version?: unknown }).version === STATE_VERSION;
  if (current) return new Map();
  return (await import('./persist/migrate.ts')).upgrade(state, now, where);
}

/** Load the store's state (or a fresh one) and start tracking it. */
export async function openPersistence(store: SimStore, opts: OpenOptions): Promise<Persistence> {
  const where = store.where ?? 'the store';
  const loaded = await store.load();
  let raw: SimState;
  let staged = new Map<string, StoredBlob>();
  const known = new Set<string>();
  // Everything is written by the first save when the store does not hold units yet.
  let full = false;
  let dropLegacy = false;
  if (!loaded) {
    raw = opts.fresh();
    if (store.durable) raw.nextId = Math.max(raw.nextId, idBase(opts.now));
    full = true;
  } else if (loaded.kind === 'legacy') {
    staged = await upgrade(loaded.state, opts.now, where);
    raw = loaded.state as SimState;
    full = true;
    dropLegacy = true;
  } else {
    raw = assemble(
      loaded.units.map(([k, v]): [string, unknown] => {
        known.add(k);
        return [k, JSON.parse(v) as unknown];
      }),
    ) as unknown as SimState;
    staged = await upgrade(raw, opts.now, where);
    if (staged.size > 0) full = true;
  }

  const dirty = new Set<string>();
  const prefixes: string[][] = [];
  // Unit keys by the written object's path (the tracker hands the same array
  // for every write to one object), so a write costs a lookup, not a JSON.stringify.
  const inUnit = new WeakMap<readonly string[], string>();
  const openKey = new WeakMap<readonly string[], string>();
  const tracked = track(raw, (path, key) => {
    const len = path.length + 1;
    const depth = unitDepth(len === 1 ? key : (path[0] as string), len === 2 ? key : path[1]);
    if (len > depth) {
      let k = inUnit.get(path);
      if (k === undefined) inUnit.set(path, (k = unitKey(path.slice(0, depth))));
      dirty.add(k);
    } else if (len === depth) {
      let open = openKey.get(path);
      if (open === undefined) openKey.set(path, (open = unitKey(path).slice(0, -1)));
      dirty.add(`${open}${path.length ? ',' : ''}${JSON.stringify(key)}]`);
    } else prefixes.push([...path, key]);
  });
  const uploads = createUploads(tracked.root, (id) => store.blob(id), new Map(staged));

  /** The batch of everything changed since the last call (undefined: nothing). */
  function take(): SaveBatch | undefined {
    const put = new Map<string, string>();
    const del = new Set<string>();
    const whole = full ? [[] as string[]] : prefixes.splice(0);
    full = false;
    for (const prefix of whole) {
      const now = new Set<string>();
      for (const [k, v] of unitsUnder(raw, prefix)) {
        put.set(k, JSON.stringify(v));
        now.add(k);
      }
      for (const k of known) if (!now.has(k) && under(k, prefix)) del.add(k);
    }
    for (const k of dirty) {
      if (put.has(k)) continue;
      const v = valueAt(raw, unitPath(k));
      if (v === undefined) del.add(k);
      else put.set(k, JSON.stringify(v));
    }
    dirty.clear();
    prefixes.length = 0;
    for (const k of put.keys()) del.delete(k);
    const blobs: BlobChanges = uploads.take();
    const legacy = dropLegacy;
    dropLegacy = false;
    if (!put.size && !del.size && !blobs.put.length && !blobs.del.length && !legacy)
      return undefined;
    for (const k of put.keys()) known.add(k);
    for (const k of del) known.delete(k);
    return {
      put: [...put],
      del: [...del],
      blobPut: blobs.put,
      blobDel: blobs.del,
      ...(legacy ? { dropLegacy: true } : {}),
    };
  }

  let chain: Promise<void> = Promise.resolve();
  let wiped = false;
  const save = (): Promise<void> => {
    if (wiped) return chain;
    const batch = take();
    if (!batch) return chain;
    const run = chain.then(async () => {
      try {
        await store.save(batch);
        uploads.settle({ put: batch.blobPut, del: batch.blobDel }, true);
      } catch (e) {
        // Nothing is lost from memory: mark it all again for the next save.
        console.error(`simulator: saving to ${where} failed`, e);
        for (const [k] of batch.put) dirty.add(k);
        for (const k of batch.del) dirty.add(k);
        if (batch.dropLegacy) dropLegacy = true;
        uploads.settle({ put: batch.blobPut, del: batch.blobDel }, false);
      }
    });
    chain = run;
    return run;
  };

  return {
    state: tracked.root,
    uploads,
    save,
    async wipe() {
      wiped = true;
      await chain;
      await store.clear();
    },
    async close() {
      await save();
      await store.close?.();
    },
  };
}

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
 * - Nothing is acknowledged that is not saved: a call runs its handler in
 *   {@link Persistence.bracket}, which numbers its writes, and waits for
 *   `save(writes)`, which resolves once they are in the store.
 *   When a save fails (disk full, I/O error, the store's size ceiling), every
 *   change not yet saved is put back as the store holds it (read back from
 *   the store, copied into the live objects in place: see persist/restore.ts)
 *   and every call whose writes were among them gets {@link SaveFailed}: it
 *   answers an error and has no effect. Reading back, rather than keeping a
 *   pre-image of each unit before its first write, costs nothing while saves
 *   succeed (no copy per write) and puts back exactly what a restart would
 * *   load. A call's writes are told from other calls' by a {@link WriteScope}
 *   (the Node host's is AsyncLocalStorage). Without one (the worker), a
 *   handler that awaits shares its range of writes with the calls that ran
 *   meanwhile, and a failed save of theirs fails it too, even if its own
 *   writes were saved. With a scope, a call whose writes a failed save undid
 *   while it ran is stopped at its next write ({@link WriteLog.aborted}): it
 *   cannot store a card under an id the undo gave back. With or without, a
 *   handler that writes, awaits and writes again can see its first writes
 *   saved and its last undone: it answers an error with part of its effect
 *   kept (as after a crash between two saves).
 * - The first save of a new store writes the whole state; when that one
 *   fails there is nothing to put back, so it is only tried again.
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
import { restoreAll, restoreUnits } from './persist/restore.ts';
import { createUploads, type BlobChanges, type Uploads } from './persist/uploads.ts';
import { StoreFullError, type SaveBatch, type StoredBlob } from './persist/batch.ts';
import type { SimStore } from './store.ts';
import { STATE_VERSION } from './core-state.ts';
import type { SimState } from './state.ts';

/** Ids on a new store start here: ms since 2025-01-01 UTC at its creation. */
export const ID_EPOCH = Date.UTC(2025, 0, 1);
/** The first id of a new lasting store made at `now` (never below 1000). */
export const idBase = (now: number): number => Math.max(1000, Math.floor(now - ID_EPOCH));

/**
 * A save failed and the changes it held were undone in memory; `full`: the
 * store is at its size ceiling (or the disk is full).
 */
export class SaveFailed extends Error {
  constructor(
    readonly full: boolean,
    options?: { cause?: unknown },
  ) {
    super(
      full ? 'storage full: the change was not saved' : 'the change could not be saved',
      options,
    );
  }
}

/** A range of write numbers, `from` (exclusive) to `to` (inclusive). */
export interface WriteRange {
  from: number;
  to: number;
}

/** The first and last write numbers of one call, and how many it made. */
export interface WriteLog {
  min: number;
  max: number;
  n: number;
  /**
   * A failed save undid some of its writes while it ran: its next write
   * throws {@link SaveFailed}, so a call that writes, awaits and writes again
   * cannot keep its last writes when its first were undone.
   */
  aborted?: SaveFailed;
}

/**
 * Which call is running, across its awaits (the Node host: AsyncLocalStorage;
 * see host/write-scope.ts), so each write is counted for its own call.
 */
export interface WriteScope {
  run<T>(log: WriteLog, fn: () => T): T;
  current(): WriteLog | undefined;
}

export interface Persistence {
  /** The live state (tracked): hand this to the modules. */
  state: SimState;
  uploads: Uploads;
  /** Run a change and learn the range of its writes, to pass to {@link Persistence.save}. */
  bracket<T>(fn: () => T | Promise<T>): Promise<{ value: T; writes: WriteRange }>;
  /**
   * Write what changed; resolves once the writes in `range` (default: every
   * write so far) are in the store. Rejects with {@link SaveFailed} when any
   * of them was undone instead (a failed save).
   */
  save(range?: WriteRange): Promise<void>;
  /** Called after changes were undone (modules rebuild what they derive from the state). */
  onRestore(fn: () => void): void;
  /**
   * Replace the whole state with another (a loaded scenario), the way a failed
   * save puts the stored state back: copied into the live objects in place,
   * then every {@link Persistence.onRestore} hook runs, so modules rebuild what
   * they derive. The next save writes the whole state (and drops units it no
   * longer has). `blobs`: the images to write (null: to drop).
   */
  replace(next: SimState, blobs: ReadonlyMap<string, StoredBlob | null>): void;
  /** Forget everything saved and stop saving (the next start begins afresh). */
  wipe(): Promise<void>;
  /** Save, then release the store. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A new state, for an empty store. */
  fresh: () => SimState;
  now: number;
  /** Tells calls' writes apart across awaits (optional; see {@link WriteScope}). */
  scope?: WriteScope;
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
  /** Writes so far; every write of a change is numbered by it. */
  let seq = 0;
  // Unit keys by the written object's path (the tracker hands the same array
  // for every write to one object), so a write costs a lookup, not a JSON.stringify.
  const inUnit = new WeakMap<readonly string[], string>();
  const openKey = new WeakMap<readonly string[], string>();
  const scope = opts.scope;
  /** Calls running now (with a scope), to stop the ones whose writes a failed save undid. */
  const running = new Set<WriteLog>();
  const tracked = track(raw, (path, key) => {
    const log = scope?.current();
    // Before the write is made: it does not happen.
    if (log?.aborted) throw log.aborted;
    seq++;
    if (log) {
      if (log.n++ === 0) log.min = seq;
      log.max = seq;
    }
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
  // Images not yet saved (uploads.ts keeps them; a replaced state stages its own here).
  const unsaved = new Map<string, StoredBlob | null>(staged);
  const uploads = createUploads(tracked.root, (id) => store.blob(id), unsaved);

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
    return {
      put: [...put],
      del: [...del],
      blobPut: blobs.put,
      blobDel: blobs.del,
      ...(legacy ? { dropLegacy: true } : {}),
    };
  }

  /** Every write up to this one is in the store, or was undone. */
  let savedSeq = 0;
  /** Ranges of writes undone by failed saves, oldest first (the last few hundred). */
  const undone: Array<{ from: number; to: number; full: boolean; cause: unknown }> = [];
  const restored: Array<() => void> = [];
  /** The store could not even be read back: nothing more is acknowledged. */
  let broken: SaveFailed | undefined;
  let chain: Promise<void> = Promise.resolve();
  let wiped = false;

  /** Put every unsaved change back as the store holds it; `batch` is the one that failed. */
  async function undo(batch: SaveBatch, cause: unknown): Promise<void> {
    const from = savedSeq;
    uploads.settle({ put: batch.blobPut, del: batch.blobDel }, false);
    uploads.discard();
    if (batch.dropLegacy) dropLegacy = true;
    const keys = new Set<string>([...batch.put.map(([k]) => k), ...batch.del]);
    // A container's own key (a collection replaced or emptied whole) is put back with the rest.
    const whole = () =>
      prefixes.length > 0 ||
      [...keys].some((k) => {
        const p = unitPath(k);
        return p.length < unitDepth(p[0] as string, p[1]);
      });
    try {
      if (whole()) {
        const loaded = await store.load();
        if (loaded?.kind !== 'units') throw new Error('the store holds no units to go back to');
        restoreAll(
          raw as unknown as Record<string, unknown>,
          assemble(loaded.units.map(([k, v]): [string, unknown] => [k, JSON.parse(v) as unknown])),
        );
        known.clear();
        for (const [k] of loaded.units) known.add(k);
      } else {
        // Changes made while the store is read are put back too: read until none came.
        const stored = new Map<string, string>();
        const read = new Set<string>();
        for (;;) {
          for (const k of dirty) keys.add(k);
          const next = [...keys].filter((k) => !read.has(k));
          if (next.length === 0) break;
          const got = await store.read(next);
          for (const k of next) {
            read.add(k);
            const v = got.get(k);
            if (v !== undefined) stored.set(k, v);
          }
        }
        // Synchronously after the last read: no change can come in between.
        restoreUnits(raw as unknown as Record<string, unknown>, keys, stored);
      }
    } catch (e) {
      broken = new SaveFailed(false, { cause: e });
      console.error(`simulator: ${where} cannot be read back; no change is acknowledged now`, e);
    }
    dirty.clear();
    prefixes.length = 0;
    const full = cause instanceof StoreFullError;
    undone.push({ from, to: seq, full, cause });
    for (const log of running)
      if (log.n > 0 && log.max > from) log.aborted = new SaveFailed(full, { cause });
    if (undone.length > 500) undone.shift();
    savedSeq = seq;
    for (const fn of restored) fn();
  }

  /** Write what changed, once the writes up to `to` are not in the store yet. */
  async function step(to: number): Promise<void> {
    if (broken) throw broken;
    // Nothing of theirs left to write (a whole-state or migration save is written whatever the count).
    if (wiped || (savedSeq >= to && !full && !dropLegacy)) return;
    const upTo = seq;
    const wasFull = full;
    const batch = take();
    if (!batch) {
      savedSeq = upTo;
      return;
    }
    try {
      await store.save(batch);
    } catch (e) {
      console.error(`simulator: saving to ${where} failed`, e);
      if (!wasFull) return undo(batch, e);
      // A new store's first save has nothing to go back to: the whole state is tried again.
      full = true;
      uploads.settle({ put: batch.blobPut, del: batch.blobDel }, false);
      if (batch.dropLegacy) dropLegacy = true;
      undone.push({ from: savedSeq, to: upTo, full: e instanceof StoreFullError, cause: e });
      savedSeq = upTo;
      return;
    }
    for (const [k] of batch.put) known.add(k);
    for (const k of batch.del) known.delete(k);
    uploads.settle({ put: batch.blobPut, del: batch.blobDel }, true);
    savedSeq = upTo;
  }

  /** The failure of a save that undid any write in (from, to], if one did. */
  function failure(from: number, to: number): SaveFailed | undefined {
    if (broken) return broken;
    // Older than the ranges kept: not known to be saved, so not acknowledged.
    const oldest = undone[0];
    if (undone.length >= 500 && oldest && from < oldest.from) return new SaveFailed(false);
    for (const u of undone)
      if (u.from < to && u.to > from) return new SaveFailed(u.full, { cause: u.cause });
    return undefined;
  }

  const save = (range?: WriteRange): Promise<void> => {
    const to = range?.to ?? seq;
    const from = range?.from ?? savedSeq;
    const run = chain.then(() => step(to));
    // The next save waits for this one, whatever became of it.
    chain = run.catch(() => {});
    return run.then(() => {
      const f = failure(from, to);
      if (f) throw f;
    });
  };

  return {
    state: tracked.root,
    uploads,
    async bracket(fn) {
      if (scope) {
        const log: WriteLog = { min: 0, max: 0, n: 0 };
        running.add(log);
        let value: Awaited<ReturnType<typeof fn>>;
        try {
          value = await scope.run(log, fn);
        } catch (e) {
          // Stopped at a write after its earlier ones were undone: what modules derive from
          // the state is rebuilt, in case the handler changed some of it before that write.
          if (e === log.aborted) for (const f of restored) f();
          throw e;
        } finally {
          running.delete(log);
        }
        return {
          value,
          writes: log.n ? { from: log.min - 1, to: log.max } : { from: seq, to: seq },
        };
      }
      const from = seq;
      const r = fn();
      // Read at once when it returns (an await here would let other calls' writes in).
      if (r instanceof Promise) return r.then((value) => ({ value, writes: { from, to: seq } }));
      return { value: r, writes: { from, to: seq } };
    },
    save,
    onRestore: (fn) => void restored.push(fn),
    replace(next, blobs) {
      restoreAll(
        raw as unknown as Record<string, unknown>,
        next as unknown as Record<string, unknown>,
      );
      for (const [id, b] of blobs) unsaved.set(id, b);
      dirty.clear();
      prefixes.length = 0;
      full = true;
      for (const fn of restored) fn();
    },
    async wipe() {
      wiped = true;
      await chain;
      await store.clear();
    },
    async close() {
      await save().catch((e: unknown) => console.error(`simulator: last save to ${where}`, e));
      await store.close?.();
    },
  };
}

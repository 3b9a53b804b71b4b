/**
 * Putting the live state back to what the store holds, after a save failed
 * (persistence.ts): the units that were not saved are read back from the
 * store and copied into the live objects in place, so every reference a
 * module keeps into the state (the ledger's balances, the trading indexes'
 * orders) stays the object the state holds. Writes go to the raw state, not
 * through the change tracking: what is put back is already saved.
 */
import { unitPath, type Path } from './units.ts';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null;

/** Make `target` equal to `source` (a parsed JSON value), reusing `target`'s objects. */
export function patchInto(target: Rec, source: Rec): void {
  const arr = Array.isArray(source);
  for (const k of Object.keys(target)) if (!(k in source)) delete target[k];
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    if (isRec(t) && isRec(v) && Array.isArray(t) === Array.isArray(v)) patchInto(t, v);
    else target[k] = v;
  }
  if (arr) (target as unknown as unknown[]).length = (source as unknown as unknown[]).length;
}

/** Put one value (undefined: none) at a path of the raw state. */
function putAt(root: Rec, path: Path, value: unknown): void {
  let o = root;
  for (const k of path.slice(0, -1)) {
    const next = o[k];
    if (!isRec(next)) {
      if (value === undefined) return;
      o[k] = {};
    }
    o = o[k] as Rec;
  }
  const last = path[path.length - 1] as string;
  const cur = o[last];
  if (value === undefined) delete o[last];
  else if (isRec(cur) && isRec(value) && Array.isArray(cur) === Array.isArray(value))
    patchInto(cur, value);
  else o[last] = value;
}

/** Put units back as the store holds them (absent from `stored`: the unit does not exist). */
export function restoreUnits(
  root: Rec,
  keys: Iterable<string>,
  stored: ReadonlyMap<string, string>,
): void {
  for (const k of keys) {
    const v = stored.get(k);
    putAt(root, unitPath(k), v === undefined ? undefined : (JSON.parse(v) as unknown));
  }
}

/** Put the whole state back to an assembled copy of the store. */
export function restoreAll(root: Rec, saved: Rec): void {
  patchInto(root, saved);
}

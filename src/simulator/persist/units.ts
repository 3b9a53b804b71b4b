/**
 * How the simulator's state is cut into units, the pieces a store writes.
 * A unit is one entry of a map-like collection (`users[uid]`,
 * `trading.orders[id]`, `ledger[key]`…), one field of a section
 * (`identity.outbox`, `trading.lastRollover`), or one top-level field
 * (`nextId`, `secret`). A call that changes one order writes that order only.
 *
 * Unit keys are the unit's path as a JSON array (`["trading","orders","1042"]`):
 * unambiguous whatever characters the map keys hold (ledger keys have colons,
 * code keys have e-mail addresses).
 *
 * A top-level field that is neither a collection nor a section below is one
 * unit as a whole: always correct, just written whole when it changes. A
 * module adding a large map should list it here.
 */
import { ACCOUNT_MAPS } from '../modules/account/state.ts';

export type Path = readonly string[];

/** Top-level maps whose entries are each a unit. */
const TOP_COLLECTIONS = new Set([
  'ledger',
  'users',
  'deletedUsers',
  'products',
  'flags',
  'uploads',
]);

/** Sections: each field is a unit, except the maps listed, whose entries are units. */
const SECTIONS: Record<string, ReadonlySet<string>> = {
  identity: new Set([
    'codes',
    'lastSent',
    'captchas',
    'refreshTokens',
    'throttlePairs',
    'throttleSources',
  ]),
  account: new Set(ACCOUNT_MAPS),
  trading: new Set(['orders', 'options']),
};

/** How long the path of a unit is, for a path starting with these keys. */
export function unitDepth(top: string, second: string | undefined): number {
  if (TOP_COLLECTIONS.has(top)) return 2;
  const section = SECTIONS[top];
  if (!section) return 1;
  return second !== undefined && section.has(second) ? 3 : 2;
}

/** The key of a unit from its path. */
export const unitKey = (path: Path): string => JSON.stringify(path);

/** The path of a unit from its key. */
export const unitPath = (key: string): string[] => JSON.parse(key) as string[];

/** Does a unit key lie under (or at) a path? */
export function under(key: string, prefix: Path): boolean {
  if (prefix.length === 0) return true;
  const p = unitKey(prefix);
  return key === p || key.startsWith(`${p.slice(0, -1)},`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The value at a path (undefined when any step is missing). */
export function valueAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const k of path) {
    if (!isObject(v)) return undefined;
    v = v[k];
  }
  return v;
}

/**
 * Every unit under a path of the live state, as [key, value] pairs. A path
 * shorter than a unit (the root, a section, a collection) is walked down.
 */
export function unitsUnder(root: unknown, prefix: Path): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const walk = (v: unknown, path: string[]) => {
    if (v === undefined) return;
    const depth = path.length === 0 ? 1 : unitDepth(path[0] as string, path[1]);
    if (path.length >= depth) {
      out.push([unitKey(path), v]);
      return;
    }
    const keys = isObject(v) && !Array.isArray(v) ? Object.keys(v) : [];
    // A container replaced by a scalar, or an empty one, is kept as a unit at
    // its own path, so a reload gives back exactly what was there.
    if (keys.length === 0) {
      if (path.length > 0) out.push([unitKey(path), v]);
      return;
    }
    for (const k of keys) walk((v as Record<string, unknown>)[k], [...path, k]);
  };
  walk(valueAt(root, prefix), [...prefix]);
  return out;
}

const isEmptyRecord = (v: unknown): boolean =>
  isObject(v) && !Array.isArray(v) && Object.keys(v).length === 0;

/**
 * Rebuild a state from its units (each value already parsed). An empty
 * container's marker never overwrites entries already placed in it (a marker
 * can outlive the container's emptiness).
 */
export function assemble(units: Iterable<[string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of units) {
    const path = unitPath(key);
    let o = root;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i] as string;
      const next = o[k];
      o = isObject(next) ? next : (o[k] = {});
    }
    const last = path[path.length - 1] as string;
    if (isEmptyRecord(value) && isObject(o[last])) continue;
    o[last] = value;
  }
  return root;
}

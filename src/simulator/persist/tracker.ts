/**
 * Change tracking for the simulator's state: a deep Proxy over the state that
 * reports the path of every write (set, delete, define at any depth), so a
 * save writes only the units that changed. Modules keep reading and writing
 * `ctx.state` as plain objects.
 *
 * What it cannot see: a write through a reference to the raw object, taken
 * before the object was put into the state (`const o = {…}; state.x[id] = o;
 * later o.y = 1`). Code that keeps such an object across calls (the trading
 * runtime's indexes) must keep the one read back from the state instead. The
 * reload test (tests/unit/simulator/store) catches any that slip.
 */

type Obj = Record<PropertyKey, unknown>;

interface Entry {
  proxy: Obj;
  /** The raw parent and key this proxy was made for (a moved object gets a new one). */
  parent: object | undefined;
  key: string | undefined;
}

const isTrackable = (v: unknown): v is Obj => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === Array.prototype || proto === null;
};

export interface Tracked<T> {
  /** The state to hand to modules: reads and writes go through it. */
  root: T;
  /** The raw object behind a proxy (the value itself when not one). */
  raw<V>(v: V): V;
}

/**
 * Wrap `state` so that `onWrite(path, key)` is called for every property
 * written or deleted: the path of the object (the same array for every write
 * to that object, never to be changed) and the property's key.
 */
export function track<T extends object>(
  state: T,
  onWrite: (path: readonly string[], key: string) => void,
): Tracked<T> {
  const entries = new WeakMap<object, Entry>();
  const raws = new WeakMap<object, object>();

  /** Replace proxies inside a value being stored by their raw objects. */
  const unwrap = (v: unknown, seen?: Set<object>): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    seen ??= new Set();
    const r = raws.get(v);
    if (r) return r;
    if (!isTrackable(v) || seen.has(v)) return v;
    seen.add(v);
    for (const k of Object.keys(v)) {
      const c = v[k];
      if (typeof c === 'object' && c !== null) {
        const u = unwrap(c, seen);
        if (u !== c) v[k] = u;
      }
    }
    return v;
  };

  // One handler for every proxy (V8 keeps its traps fast that way); each
  // target's path is looked up only when it is written or a child is wrapped.
  const paths = new WeakMap<object, readonly string[]>();
  const ROOT: readonly string[] = [];
  const pathOf = (t: object): readonly string[] => paths.get(t) ?? ROOT;
  const handler: ProxyHandler<Obj> = {
    get(t, k) {
      const v = t[k as string];
      if (typeof v !== 'object' || v === null || typeof k === 'symbol') return v;
      const e = entries.get(v);
      if (e !== undefined && e.parent === t && e.key === k) return e.proxy;
      if (!isTrackable(v)) return v;
      return wrap(v, [...pathOf(t), k], t, k);
    },
    set(t, k, v) {
      if (typeof k !== 'symbol') onWrite(pathOf(t), k);
      return Reflect.set(t, k, unwrap(v));
    },
    deleteProperty(t, k) {
      if (typeof k !== 'symbol' && Object.prototype.hasOwnProperty.call(t, k))
        onWrite(pathOf(t), k);
      return Reflect.deleteProperty(t, k);
    },
    defineProperty(t, k, d) {
      if (typeof k !== 'symbol') onWrite(pathOf(t), k);
      if ('value' in d) d = { ...d, value: unwrap(d.value) };
      return Reflect.defineProperty(t, k, d);
    },
  };

  const wrap = (target: Obj, path: readonly string[], parent?: object, key?: string): Obj => {
    const proxy = new Proxy(target, handler);
    paths.set(target, path);
    entries.set(target, { proxy, parent, key });
    raws.set(proxy, target);
    return proxy;
  };

  return {
    root: wrap(state as Obj, []) as T,
    raw: <V>(v: V): V => (typeof v === 'object' && v !== null ? (raws.get(v) ?? v) : v) as V,
  };
}

/**
 * The one diff behind both channels' delta messages (api/types/realtime.ts):
 * the exchange channel's order lists and the market channel's price board.
 * Given a list as a connection last received it and the current one, the
 * changed fields of each item, each named by its key field, or undefined
 * when a patch cannot say it and the list must go in full.
 */
type Fields = Record<string, unknown>;

/**
 * Patches that turn `prev` into `next`, or undefined when there is nothing
 * to patch (nothing sent yet), when the make-up differs (other items, or the
 * same in another order) or when a field went away (JSON cannot say "gone").
 * Only items for which `moved(prev, next)` holds are looked at; the others
 * stay as the client has them (the caller keeps what it sent, not `next`).
 */
export function listPatch<T extends object, K extends keyof T & string>(
  prev: readonly T[] | undefined,
  next: readonly T[],
  key: K,
  moved: (a: T, b: T) => boolean = () => true,
): Array<Pick<T, K> & Partial<T>> | undefined {
  if (!prev || prev.length !== next.length) return undefined;
  for (let i = 0; i < next.length; i++) if (prev[i]![key] !== next[i]![key]) return undefined;
  const patch: Fields[] = [];
  for (let i = 0; i < next.length; i++) {
    if (!moved(prev[i]!, next[i]!)) continue;
    const a = prev[i] as Fields;
    const b = next[i] as Fields;
    for (const k in a) if (!(k in b)) return undefined;
    let p: Fields | undefined;
    for (const k in b) if (a[k] !== b[k]) (p ??= { [key]: b[key] })[k] = b[k];
    if (p) patch.push(p);
  }
  return patch as Array<Pick<T, K> & Partial<T>>;
}

/**
 * The signed-in user's running options as last read (ui/trade/running-options-feed.ts
 * reads them while anything shows them), and every option the app has known
 * since sign-in: listed as running, placed here, or settled since. An option
 * looked for after a lost reply (machines/optionOrder/actors.ts) is none of
 * these, so an identical option placed a moment before is not taken for it.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import type { OptionOrder } from '../api/types/trading.ts';

/** `list` is undefined until the first reply since sign-in. */
export const runningOptions = proxy<{ list: OptionOrder[] | undefined }>({ list: undefined });

/** How many known options are kept (far more than run at once: OPTION_RUNNING_LIMIT). */
const KNOWN_KEPT = 500;
/**
 * Option keys (the uid addOrderOption answers), oldest first. Kept across
 * sign-outs: a key names one option on the server, so another account's can
 * never be taken for this one's.
 */
const known = new Set<string>();

/** The app knows this option: it was placed here, or a list showed it. */
export function noteOptionKnown(uid: string): void {
  known.delete(uid);
  known.add(uid);
  for (const k of known) {
    if (known.size <= KNOWN_KEPT) break;
    known.delete(k);
  }
}

// A settled option leaves the running list; the set remembers it was known.
subscribe(runningOptions, () => {
  for (const o of runningOptions.list ?? []) noteOptionKnown(o.uid);
});

/** Every option key the app knows now (running, placed here, settled since sign-in). */
export function knownOptionUids(): Set<string> {
  return new Set([...known, ...(runningOptions.list ?? []).map((o) => o.uid)]);
}

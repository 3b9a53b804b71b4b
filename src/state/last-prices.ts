/**
 * The last prices this browser showed, so the next start shows them at once,
 * marked as not live (ui/components/quote.tsx: data-stale, a stale style and
 * label), until live ones arrive. Only home's quote cards and table use them;
 * every other price display waits for live prices, as before.
 *
 * Stored small (the fields those displays show, about 9 KB for 60 products)
 * when the first live list arrives and then at most every 5 s.
 */
import { subscribe } from 'valtio/vanilla';
import { readJson, writeJson } from './persist.ts';
import { prices } from './prices.ts';
import { isSeen, LAST_PRICES_KEY, SEEN_FIELDS, type SeenPrice } from './seen.ts';

const KEY = LAST_PRICES_KEY;
const EVERY_MS = 5000;
export type { SeenPrice };

export interface LastSeen {
  /** In display order; empty when this browser has seen none. */
  symbols: string[];
  bySymbol: Record<string, SeenPrice>;
}

/** Read once at start; it does not follow the live board. */
function load(): LastSeen {
  const raw = readJson<unknown>(KEY);
  const list = Array.isArray(raw) ? raw.filter(isSeen) : [];
  return {
    symbols: list.map((p) => p.name),
    bySymbol: Object.fromEntries(list.map((p) => [p.name, p])),
  };
}

export const lastSeen: LastSeen = load();

function save(): void {
  const list = prices.symbols.flatMap((s) => {
    const q = prices.bySymbol[s];
    return q ? [Object.fromEntries(SEEN_FIELDS.map((f) => [f, q[f]])) as unknown as SeenPrice] : [];
  });
  if (list.length) writeJson(KEY, list);
}

/** Keep the stored prices up to date: at once for the first live list, then every 5 s at most. */
export function rememberPrices(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saved = false;
  const unsub = subscribe(prices, () => {
    if (!saved) {
      saved = true;
      return save();
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      save();
    }, EVERY_MS);
  });
  return () => {
    unsub();
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The boot shell's last-seen prices (issue 31 item 3): on a repeat visit to
 * home on a phone, index.html paints the prices this browser last showed,
 * marked as not live, before any module script has loaded
 * (shell-paint.ts, inlined by build/inline-boot.ts); React replaces them.
 *
 * It reads what the app keeps already (state/seen.ts: the last prices and
 * each product's digits) and one small record of its own, `boot.shell`:
 * the screen's texts in the user's language, written by the app
 * (shell-texts.ts). Nothing here may import a store, React or i18n: this
 * file runs before them.
 */
import { DEFAULT_PRECISION } from '../../config/constants.ts';
import { DIGITS_KEY, isDigits, isSeen, LAST_PRICES_KEY, type SeenPrice } from '../../state/seen.ts';
import { fixed, signedPercent } from '../number-core.ts';

export const SHELL_KEY = 'boot.shell';
/** Bumped when the record's shape changes: an older one is not painted. */
export const SHELL_VERSION = 1;
/** Rows painted at most (home lists every product; a stored list longer than this is cut). */
export const SHELL_ROWS = 100;

/** The texts the painted screen shows, in the user's language. */
export interface ShellTexts {
  title: string;
  symbol: string;
  bid: string;
  ask: string;
  change: string;
  /** The note above last-seen prices. */
  stale: string;
  /** A stale price cell's accessible name, around the price. */
  stalePrice: [before: string, after: string];
}

export interface ShellRecord {
  v: typeof SHELL_VERSION;
  lang: string;
  dir: 'ltr' | 'rtl';
  texts: ShellTexts;
}

const TEXT_KEYS = ['title', 'symbol', 'bid', 'ask', 'change', 'stale'] as const;
export const isText = (s: unknown): s is string => typeof s === 'string' && s.length <= 200;

/** The record, when it is this version's and whole; else undefined (nothing is painted). */
export function parseShellRecord(raw: unknown): ShellRecord | undefined {
  const r = raw as Partial<ShellRecord> | null;
  const t = r?.texts;
  if (r?.v !== SHELL_VERSION || !t || typeof r.lang !== 'string') return undefined;
  if (r.dir !== 'ltr' && r.dir !== 'rtl') return undefined;
  if (!TEXT_KEYS.every((k) => isText(t[k]))) return undefined;
  const sp = t.stalePrice;
  if (!Array.isArray(sp) || sp.length !== 2 || !sp.every(isText)) return undefined;
  return r as ShellRecord;
}

export interface ShellView {
  record: ShellRecord;
  prices: SeenPrice[];
  /** Price decimals by symbol. */
  digits: Record<string, number>;
}

export type Read = (key: string) => string | null;

export function json(read: Read, key: string): unknown {
  try {
    const s = read(key);
    return s ? JSON.parse(s) : undefined;
  } catch {
    return undefined;
  }
}

/** What the shell can paint from storage, or undefined when anything it needs is missing. */
export function readShellView(read: Read): ShellView | undefined {
  const record = parseShellRecord(json(read, SHELL_KEY));
  const list = json(read, LAST_PRICES_KEY);
  if (!record || !Array.isArray(list)) return undefined;
  const prices = list.filter(isSeen).slice(0, SHELL_ROWS);
  if (!prices.length) return undefined;
  const stored = json(read, DIGITS_KEY) as Record<string, { price?: unknown }> | undefined;
  const digits: Record<string, number> = {};
  for (const p of prices) {
    const d = stored && typeof stored === 'object' ? stored[p.name]?.price : undefined;
    digits[p.name] = isDigits(d) ? d : DEFAULT_PRECISION;
  }
  return { record, prices, digits };
}

export const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The painted screen: home's title, the note, and its product table with the
 * marks the app's own stale cells carry (components/quote.tsx and num.tsx:
 * `data-stale`, `data-num`, `data-unit`, the accessible name), so the eye, a
 * screen reader and a test read them as the app's last-seen prices. `live`:
 * prices from the market socket (shell-live.ts), without the note and marks.
 */
export function shellHtml({ record, prices, digits }: ShellView, live = false): string {
  const t = record.texts;
  const [before, after] = t.stalePrice;
  const cell = (symbol: string, v: number, testId: string) => {
    const text = fixed(v, digits[symbol] ?? DEFAULT_PRECISION);
    const stale = live
      ? ''
      : ` data-stale="true" aria-label="${esc(`${before}${text}${after}`)}" title="${esc(t.stale)}"`;
    return `<td class="price"${testId ? ` data-testid="${esc(testId)}"` : ''} data-num="price" data-unit="${esc(symbol)}"${stale}><bdi dir="ltr">${text}</bdi></td>`;
  };
  const rows = prices
    .map(
      (p) =>
        `<tr${live ? '' : ' class="stale"'}><th scope="row"><span class="sym">${esc(p.name)}</span><span class="sub">${esc(p.productName ?? '')}</span></th>${cell(p.name, p.bidPrice, `row-bid-${p.name}`)}${cell(p.name, p.askPrice, '')}<td><span class="change-pill"><span data-num="percent"><bdi dir="ltr">${signedPercent(p.priceChangePercent)}</bdi></span>%</span></td></tr>`,
    )
    .join('');
  return `<main class="boot-main"><h1 class="boot-title">${esc(t.title)}</h1>${live ? '' : `<p class="stale-note" role="status">${esc(t.stale)}</p>`}<table class="boot-table"><thead><tr><th scope="col">${esc(t.symbol)}</th><th scope="col">${esc(t.bid)}</th><th scope="col">${esc(t.ask)}</th><th scope="col">${esc(t.change)}</th></tr></thead><tbody>${rows}</tbody></table></main>`;
}

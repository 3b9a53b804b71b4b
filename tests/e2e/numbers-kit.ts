/**
 * Reading the numbers on a page by the DOM convention of README "Numbers on
 * screen": `data-num` (kind), `data-unit` (product or currency) and
 * `data-figure` (a figure shown in more than one place). The expected
 * precision comes from the simulator's catalogue, never from the page.
 */
import type { Page } from '@playwright/test';
import { productBySymbol } from '../../src/simulator/catalogue.ts';

export interface ShownNumber {
  kind: string;
  unit: string | null;
  figure: string | null;
  text: string;
}

/** Decimals a text shows ("-1.2340" → 4, "12" → 0). */
export const decimalsIn = (text: string): number => {
  const m = /^[+-]?\d+(?:\.(\d+))?$/.exec(text.trim());
  return m ? (m[1]?.length ?? 0) : -1;
};

/** A product's price decimals in the simulator's catalogue. */
export function catalogueDigits(symbol: string): number {
  const p = productBySymbol.get(symbol);
  if (!p) throw new Error(`no product ${symbol} in the catalogue`);
  return p.precision;
}

/** A product's volume decimals in the catalogue: whole units when its minCount is 1 or more. */
export function catalogueVolumeDigits(symbol: string): number {
  const p = productBySymbol.get(symbol);
  if (!p) throw new Error(`no product ${symbol} in the catalogue`);
  return p.minCount >= 1 ? 0 : 2;
}

/** Every visible marked number on the page. */
export function shownNumbers(page: Page, kind?: string): Promise<ShownNumber[]> {
  return page.evaluate((k) => {
    const sel = k ? `[data-num="${k}"]` : '[data-num]';
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((e) => e.checkVisibility())
      .map((e) => ({
        kind: e.dataset.num ?? '',
        unit: e.dataset.unit ?? null,
        figure: e.dataset.figure ?? null,
        text: (e.textContent ?? '').trim(),
      }));
  }, kind);
}

/**
 * Visible text that looks like a decimal number but is in no `data-num`
 * element (dates, times and versions are not decimal numbers).
 */
export function bareDecimals(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent ?? '';
      const cleaned = text
        .replace(/\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?/g, '')
        .replace(/v?\d+\.\d+\.\d+/g, '');
      if (!/\d\.\d/.test(cleaned)) continue;
      const el = n.parentElement;
      if (!el || el.closest('[data-num], script, style, [aria-hidden="true"]')) continue;
      if (!el.checkVisibility()) continue;
      out.push(text.trim());
    }
    return out;
  });
}

/** Figures (data-figure) shown more than once whose texts differ. */
export async function disagreeingFigures(page: Page): Promise<Record<string, string[]>> {
  const by: Record<string, Set<string>> = {};
  for (const n of await shownNumbers(page)) if (n.figure) (by[n.figure] ??= new Set()).add(n.text);
  return Object.fromEntries(
    Object.entries(by)
      .filter(([, v]) => v.size > 1)
      .map(([k, v]) => [k, [...v]]),
  );
}

/** Prices and volumes not at their product's catalogue precision: "SYMBOL text (expected d)". */
export async function offPrecision(page: Page): Promise<string[]> {
  const wrong: string[] = [];
  for (const n of await shownNumbers(page)) {
    if ((n.kind !== 'price' && n.kind !== 'volume') || !n.unit) continue;
    const want = n.kind === 'price' ? catalogueDigits(n.unit) : catalogueVolumeDigits(n.unit);
    if (decimalsIn(n.text) !== want) wrong.push(`${n.kind} ${n.unit} ${n.text} (expected ${want})`);
  }
  return wrong;
}

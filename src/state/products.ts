/**
 * Each product's digits: how many decimals its prices and its volumes show
 * (trading.md §3 pricePrecision, default 2; volumes whole for a product
 * whose minCount is one or more). Every price and volume on screen reads
 * them here (src/ui/format.ts), and a view re-renders when they change.
 *
 * Learned from, newest wins:
 * - price entries (the product list reply, the market channel's full
 *   messages, a thumb), whose `pricePrecision` and `volumePrecision` are an
 *   extension a visitor can read (api/types/trading.ts);
 * - the product order info (signed in: the spec's own place for them);
 * - this browser's cache (localStorage), so a reload, or a visitor on a
 *   server without the extension, knows them before any reply.
 * Nothing known: the spec's default, never the digits a number happens to
 * have (a price of 0.6600 read as 0.66 would show two decimals).
 */
import { proxy } from 'valtio/vanilla';
import { volumeDecimals } from '../api/volume-decimals.ts';
import type { PriceEntry, ProductOrderInfo } from '../api/types/trading.ts';
import type { PricePatch } from '../api/types/realtime.ts';
import { DEFAULT_PRECISION } from '../config/constants.ts';
import { readJson, writeJson } from './persist.ts';
import { DIGITS_KEY, isDigits } from './seen.ts';

export interface ProductDigits {
  /** Price decimals (pricePrecision). */
  price: number;
  /** Volume decimals: 0 for whole units, else 2. */
  volume: number;
}

const KEY = DIGITS_KEY;

/** Volume decimals from a product info's smallest volume. */
export const volumeDigitsOf = (minCount: number | undefined): number => volumeDecimals(minCount);

function load(): Record<string, ProductDigits> {
  const raw = readJson<Record<string, Partial<ProductDigits>>>(KEY);
  const out: Record<string, ProductDigits> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [s, d] of Object.entries(raw))
    if (isDigits(d?.price) && isDigits(d.volume)) out[s] = { price: d.price, volume: d.volume };
  return out;
}

export const productDigits = proxy<{ bySymbol: Record<string, ProductDigits>; loaded: boolean }>({
  bySymbol: load(),
  loaded: false,
});

let saving = false;
/** Written once per batch of changes (a full price list changes 60 at once). */
function save(): void {
  if (saving) return;
  saving = true;
  queueMicrotask(() => {
    saving = false;
    writeJson(KEY, productDigits.bySymbol);
  });
}

function learn(symbol: string, price: unknown, volume: unknown): void {
  const prev = productDigits.bySymbol[symbol];
  const p = isDigits(price) ? price : prev?.price;
  if (p === undefined) return;
  const v = isDigits(volume) ? volume : (prev?.volume ?? DEFAULT_PRECISION);
  if (prev?.price === p && prev.volume === v) return;
  productDigits.bySymbol[symbol] = { price: p, volume: v };
  save();
}

/** Learn from price entries or patches that carry the extension fields. */
export function learnPrecisions(
  entries: Iterable<Pick<PriceEntry, 'name'> & Partial<PriceEntry>> | readonly PricePatch[],
): void {
  for (const e of entries)
    if (e.pricePrecision !== undefined || e.volumePrecision !== undefined)
      learn(e.name, e.pricePrecision, e.volumePrecision);
}

/** Learn from a product order info reply (one product or all of them). */
export function learnProducts(infos: Record<string, ProductOrderInfo> | null | undefined): void {
  if (!infos) return;
  for (const [symbol, info] of Object.entries(infos)) {
    if (!info) continue;
    learn(symbol, info.pricePrecision, volumeDigitsOf(info.minCount));
  }
}

/** A product's price decimals: what was learned, else the spec's default (2). */
export const priceDigitsOf = (symbol: string): number =>
  productDigits.bySymbol[symbol]?.price ?? DEFAULT_PRECISION;

/** A product's volume decimals: what was learned, else the default amount precision (2). */
export const volumeDigitsFor = (symbol: string): number =>
  productDigits.bySymbol[symbol]?.volume ?? DEFAULT_PRECISION;

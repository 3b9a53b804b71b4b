/**
 * What the product order info says about each product's numbers (trading.md
 * §3 pricePrecision, minCount), kept once learned so every price and volume
 * on screen uses its product's precision (issue 13 item 5), wherever it is
 * printed: forms, positions, history, confirms, settlements.
 */
import { proxy } from 'valtio/vanilla';
import type { ProductOrderInfo } from '../api/types/trading.ts';

export interface ProductDigits {
  /** Price decimals (pricePrecision). */
  price: number;
  /** Smallest volume (minCount): whole units for shares. */
  minCount: number;
}

export const productDigits = proxy<{ bySymbol: Record<string, ProductDigits>; loaded: boolean }>({
  bySymbol: {},
  loaded: false,
});

/** Learn from a product order info reply (one product or all of them). */
export function learnProducts(infos: Record<string, ProductOrderInfo> | null | undefined): void {
  if (!infos) return;
  for (const [symbol, info] of Object.entries(infos)) {
    if (typeof info?.pricePrecision !== 'number') continue;
    const prev = productDigits.bySymbol[symbol];
    if (prev?.price === info.pricePrecision && prev.minCount === info.minCount) continue;
    productDigits.bySymbol[symbol] = { price: info.pricePrecision, minCount: info.minCount };
  }
}

/**
 * Option products: one per catalogue product, each with the same terms.
 * `timeRatePayload` entries are encoded `duration|profitRate^chips^max|min^label`
 * (trading.md §3), chips comma separated, durations in seconds, the rate in
 * percent (a win pays amount × rate / 100 on top of the stake).
 * Options carry no fee (feeRate 0): the house edge is the payout below 100 %.
 */
import type { OptionProduct } from '../../../api/types/trading.ts';
import type { ProductDef } from '../../catalogue.ts';
import type { TradingContext } from './state.ts';

export interface OptionTerm {
  timeLong: number;
  rate: number;
  label: string;
}

export const OPTION_TERMS: readonly OptionTerm[] = [
  { timeLong: 30, rate: 80, label: '30s' },
  { timeLong: 60, rate: 85, label: '60s' },
  { timeLong: 180, rate: 88, label: '3min' },
  { timeLong: 300, rate: 90, label: '5min' },
];
export const OPTION_CHIPS: readonly number[] = [10, 50, 100, 500, 1000];
export const OPTION_MIN = 10;
export const OPTION_MAX = 10_000;
export const OPTION_FEE_RATE = 0;

/** Encode one term as a timeRatePayload value. */
export const encodeTerm = (t: OptionTerm): string =>
  `${t.timeLong}|${t.rate}^${OPTION_CHIPS.join(',')}^${OPTION_MAX}|${OPTION_MIN}^${t.label}`;

/** Decode a timeRatePayload value (the client's reading of it). */
export function decodeTerm(s: string): {
  timeLong: number;
  profitRate: number;
  chips: number[];
  max: number;
  min: number;
  name: string;
} {
  const [head = '', chips = '', range = '', name = ''] = s.split('^');
  const [timeLong = '', profitRate = ''] = head.split('|');
  const [max = '', min = ''] = range.split('|');
  return {
    timeLong: Number(timeLong),
    profitRate: Number(profitRate),
    chips: chips ? chips.split(',').map(Number) : [],
    max: Number(max),
    min: Number(min),
    name,
  };
}

/** Option product id of a catalogue product (its position in the catalogue, from 1). */
export function optionProductId(ctx: TradingContext, symbol: string): string | undefined {
  const i = ctx.products.all().findIndex((d) => d.symbol === symbol);
  return i < 0 ? undefined : String(i + 1);
}

/** The catalogue product an option product id names. */
export function productOfOption(ctx: TradingContext, id: string): ProductDef | undefined {
  const i = Number(id);
  return Number.isInteger(i) && i >= 1 ? ctx.products.all()[i - 1] : undefined;
}

/** The option product of a catalogue product, with the common terms. */
export function optionProduct(ctx: TradingContext, d: ProductDef, id: string): OptionProduct {
  return {
    id,
    productCode: d.symbol,
    feeRate: OPTION_FEE_RATE,
    tradeStatus: ctx.products.tradeStatus(d.symbol),
    timeRatePayload: Object.fromEntries(OPTION_TERMS.map((t, i) => [String(i), encodeTerm(t)])),
  };
}

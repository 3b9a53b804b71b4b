/**
 * Option-order rules of trading.md §5 "Option order" and the option product
 * encoding of §3: the option load, delivery times, amount and payout.
 */
import Big from 'big.js';
import type { CallResult } from '../../api/client.ts';
import { optionWinProfit } from '../../api/order-rules.ts';
import type { OptionProduct } from '../../api/types/trading.ts';
import { numberOf } from './number-input.ts';

/** One load of a product for the option form: the option product, market status, quote, balance. */
export interface OptionLoad {
  symbol: string;
  product: CallResult<'findOptionsProduct'>;
  status: CallResult<'marketStatus'>;
  quote: CallResult<'thumb'>;
  balance: CallResult<'userBalance'>;
}

/** The first failing code of an option load, else undefined. */
export function optionLoadFailure(l: OptionLoad): number | undefined {
  for (const r of [l.product, l.status, l.quote, l.balance]) if (r.code !== 0) return r.code;
  return undefined;
}

/** The symbol's option product, if the server has one. */
export const optionProductOf = (
  l: Pick<OptionLoad, 'symbol' | 'product'>,
): OptionProduct | undefined =>
  l.product.data?.optionsProducts.find((p) => p.productCode === l.symbol);

/** An option can be placed: the product exists, is tradable (1) and its market is open. */
export const optionTradable = (l: Pick<OptionLoad, 'symbol' | 'product' | 'status'>): boolean =>
  optionProductOf(l)?.tradeStatus === 1 && l.status.data === 'open';

/** One delivery time of an option product (§3 "Option product"). */
export interface DeliveryTime {
  /** Seconds. */
  timeLong: number;
  /** Percent; the payout shown is profitRate / 100. */
  profitRate: number;
  chips: number[];
  /** 0 or less: no maximum. */
  max: number;
  min: number;
  name: string;
}

/** Decode one `duration|profitRate^chips^max|min^label` entry (chips comma separated). */
export function parseDeliveryTime(s: string): DeliveryTime | undefined {
  const [head = '', chips = '', range = '', label = ''] = s.split('^');
  const [timeLong = '', profitRate = ''] = head.split('|');
  const [max = '', min = ''] = range.split('|');
  const t = Number(timeLong);
  if (!Number.isFinite(t) || t <= 0) return undefined;
  return {
    timeLong: t,
    profitRate: Number(profitRate) || 0,
    chips: chips
      .split(',')
      .map((c) => Number(c))
      .filter((c) => c > 0),
    max: Number(max) || 0,
    min: Number(min) || 0,
    name: label || `${t}s`,
  };
}

/** Every delivery time of a product's timeRatePayload, shortest first. */
export const parseDeliveryTimes = (payload: Record<string, string> | undefined): DeliveryTime[] =>
  Object.values(payload ?? {})
    .map(parseDeliveryTime)
    .filter((d): d is DeliveryTime => !!d)
    .sort((a, b) => a.timeLong - b.timeLong);

export const checkDelivery = (term: DeliveryTime | undefined) =>
  term ? undefined : ('delivery_empty_rule' as const);

/** An option amount: required, a positive integer, within min..max (max only when > 0). */
export function checkAmount(
  value: string,
  term: DeliveryTime | undefined,
): 'amount_empty_rule' | 'amount_positive_int_rule' | 'amount_range_rule' | undefined {
  const n = numberOf(value);
  if (n === undefined) return 'amount_empty_rule';
  if (!Number.isInteger(n) || n <= 0) return 'amount_positive_int_rule';
  if (term && (n < term.min || (term.max > 0 && n > term.max))) return 'amount_range_rule';
  return undefined;
}

/** The payout rate shown: the percent rate / 100 (trading.md §9). */
export const payoutRate = (term: DeliveryTime | undefined): number | undefined =>
  term ? new Big(term.profitRate).div(100).toNumber() : undefined;

/** What a win pays on top of the stake: the server's settle rule (api/order-rules.ts), with 2 decimals. */
export const profitIfWon = (amount: number, profitRate: number): string =>
  optionWinProfit(amount, profitRate).toFixed(2);

/**
 * Order-form rules of trading.md §5 "Market order" and "Option order", and the
 * option product encoding of §3. Checks return the spec's message key, or
 * undefined when the value is fine; clamps return the value to keep.
 * Money goes through big.js (no float arithmetic on amounts).
 */
import Big from 'big.js';
import type { CallResult } from '../../api/client.ts';
import type {
  Balance,
  OptionProduct,
  OrderDirection,
  ProductOrderInfo,
} from '../../api/types/trading.ts';
import { DEFAULT_LEVERAGE, DEFAULT_PIP, DEFAULT_PRECISION } from '../../config/constants.ts';
import { numberOf } from './number-input.ts';
import { prices } from '../../state/prices.ts';

/** Bid and ask of the product now (ask: where a buy fills, bid: where a sell fills). */
export interface Quote {
  bid: number;
  ask: number;
  /** Mid price, as the price board shows it. */
  price: number;
  /** Epoch ms of the tick the quote comes from. */
  time: number;
}

/** What a form knows of its product: order info, quote, balance, and why it cannot trade. */
export interface ProductState {
  info: ProductOrderInfo | null;
  quote: Quote | null;
  balance: Balance | null;
  /** 0 tradable, 1 market closed (closed or early_trading), 2 product tradeStatus 0. */
  closed: 0 | 1 | 2;
}

/** One load of a product for an order form: the four calls' results. */
export interface ProductLoad {
  symbol: string;
  info: CallResult<'productOrderInfo'>;
  status: CallResult<'marketStatus'>;
  quote: CallResult<'thumb'>;
  balance: CallResult<'userBalance'>;
}

/** The first failing code of a load (-1 when the product is missing), else undefined. */
export function loadFailure(l: ProductLoad): number | undefined {
  for (const r of [l.info, l.status, l.quote, l.balance]) if (r.code !== 0) return r.code;
  return l.info.data?.[l.symbol] ? undefined : -1;
}

/** Market closed (status closed or early_trading) is 1; a product with tradeStatus 0 is 2. */
export function closedOf(l: ProductLoad): 0 | 1 | 2 {
  if (l.status.data !== 'open') return 1;
  return l.info.data?.[l.symbol]?.tradeStatus === 0 ? 2 : 0;
}

/** The product state after a successful load (a failed one keeps what was known). */
export function applyProduct(prev: ProductState, l: ProductLoad): ProductState {
  if (loadFailure(l) !== undefined) return prev;
  const q = l.quote.data;
  return {
    info: l.info.data?.[l.symbol] ?? prev.info,
    quote: q
      ? { bid: q.bidPrice, ask: q.askPrice, price: q.price, time: q.lastUpdate }
      : prev.quote,
    balance: l.balance.data ?? prev.balance,
    closed: closedOf(l),
  };
}

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

/** A thumb reply as the form's quote. */
export const quoteOf = (r: CallResult<'thumb'>, prev: Quote | null): Quote | null =>
  r.data
    ? { bid: r.data.bidPrice, ask: r.data.askPrice, price: r.data.price, time: r.data.lastUpdate }
    : prev;

/** Product-info numbers with the spec's defaults (§9: leverage 100, pip 0.01, precision 2). */
export const leverageOf = (info: ProductOrderInfo | null): number =>
  info?.multiple || DEFAULT_LEVERAGE;
export const pipOf = (info: ProductOrderInfo | null): number => info?.pip || DEFAULT_PIP;
export const precisionOf = (info: ProductOrderInfo | null): number =>
  info?.pricePrecision ?? DEFAULT_PRECISION;

/** Units per lot, as the server sends it; one unit when it does not. */
export const contractSizeOf = (info: ProductOrderInfo | null): number => info?.contractSize || 1;

/** Volume decimals: whole units when the minimum is a whole number (shares), else 2. */
export const volumePrecision = (info: ProductOrderInfo | null): number =>
  info && info.minCount >= 1 && Number.isInteger(info.minCount) ? 0 : DEFAULT_PRECISION;

export type VolumeKey = 'volume_empty_rule' | 'volume_max_rule' | 'volume_min_rule';
export interface Checked<K> {
  value: string;
  error?: K;
}

/** While typing: a volume above maxCount is clamped to it at once ("Maximum is"). */
export function typeVolume(value: string, info: ProductOrderInfo | null): Checked<VolumeKey> {
  const n = numberOf(value);
  if (info && n !== undefined && n > info.maxCount)
    return { value: String(info.maxCount), error: 'volume_max_rule' };
  return { value };
}

/**
 * On leaving the field or submitting: empty is volume_empty_rule; below
 * minCount is clamped up ("Minimum is"), above maxCount down ("Maximum is").
 */
export function settleVolume(value: string, info: ProductOrderInfo | null): Checked<VolumeKey> {
  const n = numberOf(value);
  if (n === undefined) return { value: '', error: 'volume_empty_rule' };
  if (!info) return { value };
  if (n < info.minCount) return { value: String(info.minCount), error: 'volume_min_rule' };
  if (n > info.maxCount) return { value: String(info.maxCount), error: 'volume_max_rule' };
  return { value };
}

/** A pending price: a buy must not be above the current (ask) price, a sell not below the (bid) price. */
export function checkPendingPrice(
  value: string,
  direction: OrderDirection,
  quote: Quote | null,
): 'index.wrong_price' | undefined {
  const n = numberOf(value);
  if (n === undefined || n <= 0) return 'index.wrong_price';
  if (!quote) return undefined;
  return (direction === 0 ? n > quote.ask : n < quote.bid) ? 'index.wrong_price' : undefined;
}

/** Stop loss, when enabled: required, and not zero or negative. */
export function checkStopLoss(
  value: string,
  enabled: boolean,
): 'stoploss_empty_rule' | 'stoploss_zero_rule' | undefined {
  if (!enabled) return undefined;
  const n = numberOf(value);
  if (n === undefined) return 'stoploss_empty_rule';
  return n <= 0 ? 'stoploss_zero_rule' : undefined;
}

/** Take profit, when enabled: required. */
export const checkTakeProfit = (value: string, enabled: boolean) =>
  enabled && numberOf(value) === undefined ? ('takeprofit_empty_rule' as const) : undefined;

/**
 * The price a position's stops are set against: a pending order's limit
 * price, else where the position would close now (bid for a buy, ask for a sell).
 */
export function stopReference(
  direction: OrderDirection,
  pending: boolean,
  price: string,
  quote: Quote | null,
): number | undefined {
  const limit = numberOf(price);
  if (pending && limit !== undefined && limit > 0) return limit;
  if (!quote) return undefined;
  return direction === 0 ? quote.bid : quote.ask;
}

/**
 * Clamp a stop loss or take profit to the side of the reference the direction
 * allows, one pip away: a buy's stop loss below and take profit above it, a
 * sell's the other way round. Empty stays empty.
 */
export function clampStop(
  kind: 'stopLoss' | 'takeProfit',
  value: string,
  direction: OrderDirection,
  ref: number | undefined,
  info: ProductOrderInfo | null,
): string {
  const n = numberOf(value);
  if (n === undefined || ref === undefined) return value;
  const pip = new Big(pipOf(info));
  const below = (kind === 'stopLoss') === (direction === 0);
  const r = new Big(ref);
  if (below && n >= ref) return r.minus(pip).toFixed(precisionOf(info));
  if (!below && n <= ref) return r.plus(pip).toFixed(precisionOf(info));
  return value;
}

/** Where the order opens: its limit price, else the ask for a buy and the bid for a sell. */
export function entryPrice(
  direction: OrderDirection,
  pending: boolean,
  price: string,
  quote: Quote | null,
): number | undefined {
  if (pending) {
    const n = numberOf(price);
    return n !== undefined && n > 0 ? n : undefined;
  }
  return quote ? (direction === 0 ? quote.ask : quote.bid) : undefined;
}

/**
 * USD per unit of the product's quote currency, from the live price board:
 * a forex pair's last three letters (EURJPY → JPY) through CCYUSD or 1 /
 * USDCCY, as the server converts; 1 for everything quoted in USD.
 */
export function usdRateOf(info: ProductOrderInfo | null): number {
  if (!info || info.type !== '2') return 1;
  const ccy = info.productCode.slice(3);
  if (ccy === 'USD') return 1;
  const direct = prices.bySymbol[`${ccy}USD`]?.price;
  if (direct) return direct;
  const inverse = prices.bySymbol[`USD${ccy}`]?.price;
  return inverse ? 1 / inverse : 1;
}

/**
 * Margin as the simulator reserves it: entry × volume × contract size × USD
 * rate of the quote currency / leverage, to the cent (half up). Undefined
 * until entry and volume are known.
 */
export function marginOf(
  entry: number | undefined,
  volume: string,
  info: ProductOrderInfo | null,
): string | undefined {
  const v = numberOf(volume);
  if (entry === undefined || v === undefined || v <= 0) return undefined;
  return new Big(entry)
    .times(v)
    .times(contractSizeOf(info))
    .times(usdRateOf(info))
    .div(leverageOf(info))
    .round(2, Big.roundHalfUp)
    .toFixed(2);
}

/** The available balance must cover the amount (margin, or an option's stake). */
export function checkBalance(
  amount: string | undefined,
  available: number | undefined,
): 'insufficient_balance' | undefined {
  if (amount === undefined || available === undefined) return undefined;
  return new Big(amount).gt(available) ? 'insufficient_balance' : undefined;
}

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

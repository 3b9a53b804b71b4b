/**
 * Currencies of the multi-currency wallet and the coin networks used for
 * deposits, saved addresses and withdrawals, with their USD prices.
 *
 * Fee model (documented choice):
 * - Wallet transfers (USD ⇄ coin): a rate on the amount, in the coin, rounded
 *   up to 8 places: USDT 0 (1 USDT = 1 USD, transfers free), BTC, ETH, TRX 0.1%.
 * - Withdrawals: per network, FIX_AMOUNT (a flat amount in the coin: USDT 25,
 *   as the standards text says, TRX 10) or PERCENTAGE (points of the amount,
 *   rounded up to 8 places: BTC and ETH 0.2%); bank cards PERCENTAGE 0.2% in
 *   USD, rounded up to the cent.
 * USD amounts are cents: what the user pays is rounded up, what the user
 * receives is rounded down, so rounding never creates money.
 */
import Big from 'big.js';
import type { SimContext } from '../../module.ts';

export interface Currency {
  id: string;
  code: string;
  /** Price pair in the catalogue; none for USD and USDT (1:1). */
  symbol?: string;
  /** Transfer fee as a fraction of the amount. */
  transferRate: string;
}

export const CURRENCIES: readonly Currency[] = [
  { id: '1', code: 'USD', transferRate: '0' },
  { id: '2', code: 'USDT', transferRate: '0' },
  { id: '3', code: 'BTC', symbol: 'BTCUSDT', transferRate: '0.001' },
  { id: '4', code: 'ETH', symbol: 'ETHUSDT', transferRate: '0.001' },
  { id: '5', code: 'TRX', symbol: 'TRXUSDT', transferRate: '0.001' },
];

export type FeeKind = 'PERCENTAGE' | 'FIX_AMOUNT';

export interface CoinNetDef {
  id: string;
  coin: string;
  protocol: string;
  /** The house's deposit address on this network. */
  address: string;
  min: string;
  max: string;
  feeType: FeeKind;
  /** Percentage points, or a flat amount in the coin. */
  fee: string;
}

export const COIN_NETS: readonly CoinNetDef[] = [
  {
    id: '101',
    coin: 'USDT',
    protocol: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    min: '100',
    max: '10000000',
    feeType: 'FIX_AMOUNT',
    fee: '25',
  },
  {
    id: '102',
    coin: 'USDT',
    protocol: 'ERC20',
    address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
    min: '100',
    max: '10000000',
    feeType: 'FIX_AMOUNT',
    fee: '25',
  },
  {
    id: '103',
    coin: 'BTC',
    protocol: 'BTC',
    address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    min: '0.002',
    max: '100',
    feeType: 'PERCENTAGE',
    fee: '0.2',
  },
  {
    id: '104',
    coin: 'ETH',
    protocol: 'ERC20',
    address: '0x4E83362442B8d1beC281594cEa3050c8EB01311C',
    min: '0.05',
    max: '3000',
    feeType: 'PERCENTAGE',
    fee: '0.2',
  },
  {
    id: '105',
    coin: 'TRX',
    protocol: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    min: '500',
    max: '30000000',
    feeType: 'FIX_AMOUNT',
    fee: '10',
  },
];

/** Bank-card withdrawals: in USD (user-centre.md §9: minimum 50, maximum 10,000,000). */
export const BANK_NET: CoinNetDef = {
  id: '201',
  coin: 'USD',
  protocol: 'BANK',
  address: '',
  min: '50',
  max: '10000000',
  feeType: 'PERCENTAGE',
  fee: '0.2',
};

/**
 * Largest deposit, in USD. The spec gives no deposit maximum; this mirrors
 * its largest documented amount (a single withdrawal of up to 10,000,000,
 * user-centre.md §9), so a request cannot claim an absurd sum.
 */
export const DEPOSIT_MAX_USD = 10_000_000;

/** Most deposit requests one user may have in review at once. */
export const DEPOSIT_OPEN_MAX = 5;

/** A wallet currency by its id. */
export const currencyById = (id: unknown): Currency | undefined =>
  CURRENCIES.find((c) => c.id === String(id));
/** A wallet currency by its code (USD, USDT…). */
export const currencyByCode = (code: unknown): Currency | undefined =>
  CURRENCIES.find((c) => c.code === code);
/** A coin network (or the bank network) by its id. */
export const coinNet = (id: unknown): CoinNetDef | undefined =>
  id === BANK_NET.id ? BANK_NET : COIN_NETS.find((n) => n.id === String(id));

/**
 * The USD price of one unit of a coin now, as published (the mid at its
 * pair's precision: the price the user's forms convert at, so a deposit the
 * form says reaches the minimum does); undefined when no price can be had (202).
 */
export function usdPrice(ctx: SimContext, code: string): Big | undefined {
  const c = currencyByCode(code);
  if (!c) return undefined;
  if (!c.symbol) return new Big(1);
  const p = ctx.prices.priceAt(c.symbol, ctx.clock.now());
  const digits = ctx.products.get(c.symbol)?.precision;
  if (!Number.isFinite(p) || p <= 0) return undefined;
  const shown = digits === undefined ? new Big(p) : new Big(p.toFixed(digits));
  return shown.gt(0) ? shown : undefined;
}

/** Round to cents: up for what a user pays, down for what a user gets. */
export const cents = (v: Big, dir: 'up' | 'down'): Big =>
  v.round(2, dir === 'up' ? Big.roundUp : Big.roundDown);

/** Fee of a withdrawal of `num` on a network, in the coin's units. */
export function withdrawFee(net: CoinNetDef, num: Big): Big {
  if (net.feeType === 'FIX_AMOUNT') return new Big(net.fee);
  return num
    .times(net.fee)
    .div(100)
    .round(net.coin === 'USD' ? 2 : 8, Big.roundUp);
}

/** Fee of a wallet transfer of `num`, in the coin's units. */
export const transferFee = (c: Currency, num: Big): Big =>
  num.times(c.transferRate).round(8, Big.roundUp);

const COLOURS: Record<string, string> = {
  USD: '#16a34a',
  USDT: '#26a17b',
  BTC: '#f7931a',
  ETH: '#627eea',
  TRX: '#eb0029',
};

/** A round coin logo as an SVG data URL (no image host needed). */
export function logo(code: string): string {
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${COLOURS[code] ?? '#64748b'}"/>` +
    `<text x="32" y="39" text-anchor="middle" font-family="sans-serif" font-size="${code.length > 3 ? 15 : 19}" ` +
    `font-weight="700" fill="#fff">${code}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

/**
 * The product catalogue: 60 products across the five quotation categories.
 *
 * Trade-type ids (the `type` of a price entry), in the spec's default tab
 * order 3, 2, 1, 4, then 5:
 *   3 Commodities · 2 Forex · 1 Cryptos · 4 Indices · 5 US stocks.
 * Volume is hidden on the chart for types 2 and 3 (no central volume for
 * forex and commodity CFDs).
 */
import type { MarketHours } from '../api/hours.ts';

export type TradeType = 1 | 2 | 3 | 4 | 5;
export const TRADE_TYPE_NAMES: Record<TradeType, string> = {
  1: 'Cryptos',
  2: 'Forex',
  3: 'Commodities',
  4: 'Indices',
  5: 'US stocks',
};

export type HoursKind = 'always' | 'forex' | 'usStock';

export interface ProductDef {
  symbol: string;
  name: string;
  type: TradeType;
  /** Typical price level; the walk reverts towards it. */
  level: number;
  precision: number;
  pip: number;
  /** Leverage. */
  multiple: number;
  minCount: number;
  maxCount: number;
  /** Contract size: units of the product per lot (margin = price × volume × size / leverage). */
  contractSize: number;
  /** Daily volatility as a fraction of price. */
  vol: number;
  /** Spread in pips. */
  spread: number;
  hours: HoursKind;
  /** Typical volume per minute. */
  volume: number;
}

const ALL = { start: '00:00:00', close: '23:59:59' };
const week = (days: number[], start: string, close: string): MarketHours => ({
  start: Object.fromEntries(days.map((d) => [String(d), start])),
  close: Object.fromEntries(days.map((d) => [String(d), close])),
});

/** Weekly hours per kind, New York time (weekday 0 = Sunday). */
export const HOURS: Record<HoursKind, MarketHours> = {
  always: week([0, 1, 2, 3, 4, 5, 6], ALL.start, ALL.close),
  // Sunday 17:00 to Friday 17:00.
  forex: {
    start: {
      '0': '17:00:00',
      '1': '00:00:00',
      '2': '00:00:00',
      '3': '00:00:00',
      '4': '00:00:00',
      '5': '00:00:00',
    },
    close: {
      '0': '23:59:59',
      '1': '23:59:59',
      '2': '23:59:59',
      '3': '23:59:59',
      '4': '23:59:59',
      '5': '17:00:00',
    },
  },
  // 09:30 to 16:00 on weekdays, pre-market from 04:00.
  usStock: {
    ...week([1, 2, 3, 4, 5], '09:30:00', '16:00:00'),
    early: Object.fromEntries([1, 2, 3, 4, 5].map((d) => [String(d), '04:00:00'])),
  },
};

type Row = [
  symbol: string,
  name: string,
  level: number,
  precision: number,
  vol: number,
  spread: number,
];

const fx = (r: Row): ProductDef => ({
  symbol: r[0],
  name: r[1],
  type: 2,
  level: r[2],
  precision: r[3],
  pip: 10 ** -r[3],
  multiple: 100,
  minCount: 0.01,
  maxCount: 50,
  contractSize: 100_000,
  vol: r[4],
  spread: r[5],
  hours: 'forex',
  volume: 0,
});
const commodity = (r: Row, size: number): ProductDef => ({
  symbol: r[0],
  name: r[1],
  type: 3,
  level: r[2],
  precision: r[3],
  pip: 10 ** -r[3],
  multiple: 100,
  minCount: 0.01,
  maxCount: 20,
  contractSize: size,
  vol: r[4],
  spread: r[5],
  hours: 'forex',
  volume: 0,
});
const index = (r: Row): ProductDef => ({
  symbol: r[0],
  name: r[1],
  type: 4,
  level: r[2],
  precision: r[3],
  pip: 10 ** -r[3],
  multiple: 50,
  minCount: 0.1,
  maxCount: 100,
  contractSize: 1,
  vol: r[4],
  spread: r[5],
  hours: 'forex',
  volume: 300,
});
const crypto = (r: Row, maxCount: number): ProductDef => ({
  symbol: r[0],
  name: r[1],
  type: 1,
  level: r[2],
  precision: r[3],
  pip: 10 ** -r[3],
  multiple: 20,
  minCount: 0.01,
  maxCount,
  contractSize: 1,
  vol: r[4],
  spread: r[5],
  hours: 'always',
  volume: 40,
});
const stock = (r: Row): ProductDef => ({
  symbol: r[0],
  name: r[1],
  type: 5,
  level: r[2],
  precision: r[3],
  pip: 10 ** -r[3],
  multiple: 10,
  minCount: 1,
  maxCount: 1000,
  contractSize: 1,
  vol: r[4],
  spread: r[5],
  hours: 'usStock',
  volume: 2000,
});

export const CATALOGUE: readonly ProductDef[] = [
  crypto(['BTCUSDT', 'Bitcoin', 67000, 2, 0.03, 20], 10),
  crypto(['ETHUSDT', 'Ethereum', 3400, 2, 0.035, 30], 100),
  crypto(['BNBUSDT', 'BNB', 590, 2, 0.03, 5], 500),
  crypto(['SOLUSDT', 'Solana', 150, 3, 0.045, 20], 1000),
  crypto(['XRPUSDT', 'XRP', 0.52, 5, 0.04, 5], 100_000),
  crypto(['ADAUSDT', 'Cardano', 0.45, 5, 0.04, 5], 100_000),
  crypto(['DOGEUSDT', 'Dogecoin', 0.15, 5, 0.05, 3], 500_000),
  crypto(['LTCUSDT', 'Litecoin', 82, 2, 0.035, 3], 2000),
  crypto(['DOTUSDT', 'Polkadot', 7.1, 4, 0.04, 5], 10_000),
  crypto(['LINKUSDT', 'Chainlink', 14.5, 4, 0.04, 10], 10_000),
  crypto(['AVAXUSDT', 'Avalanche', 35, 3, 0.045, 10], 5000),
  crypto(['TRXUSDT', 'TRON', 0.12, 5, 0.03, 2], 500_000),
  fx(['EURUSD', 'Euro / US Dollar', 1.085, 5, 0.005, 8]),
  fx(['GBPUSD', 'British Pound / US Dollar', 1.27, 5, 0.006, 10]),
  fx(['USDJPY', 'US Dollar / Japanese Yen', 151.2, 3, 0.006, 10]),
  fx(['AUDUSD', 'Australian Dollar / US Dollar', 0.66, 5, 0.007, 10]),
  fx(['USDCAD', 'US Dollar / Canadian Dollar', 1.36, 5, 0.005, 12]),
  fx(['USDCHF', 'US Dollar / Swiss Franc', 0.9, 5, 0.005, 12]),
  fx(['NZDUSD', 'New Zealand Dollar / US Dollar', 0.6, 5, 0.007, 14]),
  fx(['EURGBP', 'Euro / British Pound', 0.855, 5, 0.004, 12]),
  fx(['EURJPY', 'Euro / Japanese Yen', 164, 3, 0.006, 15]),
  fx(['GBPJPY', 'British Pound / Japanese Yen', 192, 3, 0.007, 20]),
  fx(['AUDJPY', 'Australian Dollar / Japanese Yen', 99.8, 3, 0.008, 18]),
  fx(['EURAUD', 'Euro / Australian Dollar', 1.64, 5, 0.006, 20]),
  fx(['USDHKD', 'US Dollar / Hong Kong Dollar', 7.82, 5, 0.0008, 20]),
  fx(['USDSGD', 'US Dollar / Singapore Dollar', 1.35, 5, 0.004, 20]),
  fx(['GBPAUD', 'British Pound / Australian Dollar', 1.92, 5, 0.007, 25]),
  fx(['AUDCAD', 'Australian Dollar / Canadian Dollar', 0.9, 5, 0.006, 18]),
  commodity(['XAUUSD', 'Gold', 2350, 2, 0.01, 30], 100),
  commodity(['XAGUSD', 'Silver', 28.5, 3, 0.018, 25], 5000),
  commodity(['USOIL', 'WTI Crude Oil', 78.4, 2, 0.02, 4], 1000),
  commodity(['UKOIL', 'Brent Crude Oil', 82.6, 2, 0.02, 4], 1000),
  commodity(['NGAS', 'Natural Gas', 2.45, 3, 0.035, 5], 10_000),
  commodity(['COPPER', 'Copper', 4.5, 4, 0.015, 20], 25_000),
  commodity(['XPTUSD', 'Platinum', 980, 2, 0.015, 100], 50),
  commodity(['XPDUSD', 'Palladium', 1000, 2, 0.02, 150], 50),
  commodity(['CORN', 'Corn', 4.4, 4, 0.015, 25], 5000),
  commodity(['WHEAT', 'Wheat', 5.9, 4, 0.018, 25], 5000),
  index(['US30', 'Dow Jones 30', 39000, 1, 0.009, 20]),
  index(['SPX500', 'S&P 500', 5200, 2, 0.009, 50]),
  index(['NAS100', 'Nasdaq 100', 18200, 2, 0.012, 100]),
  index(['GER40', 'DAX 40', 18100, 2, 0.01, 100]),
  index(['UK100', 'FTSE 100', 8100, 2, 0.008, 100]),
  index(['JPN225', 'Nikkei 225', 38500, 1, 0.011, 10]),
  index(['HK50', 'Hang Seng 50', 17800, 1, 0.014, 10]),
  index(['AUS200', 'ASX 200', 7800, 1, 0.008, 10]),
  index(['FRA40', 'CAC 40', 8000, 2, 0.009, 100]),
  index(['EU50', 'Euro Stoxx 50', 4950, 2, 0.009, 100]),
  stock(['AAPL', 'Apple', 190, 2, 0.016, 3]),
  stock(['MSFT', 'Microsoft', 420, 2, 0.015, 5]),
  stock(['NVDA', 'NVIDIA', 900, 2, 0.03, 10]),
  stock(['AMZN', 'Amazon', 180, 2, 0.02, 3]),
  stock(['GOOGL', 'Alphabet', 165, 2, 0.018, 3]),
  stock(['META', 'Meta Platforms', 490, 2, 0.022, 5]),
  stock(['TSLA', 'Tesla', 175, 2, 0.035, 5]),
  stock(['NFLX', 'Netflix', 610, 2, 0.022, 10]),
  stock(['AMD', 'Advanced Micro Devices', 160, 2, 0.03, 3]),
  stock(['JPM', 'JPMorgan Chase', 195, 2, 0.013, 3]),
  stock(['KO', 'Coca-Cola', 61, 2, 0.009, 2]),
  stock(['DIS', 'Walt Disney', 112, 2, 0.016, 3]),
];

/**
 * Commission, a fraction of the USD notional, as decimal text: the trading
 * module's money model (modules/trading/money.ts) and the product info both
 * read it, and this file needs no decimal library.
 */
export const COMMISSION_FRACTION = '0.0005';

export const productBySymbol = new Map(CATALOGUE.map((p) => [p.symbol, p]));

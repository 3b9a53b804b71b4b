/**
 * Trading entities of trading.md §3, field names as the spec spells them
 * (including its misspellings: `avator`, `takeProfitPprice`, `securityDepositPrent`).
 */

/** 'E' e-mail, 'P' phone. */
export type AccountType = 'E' | 'P';

export interface LoginPayload {
  username: string;
  password: string;
  type: AccountType;
  /** Present on the second-factor step. */
  command?: 'verification';
  authCode?: string;
}

export interface LoginData {
  token?: string;
  refreshToken?: string;
  /** 0 means a second-factor code is required. */
  qrcodeStatus?: number;
}

/** Fields of the session token's payload that the client reads. */
export interface TokenPayload {
  /** '0' real account, anything else demo. */
  virtualStatus: string;
  aesKey: string;
  uid: string;
  /** Expiry, seconds since the epoch (JWT `exp`). */
  exp: number;
}

export interface RegisterPayload {
  username: string;
  password: string;
  /** 6-digit code, or the captcha text for phone registration without SMS. */
  code: string;
  type: AccountType;
  locale: string;
  inviteCode?: string;
  /** Captcha uuid, phone registration without SMS. */
  uuid?: string;
}

export interface ForgotPayload {
  username: string;
  password: string;
  code: string;
  type: AccountType;
}

/** '1' register, '2' forgot, '4' registration-complete mail. */
export type CodeType = '1' | '2' | '4';
export interface SendMailPayload {
  email: string;
  type: CodeType;
  locale: string;
}
export interface SendPhonePayload {
  phone: string;
  type: CodeType;
  locale: string;
}

export interface RefreshPayload {
  refreshToken: string;
  token: string;
}
export interface TokenData {
  token: string;
  refreshToken?: string;
}

export interface Banner {
  bannerUrl: string;
}

/** Product price entry, keyed by symbol. */
export interface PriceEntry {
  name: string;
  productName: string;
  price: number;
  bidPrice: number;
  askPrice: number;
  priceChangePercent: number;
  volume: number;
  /** Epoch ms of the last tick. */
  lastUpdate: number;
  sort: number;
  /** Trade type id as a string ('1'..'5'). */
  type: string;
  /** 1 tradable, 0 not. */
  tradeStatus: number;
  /** Day high and low (chart header). */
  high?: number;
  low?: number;
  /**
   * Extension beyond the spec (§3 puts pricePrecision only in the product
   * order info, which a visitor may not read): the product's price decimals,
   * so every screen, a visitor's too, shows each price at its product's
   * precision. Optional: a server without it leaves the client on the last
   * precision it learned (src/state/products.ts), else the default 2.
   */
  pricePrecision?: number;
  /**
   * Extension, as pricePrecision: decimals of this product's volumes (0 for a
   * product traded in whole units, as its minCount ≥ 1 says; else 2).
   */
  volumePrecision?: number;
  /**
   * Extension: the market status at the quote's time, the one the chart asks
   * `marketStatus` for (hours.ts `marketStatusAt`), so every list can show a
   * closed market as closed without a call per product. Optional: a server
   * without it leaves rows as open ones.
   */
  marketStatus?: MarketStatus;
}

/** Market hours per weekday (0 Sunday .. 6 Saturday), 'HH:mm:ss' New York time. */
export type WeeklyTimes = Record<string, string>;

/** Product order info, keyed by productCode. */
export interface ProductOrderInfo {
  productCode: string;
  productName: string;
  maxCount: number;
  minCount: number;
  countNum: number;
  /** Leverage, default 100. */
  multiple: number;
  /** Price step, default 0.01. */
  pip: number;
  /** Default 2. */
  pricePrecision: number;
  /** 0 closed. */
  tradeStatus: number;
  marketStartTime: WeeklyTimes;
  marketCloseTime: WeeklyTimes;
  /** Trade type id, as on the price entry. */
  type?: string;
  /** Units per lot (forex 100,000), beyond the spec: the form shows the margin it will reserve. */
  contractSize?: number;
  /** Commission, a fraction of the USD notional, beyond the spec: the form checks margin + fee. */
  feeRate?: number;
}

export type MarketStatus = 'open' | 'closed' | 'early_trading';

export interface KlinePoint {
  /** Bar open time, epoch ms. */
  time: number;
  openPrice: number;
  closePrice: number;
  highestPrice: number;
  lowestPrice: number;
  volume: number;
  turnover: number;
}

/** 0 buy, 1 sell. */
export type OrderDirection = 0 | 1;
/** 1 pending order, 2 market price. */
export type BuyPoint = 1 | 2;
/** Market order positionStatus: 1..4 (see the simulator's docs for meanings). */
export type PositionStatus = 1 | 2 | 3 | 4;

export interface MarketOrder {
  id: string;
  uid: string;
  orderType: OrderDirection;
  buyPoint: BuyPoint;
  transactionTime?: string;
  orderTime?: string;
  orderTimeTs?: number;
  tradePair: string;
  productName: string;
  orderQuantity: number;
  securityDepositInitial: number;
  openingPrice: number;
  currentPrice: number;
  stopPrice: number | null;
  takeProfitPrice: number | null;
  profitLoss: number;
  feeAmount: number;
  interest?: number;
  multiple?: number;
  transactionTimeTs: number | null;
  closingTimeTs: number | null;
  positionStatus: PositionStatus;
  /**
   * Extension beyond the spec's order fields (§3): why a closed (3) or
   * cancelled (4) order ended, so a history row can say whether the trader
   * closed it, a stop loss or take profit fired, or the system stopped it out
   * (issue 25). Absent while the order is pending or open, and from a server
   * without it: the client then names no reason.
   */
  closeReason?: CloseReason;
}

/** Why an order ended (extension): by hand, its own stops, a stop-out, or a demo reset. */
export type CloseReason = 'manual' | 'stopLoss' | 'takeProfit' | 'stopOut' | 'reset';

export interface PositionSummary {
  profitLossSum: number;
  netValue: number;
  securityDepositPrent: number;
  securityDepositAvailableSum: number;
}

export interface OrderQueryPayload {
  page: number;
  limit: number;
  positionStatus?: number;
  columns?: string[];
}

export interface OrderQueryData extends Partial<PositionSummary> {
  list: MarketOrder[];
  pages: number;
  profitLossToday?: number;
  profitLossTotal?: number;
}

export interface OptionOrder {
  id: string;
  uid: string;
  orderType: OrderDirection;
  tradePair: string;
  productName: string;
  price: number;
  priceEnd: number | null;
  feeAmount: number;
  /** Seconds. */
  timeLong: number;
  /** Epoch ms. */
  beginTime: number;
  endTime: number;
  completeTime: number | null;
  amount: number;
  rate: number;
  winLost: number | null;
  /** 0 waiting, 1 done. */
  positionStatus: 0 | 1;
}

export interface OptionHistoryPayload {
  limit: number;
  page: number;
  positionStatus?: 0 | 1;
}
export interface OptionHistoryData {
  items: OptionOrder[];
  todayWinLoss: number;
  totalWinLoss: number;
  pages: number;
}

/** timeRatePayload entry: 'duration|profitRate^chips^max|min^label' (chips comma-separated). */
export interface OptionProduct {
  id: string;
  productCode: string;
  feeRate: number;
  tradeStatus: number;
  timeRatePayload: Record<string, string>;
}

export interface OptionsProductPayload {
  limit: number;
  page: number;
  productCode?: string;
}

export interface AddOrderPayload {
  tradePair: string;
  price: number;
  stopPrice: number | null;
  takeProfitPprice: number | null;
  orderQuantity: number;
  multiple: number;
  orderType: OrderDirection;
  buyPoint: BuyPoint;
  token: string;
}

export interface AddOptionPayload {
  tradePair: string;
  optionsProductId: string;
  price: number;
  timeLong: number;
  btime: number;
  rate: number;
  amount: number;
  orderType: OrderDirection;
  token: string;
}

export interface OrderIdPayload {
  orderId: string;
  token: string;
}

export interface Balance {
  balanceAmount: number;
  lockMargin: number;
}

export interface SystemConfigEntry {
  name: string;
  enable: boolean;
}

/** Either url/telegram/whatsapp, or a type index with bar-separated links. */
export interface ServiceConfig {
  url?: string;
  telegram?: string;
  whatsapp?: string;
  type?: number;
  links?: string;
}

export interface KlineHistoryPayload {
  symbol: string;
  period: string;
  limit?: number;
  from?: number;
  to?: number;
}

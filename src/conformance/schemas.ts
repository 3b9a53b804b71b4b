/**
 * Reply schemas: what the app reads from every call of the contract
 * (src/api/contract.ts) and from every channel message
 * (src/api/types/realtime.ts), as valibot schemas beside the request schemas
 * of src/simulator/edge/. The request schemas are loose on purpose (a number
 * may come as text, every field may be missing: the handler answers its own
 * code); these are strict, because the app reads replies as they are typed:
 * a number sent as a string fails here, and so does a required field under
 * another name (the issue names the field's path).
 *
 * Extra fields are allowed (a server may send more than the app reads); the
 * extensions the app reads when present (pricePrecision, marketStatus,
 * closeReason…) are checked when present.
 */
import * as v from 'valibot';
import type { CallName } from '../api/contract.ts';
import { PERIODS } from '../api/wire.ts';

const num = v.pipe(v.number(), v.finite());
const int = v.pipe(v.number(), v.integer());
const str = v.string();
/** Epoch milliseconds (after 2001, before 2286: seconds sent for ms fail). */
const epochMs = v.pipe(int, v.minValue(1e12), v.maxValue(1e13));
const opt = <S extends v.GenericSchema>(s: S) => v.optional(s);
const nul = <S extends v.GenericSchema>(s: S) => v.nullable(s);
/** A string of digits-and-dot: the wallet's decimal amounts travel as text. */
const decimalText = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'a decimal number as text'));
const weekly = v.record(v.string(), v.pipe(v.string(), v.regex(/^\d\d:\d\d:\d\d$/, 'HH:mm:ss')));

export const marketStatus = v.picklist(['open', 'closed', 'early_trading']);

export const priceEntry = v.object({
  name: str,
  productName: str,
  price: num,
  bidPrice: num,
  askPrice: num,
  priceChangePercent: num,
  volume: num,
  lastUpdate: epochMs,
  sort: num,
  type: str,
  tradeStatus: int,
  high: opt(num),
  low: opt(num),
  pricePrecision: opt(v.pipe(int, v.minValue(0), v.maxValue(10))),
  volumePrecision: opt(v.pipe(int, v.minValue(0), v.maxValue(10))),
  marketStatus: opt(marketStatus),
});

export const productOrderInfo = v.object({
  productCode: str,
  productName: str,
  maxCount: num,
  minCount: num,
  countNum: num,
  multiple: num,
  pip: num,
  pricePrecision: int,
  tradeStatus: int,
  marketStartTime: weekly,
  marketCloseTime: weekly,
  type: opt(str),
  contractSize: opt(num),
  feeRate: opt(num),
});

export const klinePoint = v.object({
  time: epochMs,
  openPrice: num,
  closePrice: num,
  highestPrice: num,
  lowestPrice: num,
  volume: num,
  turnover: num,
});

const direction = v.picklist([0, 1]);
export const marketOrder = v.object({
  id: str,
  uid: str,
  orderType: direction,
  buyPoint: v.picklist([1, 2]),
  transactionTime: opt(nul(str)),
  orderTime: opt(nul(str)),
  orderTimeTs: opt(nul(num)),
  tradePair: str,
  productName: str,
  orderQuantity: num,
  securityDepositInitial: num,
  openingPrice: num,
  currentPrice: num,
  stopPrice: nul(num),
  takeProfitPrice: nul(num),
  profitLoss: num,
  feeAmount: num,
  interest: opt(num),
  multiple: opt(num),
  transactionTimeTs: nul(num),
  closingTimeTs: nul(num),
  positionStatus: v.picklist([1, 2, 3, 4]),
  closeReason: opt(v.picklist(['manual', 'stopLoss', 'takeProfit', 'stopOut', 'reset'])),
});

const orderQuery = v.object({
  list: v.array(marketOrder),
  pages: int,
  profitLossToday: opt(num),
  profitLossTotal: opt(num),
  profitLossSum: opt(num),
  netValue: opt(num),
  securityDepositPrent: opt(num),
  securityDepositAvailableSum: opt(num),
});

export const optionOrder = v.object({
  id: str,
  uid: str,
  orderType: direction,
  tradePair: str,
  productName: str,
  price: num,
  priceEnd: nul(num),
  feeAmount: num,
  timeLong: num,
  beginTime: epochMs,
  endTime: epochMs,
  completeTime: nul(num),
  amount: num,
  rate: num,
  winLost: nul(num),
  positionStatus: v.picklist([0, 1]),
});

const balance = v.object({ balanceAmount: num, lockMargin: num });
const tokenData = v.object({ token: str, refreshToken: opt(str) });
const user = v.object({
  uid: str,
  nick: str,
  email: opt(str),
  emailPending: opt(v.boolean()),
  phone: opt(str),
  areaCode: opt(str),
  registerType: v.picklist(['E', 'P']),
  inviteCode: str,
  avator: opt(str),
  walletType: opt(int),
  account: balance,
  totalAssets: opt(num),
  virtualStatus: opt(str),
});
const verification = v.object({
  realName: str,
  idCard: str,
  authEmail: opt(str),
  idType: opt(v.picklist([0, 1, 2])),
  verifiedStatus: v.picklist([-1, 0, 1, 2, 3]),
  cardImgAvatar: opt(str),
  cardImgFront: opt(str),
  cardImgReverse: opt(str),
  remark: opt(str),
});
const page = <S extends v.GenericSchema>(item: S) => v.object({ list: v.array(item), pages: int });
const notification = v.object({
  id: str,
  readStatus: v.picklist([0, 1]),
  alarmType: int,
  actionType: int,
  title: str,
  content: str,
  remark: opt(nul(str)),
  timeStamp: epochMs,
  paymentPrice: opt(nul(num)),
});
const walletItem = v.object({
  currency: str,
  currencyId: str,
  balance: decimalText,
  unit: str,
  usdBalance: decimalText,
  icon: str,
});
const walletRecord = v.object({
  orderType: v.picklist([0, 1, 2]),
  currency: str,
  uid: str,
  orderQuantity: decimalText,
  unit: str,
  orderTime: epochMs,
});
const savedAddress = v.object({
  walletId: str,
  currencyId: str,
  currencyName: str,
  protocol: str,
  cryptocurrencyAddress: str,
  logoUrl: str,
  minWithdrawAmount: num,
  maxWithdrawAmount: num,
});
const coinNet = v.object({
  id: str,
  currency: str,
  protocol: str,
  address: str,
  said: str,
  logoUrl: str,
  minWithdrawAmount: opt(num),
  maxWithdrawAmount: opt(num),
});
const feeInfo = v.object({
  feeType: str,
  feeNum: decimalText,
  feeUsd: decimalText,
  practical: decimalText,
  isOver: v.boolean(),
  afterBalance: decimalText,
});
const bankCard = v.object({
  id: str,
  bankName: str,
  bankCode: opt(str),
  bankAddress: opt(str),
  swiftCode: opt(str),
  branchCode: opt(str),
  bankCountry: opt(str),
  name: str,
  account: str,
  address: opt(str),
  postCode: opt(str),
  idNumber: opt(str),
  phoneNumber: opt(str),
  accountType: opt(str),
  insNum: opt(str),
  traNum: opt(str),
});
const depositWithdraw = v.object({
  id: str,
  payPrice: decimalText,
  actionType: v.picklist([0, 1]),
  depositUsdPrice: opt(nul(str)),
  withdrawUsdPrice: opt(nul(str)),
  submitTimeTs: epochMs,
  payState: int,
  currency: opt(nul(str)),
  remark: opt(nul(str)),
});
const loan = v.object({
  id: str,
  uid: str,
  amount: num,
  days: num,
  guarantor: str,
  repaymentDate: nul(num),
  status: nul(int),
  remark: opt(nul(str)),
});
const repayment = v.object({
  amount: num,
  amountOwed: num,
  status: v.picklist([0, 1, 2]),
  createTime: epochMs,
});
const rtPeriods = v.object({ day: opt(num), week: opt(num), month: opt(num) });
const rtState = v.object({
  limits: v.object({
    deposit: rtPeriods,
    loss: rtPeriods,
    turnover: rtPeriods,
    sessionMinutes: opt(int),
    realityCheckMinutes: opt(int),
  }),
  pending: v.array(v.object({ key: str, value: nul(num), appliesAt: epochMs })),
  usage: v.record(str, v.object({ day: num, week: num, month: num })),
  resets: v.object({ day: epochMs, week: epochMs, month: epochMs }),
  coolingOffMs: num,
  timezone: str,
});

/** `null` data: absent or null (the app reads only the code). */
const none = v.nullish(v.unknown());

/** The `data` of every call's success, by call name. */
export const REPLY_DATA: Record<CallName, v.GenericSchema> = {
  login: v.object({ token: opt(str), refreshToken: opt(str), qrcodeStatus: opt(int) }),
  sendMail: none,
  sendPhone: none,
  register: none,
  getImageCode: v.pipe(str, v.startsWith('data:image/', 'a data URL of an image')),
  forgot: none,
  refresh: tokenData,
  bannerList: v.object({ rows: v.array(v.object({ bannerUrl: str })) }),
  findOptionsProduct: v.object({
    optionsProducts: v.array(
      v.object({
        id: str,
        productCode: str,
        feeRate: num,
        tradeStatus: int,
        timeRatePayload: v.record(
          str,
          v.pipe(
            str,
            v.regex(
              /^\d+\|[\d.]+\^[\d.,]*\^[\d.]+\|[\d.]+\^.*$/,
              'duration|rate^chips^max|min^label',
            ),
          ),
        ),
      }),
    ),
  }),
  productList: v.record(str, priceEntry),
  systemConfig: v.object({
    systemConfigs: v.array(v.object({ name: str, enable: v.boolean() })),
  }),
  customerLink: v.object({
    url: opt(nul(str)),
    telegram: opt(nul(str)),
    whatsapp: opt(nul(str)),
    type: opt(nul(int)),
    links: opt(nul(str)),
  }),
  sessionCheck: none,
  productSearch: v.object({ forexProductList: v.array(str) }),
  productOrderInfo: v.record(str, productOrderInfo),
  userInfo: user,
  userBalance: balance,
  switchUser: tokenData,
  resetUser: none,
  unreadCount: v.object({ count: int }),
  userOrder: orderQuery,
  userOrderMock: orderQuery,
  userOptionHistory: v.object({
    items: v.array(optionOrder),
    todayWinLoss: num,
    totalWinLoss: num,
    pages: int,
  }),
  userOptionDetail: optionOrder,
  checkOptionCompletion: v.object({ completed: v.boolean() }),
  klineHistory: v.array(klinePoint),
  klineHistoryLimit: v.array(klinePoint),
  thumb: priceEntry,
  marketStatus,
  addOrder: v.pipe(str, v.minLength(1)),
  addOrderMock: v.pipe(str, v.minLength(1)),
  closeOrder: none,
  closeOrderMock: none,
  cancelOrder: none,
  cancelOrderMock: none,
  addOrderOption: v.object({ uid: str, beginTime: epochMs }),
  addOrderOptionMock: v.object({ uid: str, beginTime: epochMs }),
  infoSubmit: none,
  passwordSubmit: none,
  auth: verification,
  authSubmit: none,
  juniorAuth: verification,
  juniorAuthSubmit: none,
  userNotification: page(notification),
  userUpdateNotification: none,
  transformWalletCalculate: v.object({ fee: decimalText, practical: decimalText }),
  transformWallet: none,
  myWalletBalance: v.object({ list: v.array(walletItem), totalBalance: decimalText }),
  walletRecord: page(walletRecord),
  userWallet: v.object({ list: v.array(savedAddress) }),
  currencySimpleCoinNet: v.object({ dtoList: v.array(coinNet) }),
  userSelfWallet: v.object({ dtoList: v.array(coinNet) }),
  addUserWallet: none,
  deleteUserWallet: none,
  userDeposit: none,
  rechargeStatus: v.object({ payState: nul(int) }),
  withdrawStatus: none,
  withdrawWalletCalculate: feeInfo,
  withdrawBankCardCalculate: feeInfo,
  userWithdraw: none,
  currencyBanckCardCoinNet: v.object({
    dto: v.object({ id: str, minWithdrawAmount: num, maxWithdrawAmount: num }),
  }),
  userBankCardList: v.object({ list: v.array(bankCard) }),
  userBankCard: v.object({ dto: bankCard }),
  addUserBankCard: none,
  editUserBankCard: none,
  deleteUserBankCard: none,
  uesrRecharge: page(depositWithdraw),
  userLoanCheck: v.object({ dto: nul(loan) }),
  addUserLoan: none,
  userLoanRepay: v.object({ dtoList: v.array(repayment) }),
  addUserLoanRepay: none,
  bindEmailSubmit: none,
  bindEmailConfirm: none,
  rtLimits: rtState,
  rtSetLimits: rtState,
  rtSelfExclude: none,
};

/** Fields beside `data` that a call's reply carries (getImageCode's uuid). */
export const REPLY_EXTRA: Partial<Record<CallName, v.GenericSchema>> = {
  getImageCode: v.object({ uuid: str }),
};

/** Every reply's envelope: a numeric code, an optional message, and data. */
export const envelope = v.object({
  code: int,
  msg: opt(nul(str)),
  message: opt(nul(str)),
  data: v.unknown(),
});

// ---------------------------------------------------------------- channels

const pricePatch = v.object({
  ...v.partial(priceEntry).entries,
  name: str,
});
const orderPatch = v.object({ ...v.partial(marketOrder).entries, id: str });
const ordertype = v.picklist(['holding', 'pending']);

/** Every message of the market channel, by shape. */
export const CHANNEL_SCHEMAS = {
  prices: v.object({ topic: v.literal('prices'), seq: opt(int), data: v.record(str, priceEntry) }),
  pricesDelta: v.object({
    topic: v.literal('prices'),
    seq: int,
    time: epochMs,
    patch: v.array(pricePatch),
  }),
  price: v.object({ topic: v.literal('price'), symbol: str, data: priceEntry }),
  kline: v.object({
    topic: v.literal('kline'),
    symbol: str,
    period: v.picklist(PERIODS),
    data: klinePoint,
  }),
  orders: v.object({ ordertype, data: v.array(marketOrder) }),
  ordersDelta: v.object({ ordertype, patch: v.array(orderPatch) }),
} as const;

export type ChannelKind = keyof typeof CHANNEL_SCHEMAS;

/** Which schema a channel message is to be read with (by the keys it carries). */
export function channelKind(msg: unknown): ChannelKind | undefined {
  if (typeof msg !== 'object' || msg === null) return undefined;
  const m = msg as Record<string, unknown>;
  if (m.topic === 'prices') return 'patch' in m ? 'pricesDelta' : 'prices';
  if (m.topic === 'price') return 'price';
  if (m.topic === 'kline') return 'kline';
  if ('ordertype' in m) return 'patch' in m ? 'ordersDelta' : 'orders';
  return undefined;
}

/** Issues as readable lines: the field's path, what was expected, what came. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], root = 'data'): string[] {
  return issues.slice(0, 5).map((i) => {
    const path = (i.path ?? [])
      .map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`))
      .join('');
    // A required field that is not there (renamed, dropped): said so, by its path.
    if (i.received === 'undefined') return `${root}${path}: missing (required)`;
    return `${root}${path}: ${i.message}`;
  });
}

/** Check a value against a schema: undefined when it fits, else the issues as lines. */
export function schemaIssues(
  schema: v.GenericSchema,
  value: unknown,
  root = 'data',
): string[] | undefined {
  const r = v.safeParse(schema, value);
  return r.success ? undefined : describeIssues(r.issues, root);
}

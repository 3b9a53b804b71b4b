/**
 * The call contract: every call of trading.md §7 and user-centre.md §7, once.
 * This is the only file that spells a path. Client code calls
 * `api.call('login', payload)`; the simulator routes a wire request back to a
 * call name with {@link matchCall}.
 */
import type { HttpMethod, Root } from './wire.ts';
import type * as T from './types/trading.ts';
import type * as U from './types/user.ts';
import type * as R from './types/responsible.ts';

/** How a payload travels: JSON body, multipart (string fields as JSON blobs), form-encoded, or a GET query. */
export type Encoding = 'json' | 'multipart' | 'form' | 'query';

export interface Endpoint {
  root: Root;
  method: HttpMethod;
  /** As the spec writes it; `{name}` placeholders are filled from the payload and removed from it. */
  path: string;
  encoding: Encoding;
  /** Errors are not toasted (the caller shows its own message); a 401 on /waa/ still ends the session. */
  silent?: boolean;
  /** The spec's noAlert (trading.md §4 "Session"): no toasts; a 401 is left to the caller. */
  noAlert?: boolean;
  /** A success ends the user's sessions: other calls' 401s meanwhile are not an expiry (client.ts). */
  endsSession?: boolean;
  /**
   * A read: sending it twice changes nothing, so after a 401 and a renewed
   * session the client sends it once more. Never on a call with an effect
   * (an order, a withdrawal, a form sent): see client.ts.
   */
  replayable?: boolean;
  /** The session's renewal itself: its refusal (23519) is its caller's to handle (api/renewal.ts). */
  renews?: boolean;
}

/** Payload, reply `data`, and extra top-level reply fields of one call. */
interface C<P, D, X = object> {
  payload: P;
  data: D;
  extra: X;
}
type None = Record<string, never> | undefined;

/** Multipart payloads: string fields become JSON blobs, Blobs are files. */
export type Multipart = Record<string, string | Blob | undefined>;

export interface Calls {
  // ---- anonymous (trading.md §7)
  login: C<T.LoginPayload, T.LoginData>;
  sendMail: C<T.SendMailPayload, null>;
  sendPhone: C<T.SendPhonePayload, null>;
  register: C<T.RegisterPayload, null>;
  /** data is the captcha image (data URL); uuid comes beside it. */
  getImageCode: C<None, string, { uuid: string }>;
  forgot: C<T.ForgotPayload, null>;
  refresh: C<T.RefreshPayload, T.TokenData>;
  bannerList: C<None, { rows: T.Banner[] }>;
  findOptionsProduct: C<T.OptionsProductPayload, { optionsProducts: T.OptionProduct[] }>;
  /** Each entry may carry the pricePrecision and volumePrecision extensions (types/trading.ts). */
  productList: C<None, Record<string, T.PriceEntry>>;
  systemConfig: C<None, { systemConfigs: T.SystemConfigEntry[] }>;
  customerLink: C<None, T.ServiceConfig>;
  // ---- authenticated, trade side
  sessionCheck: C<None, null>;
  productSearch: C<{ search: string }, { forexProductList: string[] }>;
  productOrderInfo: C<{ productCode?: string }, Record<string, T.ProductOrderInfo>>;
  userInfo: C<None, U.User>;
  userBalance: C<None, T.Balance>;
  switchUser: C<None, T.TokenData>;
  resetUser: C<None, null>;
  unreadCount: C<None, { count: number }>;
  /** A closed or cancelled order may carry the closeReason extension (types/trading.ts). */
  userOrder: C<T.OrderQueryPayload, T.OrderQueryData>;
  userOrderMock: C<T.OrderQueryPayload, T.OrderQueryData>;
  userOptionHistory: C<T.OptionHistoryPayload, T.OptionHistoryData>;
  userOptionDetail: C<{ uid: string }, T.OptionOrder>;
  checkOptionCompletion: C<{ uid: string }, { completed: boolean }>;
  // ---- market root
  klineHistory: C<T.KlineHistoryPayload, T.KlinePoint[]>;
  klineHistoryLimit: C<T.KlineHistoryPayload, T.KlinePoint[]>;
  thumb: C<{ symbol: string }, T.PriceEntry>;
  marketStatus: C<{ symbol: string }, T.MarketStatus>;
  // ---- exchange root
  addOrder: C<T.AddOrderPayload, string>;
  addOrderMock: C<T.AddOrderPayload, string>;
  closeOrder: C<T.OrderIdPayload, null>;
  closeOrderMock: C<T.OrderIdPayload, null>;
  cancelOrder: C<T.OrderIdPayload, null>;
  cancelOrderMock: C<T.OrderIdPayload, null>;
  addOrderOption: C<T.AddOptionPayload, { uid: string; beginTime: number }>;
  addOrderOptionMock: C<T.AddOptionPayload, { uid: string; beginTime: number }>;
  // ---- user centre (user-centre.md §7)
  infoSubmit: C<{ avatar?: Blob; metaData: string }, null>;
  passwordSubmit: C<{ oldPassword: string; newPassword: string; metaData: string }, null>;
  auth: C<None, U.VerificationRecord>;
  authSubmit: C<Multipart, null>;
  juniorAuth: C<None, U.VerificationRecord>;
  juniorAuthSubmit: C<Multipart, null>;
  userNotification: C<U.PageLimitPayload, U.PageData<U.Notification>>;
  userUpdateNotification: C<{ ids: string[] }, null>;
  transformWalletCalculate: C<Omit<U.TransferForm, 'fee' | 'practical' | 'unit'>, U.TransferCalc>;
  transformWallet: C<U.TransferForm, null>;
  myWalletBalance: C<None, U.WalletBalanceData>;
  walletRecord: C<U.PageLimitPayload & { type?: number }, U.PageData<U.WalletRecord>>;
  userWallet: C<U.PageNumPayload, { list: U.SavedCryptoAddress[] }>;
  currencySimpleCoinNet: C<None, { dtoList: U.CoinNet[] }>;
  userSelfWallet: C<None, { dtoList: U.CoinNet[] }>;
  addUserWallet: C<{ currencyId: string; cryptocurrencyAddress: string }, null>;
  deleteUserWallet: C<{ walletId: string }, null>;
  userDeposit: C<{ metaData: string; depositProof: Blob }, null>;
  rechargeStatus: C<None, { payState: number | null }>;
  withdrawStatus: C<None, null>;
  withdrawWalletCalculate: C<{ currencyId: string; coinId?: string; num: string }, U.FeeInfo>;
  withdrawBankCardCalculate: C<{ currencyId: string; num: string }, U.FeeInfo>;
  userWithdraw: C<U.WithdrawCryptoPayload | U.WithdrawBankPayload, null>;
  currencyBanckCardCoinNet: C<None, { dto: U.BankCardMeta }>;
  userBankCardList: C<U.PageNumPayload | U.PageLimitPayload, { list: U.BankCard[] }>;
  userBankCard: C<{ id: string }, { dto: U.BankCard }>;
  addUserBankCard: C<U.BankCardInput, null>;
  editUserBankCard: C<U.BankCard, null>;
  deleteUserBankCard: C<{ id: string }, null>;
  uesrRecharge: C<
    U.PageNumPayload & { type?: number; status?: number },
    U.PageData<U.DepositWithdrawRecord>
  >;
  userLoanCheck: C<None, { dto: U.Loan | null }>;
  addUserLoan: C<U.LoanRequest, null>;
  userLoanRepay: C<U.LoanRef, { dtoList: U.Repayment[] }>;
  addUserLoanRepay: C<U.LoanRef & { amount: number }, null>;
  /**
   * Binds an e-mail (pending its proof: see bindEmailConfirm). Submitting the
   * address being proved again re-sends its code (1110 within a minute).
   */
  bindEmailSubmit: C<{ email: string }, null>;
  // ---- extensions (not in either spec)
  /**
   * Proof of a bound e-mail: the code mailed to it by bindEmailSubmit. Until
   * then the address is shown as bound (user info `email`, with
   * `emailPending`) but is no sign-in name and blocks nobody's sign-up.
   * 0 proved; 1111 no live code (or five wrong from this source), 1020 wrong,
   * 1045 another account proved or registered the address meanwhile, 1110
   * while this source must wait.
   */
  bindEmailConfirm: C<{ code: string }, null>;
  /**
   * Responsible trading (types/responsible.ts says what each limit counts and
   * the codes it refuses with), called only where the site config offers it:
   * the limits in force, pending raises, usage and period ends.
   */
  rtLimits: C<None, R.RtState>;
  /** Sets the limits wanted: lower ones at once, raises and removals after the cooling-off. */
  rtSetLimits: C<R.RtSetLimitsPayload, R.RtState>;
  /** Self-exclusion until a date: ends every session of the user; sign-in refused (1123) until then. */
  rtSelfExclude: C<R.RtSelfExcludePayload, null>;
}

export type CallName = keyof Calls;
export type PayloadOf<K extends CallName> = Calls[K]['payload'];
export type DataOf<K extends CallName> = Calls[K]['data'];
export type ExtraOf<K extends CallName> = Calls[K]['extra'];

const api = (path: string, encoding: Encoding = 'json', method: HttpMethod = 'POST'): Endpoint => ({
  root: 'api',
  method,
  path,
  encoding,
});
/** A /waa/ read (see {@link Endpoint.replayable}). */
const read = (
  path: string,
  encoding: Encoding = 'json',
  method: HttpMethod = 'POST',
): Endpoint => ({
  ...api(path, encoding, method),
  replayable: true,
});
const market = (path: string): Endpoint => ({
  root: 'market',
  method: 'GET',
  path,
  encoding: 'query',
});
const exchange = (path: string): Endpoint => ({
  root: 'exchange',
  method: 'POST',
  path,
  encoding: 'json',
});

/** Every call, by name. The compiler checks that each name of {@link Calls} has exactly one entry. */
export const contract: { readonly [K in CallName]: Endpoint } = {
  login: api('/wa-na/login'),
  sendMail: api('/wa-na/sendMail'),
  sendPhone: api('/wa-na/sendPhone'),
  register: api('/wa-na/register'),
  getImageCode: api('/wa-na/getImageCode'),
  forgot: { ...api('/wa-na/forgot'), endsSession: true },
  refresh: { ...api('/wa-na/refresh'), renews: true },
  bannerList: api('/wa-na/appBanner/list'),
  findOptionsProduct: api('/wa-na/option/findOptionsProduct'),
  productList: api('/wa-na/forex/product/list'),
  systemConfig: api('/wa-na/system/systemConfig/getAllConfigStatusWeb'),
  customerLink: api('/wa-na/getCustomerLink'),

  // noAlert: the session machine reads the check's 401 itself (expired, or invalid: go to /).
  sessionCheck: { ...read('/waa/dd'), noAlert: true },
  productSearch: read('/waa/product/search'),
  productOrderInfo: read('/waa/product/order/info'),
  userInfo: read('/waa/user/info'),
  userBalance: { ...read('/waa/user/balance'), silent: true },
  switchUser: api('/waa/user/info/switch'),
  resetUser: api('/waa/virtualWallet/resetBalance'),
  unreadCount: { ...read('/waa/user/notification/getUnreadCount'), silent: true },
  userOrder: read('/waa/order/query'),
  userOrderMock: read('/waa/order/queryMock'),
  userOptionHistory: read('/waa/option/findOptionHistory'),
  userOptionDetail: read('/waa/option/findOption'),
  checkOptionCompletion: { ...read('/waa/option/checkOptionOrderCompletion'), silent: true },

  klineHistory: market('/history'),
  klineHistoryLimit: market('/history/limit'),
  thumb: market('/thumb/{symbol}'),
  marketStatus: market('/status/{symbol}'),

  addOrder: exchange('/order/addOrder'),
  addOrderMock: exchange('/order/addOrderMock'),
  closeOrder: exchange('/order/closeOrder'),
  closeOrderMock: exchange('/order/closeOrderMock'),
  cancelOrder: exchange('/order/cancelOrder'),
  cancelOrderMock: exchange('/order/cancelOrderMock'),
  addOrderOption: exchange('/order/addOrderOption'),
  addOrderOptionMock: exchange('/order/addOrderOptionMock'),

  infoSubmit: api('/waa/user/info/submit', 'multipart'),
  passwordSubmit: { ...api('/waa/user/password/submit'), endsSession: true },
  auth: read('/waa/user/auth', 'query', 'GET'),
  authSubmit: api('/waa/user/auth/submit', 'multipart'),
  juniorAuth: read('/waa/user/first/auth', 'query', 'GET'),
  juniorAuthSubmit: api('/waa/user/first/auth/submit', 'multipart'),
  userNotification: read('/waa/user/notification'),
  userUpdateNotification: api('/waa/user/notification/read'),
  transformWalletCalculate: read('/waa/user/crypto/transform/calculate'),
  transformWallet: api('/waa/user/crypto/transform'),
  myWalletBalance: read('/waa/user/crypto/getBalance'),
  walletRecord: read('/waa/user/crypto/order'),
  userWallet: read('/waa/cryptocurrency/user/wallet/all'),
  currencySimpleCoinNet: read('/waa/cryptocurrency/simple/find/all'),
  userSelfWallet: read('/waa/userSelfWallet/find'),
  addUserWallet: api('/waa/cryptocurrency/user/wallet/insert'),
  deleteUserWallet: api('/waa/cryptocurrency/user/wallet/delete'),
  userDeposit: api('/waa/user/deposit', 'multipart'),
  rechargeStatus: read('/waa/walletRecharge/web/rechargeStatus'),
  withdrawStatus: { ...read('/waa/cryptocurrency/user/wallet/withdrawStatus'), silent: true },
  withdrawWalletCalculate: read('/waa/user/withdraw/calculate'),
  withdrawBankCardCalculate: read('/waa/user/bankcard/withdraw/calculate'),
  userWithdraw: api('/waa/user/withdraw'),
  currencyBanckCardCoinNet: { ...read('/waa/cryptocurrency/bank/withdraw/find/one'), silent: true },
  userBankCardList: read('/waa/user/bank/all'),
  userBankCard: read('/waa/user/bank/one'),
  addUserBankCard: api('/waa/user/bank/insert'),
  editUserBankCard: api('/waa/user/bank/update'),
  deleteUserBankCard: api('/waa/user/bank/delete'),
  // The spec does not show this path; ours sits beside rechargeStatus.
  uesrRecharge: read('/waa/walletRecharge/web/list'),
  userLoanCheck: read('/waa/userLoan/checkUserLoan'),
  addUserLoan: api('/waa/userLoan/insert'),
  userLoanRepay: read('/waa/userLoan/getRepayment'),
  addUserLoanRepay: api('/waa/userLoan/insertRepayment'),
  bindEmailSubmit: api('/waa/user/bind/email/submit'),
  // An extension beside the spec's submit (see Calls).
  bindEmailConfirm: api('/waa/user/bind/email/confirm'),
  rtLimits: read('/waa/user/responsible/limits'),
  rtSetLimits: api('/waa/user/responsible/limits/submit'),
  rtSelfExclude: { ...api('/waa/user/responsible/exclude'), endsSession: true },
};

/** Static files the app reads besides the API (served next to index.html). */
export { staticFiles } from './static-files.ts';

/** Real-time endpoints, relative to the configured WebSocket roots. */
export const channelPaths = { market: '/ws/market', exchange: '/ws/exchange' } as const;

/** Calls whose path needs a bearer token: /waa/ and every exchange call. */
export const needsToken = (e: Endpoint): boolean =>
  e.root === 'exchange' || e.path.startsWith('/waa/');

/** Paths whose 401 clears the session and sends the user to sign in. */
export const isSessionPath = (e: Endpoint): boolean => e.path.startsWith('/waa/');

/** The demo account's variant of an order call (trading.md §4 "Demo mode uses the mock variants"). */
export const mockVariant = {
  userOrder: 'userOrderMock',
  addOrder: 'addOrderMock',
  closeOrder: 'closeOrderMock',
  cancelOrder: 'cancelOrderMock',
  addOrderOption: 'addOrderOptionMock',
} as const satisfies Partial<Record<CallName, CallName>>;

const placeholder = /\{(\w+)\}/g;

/**
 * Fill `{name}` placeholders from the payload and remove those keys from it.
 * Returns the filled path and the remaining payload.
 */
export function fillPath(path: string, payload: unknown): { path: string; rest: unknown } {
  if (!path.includes('{') || typeof payload !== 'object' || payload === null) {
    return { path, rest: payload };
  }
  const rest: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  const filled = path.replace(placeholder, (_, key: string) => {
    const v = rest[key];
    delete rest[key];
    return encodeURIComponent(String(v ?? ''));
  });
  return { path: filled, rest };
}

interface Matcher {
  name: CallName;
  re: RegExp;
  keys: string[];
}
let matchers: Matcher[] | undefined;

/** Route a wire request back to its call name and path parameters (the server side of {@link fillPath}). */
export function matchCall(
  root: Root,
  path: string,
): { name: CallName; params: Record<string, string> } | undefined {
  matchers ??= (Object.keys(contract) as CallName[]).map((name) => {
    const keys: string[] = [];
    const src = contract[name].path.replace(placeholder, (_, k: string) => {
      keys.push(k);
      return '([^/]+)';
    });
    return { name, re: new RegExp(`^${src}$`), keys };
  });
  for (const m of matchers) {
    if (contract[m.name].root !== root) continue;
    const hit = m.re.exec(path);
    if (!hit) continue;
    const params: Record<string, string> = {};
    m.keys.forEach((k, i) => (params[k] = decodeURIComponent(hit[i + 1] ?? '')));
    return { name: m.name, params };
  }
  return undefined;
}

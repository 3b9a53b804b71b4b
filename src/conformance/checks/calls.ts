/**
 * Every call of the contract (src/api/contract.ts), once: made with valid
 * input and its reply checked against its reply schema (schemas.ts), or
 * listed as skipped with the reason (what needs an operator, what would
 * change the account for good). Orders are the smallest lot, pending far
 * from the market and cancelled at once; options only on the demo book.
 */
import { contract, type CallName, type PayloadOf } from '../../api/contract.ts';
import type { KlinePoint, PriceEntry } from '../../api/types/trading.ts';
import { CheckFailure, Skip, type Account, type Check, type Kit } from '../kit.ts';
import { SPEC } from './spec.ts';
import { openProduct, pendingBuy, pendingPayload } from './market-data.ts';
import * as acct from './account.ts';

type Run = (kit: Kit) => Promise<void>;

const USER_CENTRE = new Set<CallName>([
  'infoSubmit',
  'passwordSubmit',
  'auth',
  'authSubmit',
  'juniorAuth',
  'juniorAuthSubmit',
  'userNotification',
  'userUpdateNotification',
  'transformWalletCalculate',
  'transformWallet',
  'myWalletBalance',
  'walletRecord',
  'userWallet',
  'currencySimpleCoinNet',
  'userSelfWallet',
  'addUserWallet',
  'deleteUserWallet',
  'userDeposit',
  'rechargeStatus',
  'withdrawStatus',
  'withdrawWalletCalculate',
  'withdrawBankCardCalculate',
  'userWithdraw',
  'currencyBanckCardCoinNet',
  'userBankCardList',
  'userBankCard',
  'addUserBankCard',
  'editUserBankCard',
  'deleteUserBankCard',
  'uesrRecharge',
  'userLoanCheck',
  'addUserLoan',
  'userLoanRepay',
  'addUserLoanRepay',
  'bindEmailSubmit',
]);
const EXTENSIONS = new Set<CallName>([
  'bindEmailConfirm',
  'rtLimits',
  'rtSetLimits',
  'rtSelfExclude',
]);

const specOf = (name: CallName) =>
  EXTENSIONS.has(name) ? SPEC.extension : USER_CENTRE.has(name) ? SPEC.ucCalls : SPEC.payloads;

const check = (name: CallName, title: string, run: Run): Check => ({
  id: `calls.${name}`,
  area: 'calls',
  spec: specOf(name),
  title: `${name} (${contract[name].method} ${contract[name].path})${title ? `: ${title}` : ''}`,
  run,
});
const skip = (name: CallName, reason: string): Check =>
  check(name, '', () => Promise.reject(new Skip(reason)));

/** The real book's token of the account that needs no money. */
const real = async (kit: Kit) => (await kit.booksOf(kit.anyAccount)).real;
const demo = async (kit: Kit) => (await kit.booksOf(kit.anyAccount)).demo;

/** A valid call of an authenticated read on the real book. */
const read = <K extends CallName>(
  name: K,
  payload?: (kit: Kit) => Promise<PayloadOf<K>> | PayloadOf<K>,
) =>
  check(name, 'answers code 0 with the reply the app reads', async (kit) => {
    await kit.ok(name, payload ? await payload(kit) : undefined, await real(kit));
  });

const anonymous = <K extends CallName>(name: K, payload?: PayloadOf<K>) =>
  check(name, 'answers code 0 with the reply the app reads, without a token', async (kit) => {
    await kit.ok(name, payload);
  });

/** Bars in time order, one per time (the chart draws them as they come). */
function barsInOrder(kit: Kit, bars: KlinePoint[]): void {
  for (let i = 1; i < bars.length; i++) {
    const a = bars[i - 1] as KlinePoint;
    const b = bars[i] as KlinePoint;
    if (!(b.time > a.time))
      throw new CheckFailure(
        'kline bars in ascending time, one per time',
        kit.last,
        `data[${i}].time ${b.time} after data[${i - 1}].time ${a.time}`,
      );
  }
}

/** Decimals of a number as written. */
const decimals = (x: number) => {
  const s = String(x);
  if (/e-/i.test(s))
    return Number(s.split(/e-/i)[1]) + (s.split('.')[1]?.split(/e/i)[0]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
};

/** Prices with no more decimals than the product's pricePrecision (when the entry gives it). */
function pricesAtPrecision(kit: Kit, list: Record<string, PriceEntry>): void {
  for (const [sym, e] of Object.entries(list)) {
    if (e.pricePrecision === undefined) continue;
    for (const f of ['price', 'bidPrice', 'askPrice'] as const)
      if (decimals(e[f]) > e.pricePrecision)
        throw new CheckFailure(
          "each price with at most its product's pricePrecision decimals",
          kit.last,
          `data.${sym}.${f} ${e[f]} has ${decimals(e[f])} decimals, pricePrecision ${e.pricePrecision}`,
        );
  }
}

/** The option the kit places on the demo book with addOrderOption: its uid, term and when it ends. */
export interface KitOption {
  uid: string;
  /** The account whose demo book holds it (its sessions may end meanwhile: Kit.booksOf again). */
  account: Account;
  timeLong: number;
  /** beginTime + timeLong, epoch ms. */
  endsAt: number;
}

/**
 * Place the smallest, shortest option with addOrderOption on the demo book of
 * the account without money: a server that books it on the real book
 * refuses it there (203) rather than staking real money.
 */
export async function kitOption(kit: Kit): Promise<KitOption> {
  return kit.once('kitOption', async () => {
    const a = kit.unfunded;
    if (!a)
      throw new Skip(
        'needs an account without money (a server that books a demo option on the real book then refuses it instead of staking real money)',
      );
    const token = (await kit.booksOf(a)).demo;
    const payload = await optionPayload(kit, token);
    const r = await kit.ok('addOrderOption', payload, token);
    const d = r.data as { uid: string; beginTime: number };
    return {
      uid: d.uid,
      account: a,
      timeLong: payload.timeLong,
      endsAt: d.beginTime + payload.timeLong * 1000,
    };
  });
}

/** The demo option the kit places once (smallest stake, shortest term), for the calls that read one. */
async function demoOption(kit: Kit): Promise<string> {
  return kit.once('demoOption', async () => {
    const token = await demo(kit);
    const payload = await optionPayload(kit, token);
    const data = (await kit.loose('addOrderOptionMock', payload, token)) as { uid?: unknown };
    if (typeof data?.uid !== 'string')
      throw new CheckFailure('addOrderOptionMock to give a uid (set-up)', kit.last);
    return data.uid;
  });
}

/** The smallest, shortest option on an open product the server offers options on. */
export async function optionPayload(
  kit: Kit,
  token: string,
): Promise<PayloadOf<'addOrderOptionMock'>> {
  const { info, quote } = await openProduct(kit);
  const all = (await kit.loose('findOptionsProduct', { limit: 100, page: 1 })) as {
    optionsProducts?: Array<{
      id: string;
      productCode: string;
      tradeStatus: number;
      timeRatePayload: Record<string, string>;
    }>;
  };
  const opts = all?.optionsProducts ?? [];
  const product = opts.find((o) => o.productCode === info.productCode && o.tradeStatus === 1);
  if (!product) throw new Skip(`no option product for ${info.productCode}, the open product`);
  const terms = Object.values(product.timeRatePayload).map((t) => {
    const [head = '', , limits = ''] = t.split('^');
    const [timeLong = '0', rate = '0'] = head.split('|');
    const [, min = '0'] = limits.split('|');
    return { timeLong: Number(timeLong), rate: Number(rate), min: Number(min) };
  });
  const term = terms.sort((a, b) => a.timeLong - b.timeLong)[0];
  if (!term) throw new Skip(`option product ${product.id} offers no term`);
  return {
    tradePair: info.productCode,
    optionsProductId: product.id,
    price: quote.price,
    timeLong: term.timeLong,
    btime: Date.now(),
    rate: term.rate,
    amount: term.min,
    orderType: 0,
    token,
  };
}

export const callChecks: Check[] = [
  // ---- anonymous
  check('login', 'signs the test account in: code 0 with a token', async (kit) => {
    const a = kit.anyAccount;
    const r = await kit.ok('login', {
      username: a.email,
      password: a.password,
      type: a.email.includes('@') ? 'E' : 'P',
    });
    if (typeof (r.data as { token?: unknown }).token !== 'string')
      throw new CheckFailure('data.token for an account without a second factor', r.ex);
  }),
  // Early: the demo option runs while the other checks do (time.option-settles waits for its end).
  check(
    'addOrderOption',
    'the smallest stake for the shortest term, on the demo book of the account without money (switchUser gives its token); listed running',
    async (kit) => {
      const o = await kitOption(kit);
      const r = await kit.loose(
        'userOptionHistory',
        { limit: 99999, page: 1, positionStatus: 0 },
        (await kit.booksOf(o.account)).demo,
      );
      const items = (r as { items?: Array<{ id: string; uid?: string }> })?.items ?? [];
      if (!items.some((i) => i.id === o.uid || i.uid === o.uid) && Date.now() < o.endsAt)
        throw new CheckFailure(
          `the running options (userOptionHistory positionStatus 0) to list option ${o.uid}`,
          kit.last,
          'not listed',
        );
    },
  ),
  check(
    'sendMail',
    'a sign-up code to a new address at example.com (a reserved domain: nobody gets it)',
    async (kit) => {
      await kit.ok('sendMail', {
        email: `conformance-${Date.now().toString(36)}@example.com`,
        type: '1',
        locale: 'en',
      });
    },
  ),
  skip('sendPhone', 'would text a real phone number: not checked'),
  skip('register', 'needs the code mailed to a new address: the kit reads no mailbox'),
  anonymous('getImageCode'),
  skip('forgot', 'needs the code mailed to the account: the kit reads no mailbox'),
  check('refresh', "a fresh session's refresh token and token give a new token", async (kit) => {
    const s = await kit.signIn(kit.anyAccount);
    if (!s.refreshToken) throw new CheckFailure('login data.refreshToken', kit.last);
    await kit.ok('refresh', { refreshToken: s.refreshToken, token: s.token });
  }),
  anonymous('bannerList'),
  anonymous('findOptionsProduct', { limit: 10, page: 1 }),
  check('productList', "every product's price entry, each price at its precision", async (kit) => {
    const r = await kit.ok('productList');
    pricesAtPrecision(kit, r.data as Record<string, PriceEntry>);
  }),
  anonymous('systemConfig'),
  anonymous('customerLink'),
  // ---- authenticated, trade side
  read('sessionCheck'),
  read('productSearch', () => ({ search: 'USD' })),
  read('productOrderInfo', () => ({})),
  read('userInfo'),
  read('userBalance'),
  check('switchUser', 'gives a token of the other book', async (kit) => {
    await kit.ok('switchUser', undefined, await real(kit));
  }),
  skip('resetUser', 'changes the demo book for good (and is allowed once: 701): not run'),
  read('unreadCount'),
  read('userOrder', () => ({ page: 1, limit: 10, positionStatus: 3, columns: ['closingTime'] })),
  check('userOrderMock', "the demo book's orders", async (kit) => {
    await kit.ok(
      'userOrderMock',
      { page: 1, limit: 10, positionStatus: 3, columns: ['closingTime'] },
      await demo(kit),
    );
  }),
  read('userOptionHistory', () => ({ limit: 10, page: 1, positionStatus: 1 })),
  check('userOptionDetail', 'the demo option the kit placed', async (kit) => {
    await kit.ok('userOptionDetail', { uid: await demoOption(kit) }, await demo(kit));
  }),
  check('checkOptionCompletion', 'of the demo option the kit placed', async (kit) => {
    await kit.ok('checkOptionCompletion', { uid: await demoOption(kit) }, await demo(kit));
  }),
  // ---- market root
  check('klineHistory', 'bars of an open product, in time order', async (kit) => {
    const { info } = await openProduct(kit);
    const r = await kit.ok('klineHistory', { symbol: info.productCode, period: '1min', limit: 50 });
    barsInOrder(kit, r.data as KlinePoint[]);
  }),
  check('klineHistoryLimit', 'bars of an open product, in time order', async (kit) => {
    const { info } = await openProduct(kit);
    const r = await kit.ok('klineHistoryLimit', {
      symbol: info.productCode,
      period: '1min',
      limit: 50,
    });
    barsInOrder(kit, r.data as KlinePoint[]);
  }),
  check('thumb', 'the quote of an open product', async (kit) => {
    const { info } = await openProduct(kit);
    await kit.ok('thumb', { symbol: info.productCode });
  }),
  check('marketStatus', 'of an open product', async (kit) => {
    const { info } = await openProduct(kit);
    await kit.ok('marketStatus', { symbol: info.productCode });
  }),
  // ---- exchange root
  check(
    'addOrder',
    'the smallest lot, a pending buy at half the bid on the real book (funded account), cancelled at once',
    async (kit) => {
      const token = (await kit.booksOf(kit.needFunded())).real;
      const r = await kit.ok('addOrder', await pendingPayload(kit, token), token);
      await kit.loose('cancelOrder', { orderId: r.data as string, token }, token);
    },
  ),
  check(
    'addOrderMock',
    'the smallest lot, a pending buy at half the bid on the demo book, cancelled at once',
    async (kit) => {
      const token = await demo(kit);
      const r = await kit.ok('addOrderMock', await pendingPayload(kit, token), token);
      await kit.loose('cancelOrderMock', { orderId: r.data as string, token }, token);
    },
  ),
  check(
    'closeOrder',
    "reached: an order that is not open (the kit's cancelled pending order) answers 404 (the kit opens no position: one may not be closed in its first 3 minutes, 409)",
    async (kit) => {
      const token = (await kit.booksOf(kit.needFunded())).real;
      const orderId = await pendingBuy(kit, token, false);
      await kit.loose('cancelOrder', { orderId, token }, token);
      await kit.refused(
        'closeOrder',
        { orderId, token },
        token,
        [404],
        'closing a cancelled order',
      );
    },
  ),
  check(
    'closeOrderMock',
    'reached on the demo book: an order that is not open answers 404',
    async (kit) => {
      const token = await demo(kit);
      const orderId = await pendingBuy(kit, token, true);
      await kit.loose('cancelOrderMock', { orderId, token }, token);
      await kit.refused(
        'closeOrderMock',
        { orderId, token },
        token,
        [404],
        'closing a cancelled order',
      );
    },
  ),
  check('cancelOrder', "cancels the kit's pending order on the real book", async (kit) => {
    const token = (await kit.booksOf(kit.needFunded())).real;
    const orderId = await pendingBuy(kit, token, false);
    await kit.ok('cancelOrder', { orderId, token }, token);
  }),
  check('cancelOrderMock', "cancels the kit's pending order on the demo book", async (kit) => {
    const token = await demo(kit);
    const orderId = await pendingBuy(kit, token, true);
    await kit.ok('cancelOrderMock', { orderId, token }, token);
  }),
  check(
    'addOrderOptionMock',
    'the smallest stake for the shortest term on the demo book',
    async (kit) => {
      const token = await demo(kit);
      await kit.ok('addOrderOptionMock', await optionPayload(kit, token), token);
    },
  ),
  // ---- user centre
  check('infoSubmit', 'the nickname the account already has (multipart)', async (kit) => {
    const token = await real(kit);
    const me = (await kit.loose('userInfo', undefined, token)) as { nick?: unknown };
    await kit.ok(
      'infoSubmit',
      { metaData: JSON.stringify({ nickName: String(me?.nick ?? 'trader') }) },
      token,
    );
  }),
  read('auth'),
  check(
    'authSubmit',
    'identity details and three images (multipart), approved by the operator: auth verifiedStatus 1 then 2 (1014 once verified)',
    (kit) => acct.verification(kit, false),
  ),
  read('juniorAuth'),
  check(
    'juniorAuthSubmit',
    'identity details (multipart), approved by the operator: juniorAuth verifiedStatus 1 then 2 (1014 once verified)',
    (kit) => acct.verification(kit, true),
  ),
  read('userNotification', () => ({ page: 1, limit: 10 })),
  check(
    'transformWalletCalculate',
    "the fee of moving 1 unit of the first wallet coin (not the trading account's USD) in",
    async (kit) => {
      const token = await real(kit);
      const w = (await kit.loose('myWalletBalance', undefined, token)) as {
        list?: Array<{ currency: string; currencyId: string }>;
      };
      const first = w?.list?.find((c) => c.currency !== 'USD');
      if (!first) throw new Skip('the wallet lists no coin besides USD');
      await kit.ok(
        'transformWalletCalculate',
        { curr: first.currency, currId: first.currencyId, type: 0, num: '1' },
        token,
      );
    },
  ),
  skip('transformWallet', 'moves money between the wallet and the trading account: not run'),
  read('myWalletBalance'),
  read('walletRecord', () => ({ page: 1, limit: 10 })),
  read('userWallet', () => ({ pageNum: 1, pageSize: 10 })),
  read('currencySimpleCoinNet'),
  read('userSelfWallet'),
  check(
    'addUserWallet',
    "a new address (encoded with the session's aesKey) on a network without one; userWallet gives it back encoded; deleted again",
    acct.addUserWallet,
  ),
  check(
    'deleteUserWallet',
    'deletes an address the kit saved; userWallet no longer lists it',
    acct.deleteUserWallet,
  ),
  check(
    'userDeposit',
    `${acct.DEPOSIT_AMOUNT} USDT with a proof image (multipart) on the funded account, approved by the operator: the balance rises`,
    acct.userDeposit,
  ),
  read('rechargeStatus'),
  read('withdrawStatus'),
  check(
    'withdrawWalletCalculate',
    'the fee of withdrawing 10 on the first network',
    async (kit) => {
      const token = await real(kit);
      const nets = (await kit.loose('currencySimpleCoinNet', undefined, token)) as {
        dtoList?: Array<{ id: string }>;
      };
      const net = nets?.dtoList?.[0];
      if (!net) throw new Skip('the server lists no network');
      await kit.ok(
        'withdrawWalletCalculate',
        { currencyId: net.id, coinId: net.id, num: '10' },
        token,
      );
    },
  ),
  check('withdrawBankCardCalculate', 'the fee of withdrawing 10 to a bank card', async (kit) => {
    const token = await real(kit);
    const meta = (await kit.loose('currencyBanckCardCoinNet', undefined, token)) as {
      dto?: { id: string };
    };
    if (!meta?.dto?.id) throw new Skip('the server offers no bank-card withdrawal');
    await kit.ok('withdrawBankCardCalculate', { currencyId: meta.dto.id, num: '10' }, token);
  }),
  check(
    'userWithdraw',
    `the operator gives ${acct.WITHDRAW_AMOUNT} USD; ${acct.WITHDRAW_AMOUNT} USDT out to an address the kit saved, approved by the operator: the balance falls`,
    acct.userWithdraw,
  ),
  read('currencyBanckCardCoinNet'),
  read('userBankCardList', () => ({ pageNum: 1, pageSize: 10 })),
  check(
    'addUserBankCard',
    "a card with every field, the sensitive ones encoded with the session's aesKey; listed back encoded; deleted again",
    acct.addUserBankCard,
  ),
  check('userBankCard', 'the card the kit added, its fields as sent', acct.userBankCard),
  check(
    'editUserBankCard',
    'changes the name, bank and phone of a card the kit added; userBankCard gives the new ones',
    acct.editUserBankCard,
  ),
  check(
    'deleteUserBankCard',
    'deletes a card the kit added; userBankCardList no longer lists it',
    acct.deleteUserBankCard,
  ),
  read('uesrRecharge', () => ({ pageNum: 1, pageSize: 10 })),
  read('userLoanCheck'),
  check(
    'addUserLoan',
    'a request with the other account as guarantor, rejected by the operator: userLoanCheck status 0 then 2',
    acct.addUserLoan,
  ),
  check(
    'userLoanRepay',
    "the repayments of the kit's loan request (or the account's loan)",
    acct.userLoanRepay,
  ),
  check(
    'userUpdateNotification',
    "marks read a notification read already, or the one the operator's rejection of the kit's loan sent",
    acct.userUpdateNotification,
  ),
  skip(
    'addUserLoanRepay',
    'needs a running loan: the kit does not borrow (an approved loan lends the test account money)',
  ),
  skip(
    'bindEmailSubmit',
    'binds another address, proved by a mailed code: the kit reads no mailbox',
  ),
  skip('bindEmailConfirm', 'needs the code mailed by bindEmailSubmit: the kit reads no mailbox'),
  read('rtLimits'),
  check('rtSetLimits', 'asks for the limits already in force (nothing changes)', async (kit) => {
    const token = await real(kit);
    const now = (await kit.loose('rtLimits', undefined, token)) as {
      limits?: PayloadOf<'rtSetLimits'>['limits'];
    };
    if (!now?.limits) throw new CheckFailure('rtLimits data.limits (set-up)', kit.last);
    await kit.ok('rtSetLimits', { limits: now.limits }, token);
  }),
  skip('rtSelfExclude', 'locks the account out until a date (only an operator lifts it): not run'),
  // Last: it ends every session of the account (the token checks ask it again).
  check(
    'passwordSubmit',
    "the account's own password again (ends its sessions; nothing else changes)",
    async (kit) => {
      const a = kit.anyAccount;
      const token = await real(kit);
      try {
        await kit.ok(
          'passwordSubmit',
          { oldPassword: a.password, newPassword: a.password, metaData: '{}' },
          token,
        );
      } finally {
        kit.forget(a);
      }
    },
  ),
];

/** Every call of the contract has exactly one check (unit-tested). */
export const CHECKED_CALLS = callChecks.map((c) => c.id.slice('calls.'.length));

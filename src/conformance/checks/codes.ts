/**
 * The codes a client can provoke without an operator: bad input, a wrong
 * password, an expired token, too little balance, a closed market, the lot
 * limits, an order that is not there. Each refusal must come as HTTP 200
 * with the catalogue's code (a 401 for tokens), and change nothing.
 */
import { CheckFailure, Skip, redate, type Check, type Kit } from '../kit.ts';
import { optionPayload } from './calls.ts';
import { SPEC } from './spec.ts';
import { atPrecision, closedProduct, openProduct, pendingPayload } from './market-data.ts';

const c = (id: string, spec: string, title: string, run: (kit: Kit) => Promise<void>): Check => ({
  id: `codes.${id}`,
  area: 'codes',
  spec,
  title,
  run,
});

/** A quantity written at the lot step's decimals. */
const lots = (x: number, step: number) =>
  Number(x.toFixed(Math.max(0, -Math.floor(Math.log10(step)) + 2)));

export const codeChecks: Check[] = [
  c(
    'bad-input',
    SPEC.validation,
    'sign-in without a password: 1001 (Incorrect parameter)',
    async (kit) => {
      const a = kit.anyAccount;
      await kit.refused(
        'login',
        { username: a.email, type: 'E' } as never,
        undefined,
        [1001],
        'a sign-in without its password',
      );
    },
  ),
  c(
    'wrong-password',
    SPEC.signInCodes,
    'sign-in with a wrong password: 1108 (Incorrect account or password)',
    async (kit) => {
      const a = kit.anyAccount;
      await kit.refused(
        'login',
        {
          username: a.email,
          password: `${a.password}-wrong`,
          type: a.email.includes('@') ? 'E' : 'P',
        },
        undefined,
        [1108],
        'a wrong password',
      );
      // A right one clears the failure count the wrong one started.
      await kit.signIn(a);
    },
  ),
  c('expired-token', SPEC.session, 'an expired token on /waa/: HTTP 401', async (kit) => {
    const token = kit.opts.expiredToken ?? redate((await kit.session(kit.anyAccount)).token);
    await kit.unauthorized(
      'userInfo',
      undefined,
      token,
      kit.opts.expiredToken ? 'an expired token' : 'a token re-dated to an hour ago',
    );
  }),
  c(
    'balance',
    SPEC.tradeCodes,
    'the smallest lot on the real book of an account without money: 203 (Insufficient available balance)',
    async (kit) => {
      const a = kit.unfunded;
      if (!a) throw new Skip('no account without funds in the account file');
      const token = (await kit.booksOf(a)).real;
      const { info, quote } = await openProduct(kit);
      const payload = {
        ...(await pendingPayload(kit, token)),
        buyPoint: 2 as const,
        price: quote.askPrice,
      };
      await kit.refused(
        'addOrder',
        payload,
        token,
        [203],
        `a market buy of ${info.minCount} ${info.productCode} with no money`,
      );
    },
  ),
  c(
    'closed-market',
    SPEC.tradeCodes,
    'the smallest lot of a product whose market is closed now, on the demo book: 304 (Pair prohibited from trading)',
    async (kit) => {
      const p = await closedProduct(kit);
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      const q = (await kit.loose('thumb', { symbol: p.productCode })) as { bidPrice?: number };
      const bid = typeof q?.bidPrice === 'number' ? q.bidPrice : 1;
      await kit.refused(
        'addOrderMock',
        {
          tradePair: p.productCode,
          price: atPrecision(bid * 0.5, p.pricePrecision),
          stopPrice: null,
          takeProfitPprice: null,
          orderQuantity: p.minCount,
          multiple: p.multiple,
          orderType: 0,
          buyPoint: 1,
          token,
        },
        token,
        [304],
        `an order on ${p.productCode}, closed now by its hours`,
      );
    },
  ),
  c(
    'lot-below-min',
    SPEC.tradeCodes,
    "a lot below the product's minCount, on the demo book: 306 (Lot size below limit; 307 when it rounds to no lot)",
    async (kit) => {
      const { info } = await openProduct(kit);
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      const step = info.countNum > 0 ? info.countNum : info.minCount;
      const qty =
        info.minCount > step ? lots(info.minCount - step, step) : lots(info.minCount / 2, step);
      const codes = info.minCount > step ? [306] : [306, 307];
      await kit.refused(
        'addOrderMock',
        { ...(await pendingPayload(kit, token)), orderQuantity: qty },
        token,
        codes,
        `${qty} lots of ${info.productCode} (minCount ${info.minCount})`,
      );
    },
  ),
  c(
    'lot-above-max',
    SPEC.tradeCodes,
    "a lot above the product's maxCount, on the demo book: 305 (Lot size exceeds limit)",
    async (kit) => {
      const { info } = await openProduct(kit);
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      const step = info.countNum > 0 ? info.countNum : info.minCount;
      const qty = lots(info.maxCount + step, step);
      await kit.refused(
        'addOrderMock',
        { ...(await pendingPayload(kit, token)), orderQuantity: qty },
        token,
        [305],
        `${qty} lots of ${info.productCode} (maxCount ${info.maxCount})`,
      );
    },
  ),
  c(
    'no-such-order',
    SPEC.tradeCodes,
    'cancelling an order that does not exist, on the demo book: 402 (Order does not exist)',
    async (kit) => {
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      await kit.refused(
        'cancelOrderMock',
        { orderId: '999999999', token },
        token,
        [402],
        'an unknown order id',
      );
    },
  ),
  c(
    'option-below-min',
    SPEC.tradeCodes,
    "an option stake below its term's minimum, on the demo book: 501 (Incorrect parameter)",
    async (kit) => {
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      const payload = await optionPayload(kit, token);
      if (payload.amount <= 1)
        throw new Skip(`the shortest term's minimum stake is ${payload.amount}`);
      const amount = Math.max(1, Math.floor(payload.amount / 2));
      await kit.refused(
        'addOrderOptionMock',
        { ...payload, amount },
        token,
        [501],
        `a stake of ${amount} (minimum ${payload.amount})`,
      );
    },
  ),
  c(
    'closed-by-operator',
    SPEC.market,
    'the operator closes an open product: an order on it, on the demo book, is refused 304 (Pair prohibited from trading); opened again, the same order is placed (and cancelled)',
    async (kit) => {
      kit.needOperator();
      const { info } = await openProduct(kit);
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      const sym = info.productCode;
      await kit.operate(`close ${sym}`, (op) => op.setMarketOpen(sym, false));
      kit.later(() => kit.needOperator().setMarketOpen(sym, true));
      try {
        await kit.refused(
          'addOrderMock',
          await pendingPayload(kit, token),
          token,
          [304],
          `an order on ${sym}, closed by the operator`,
        );
      } finally {
        await kit.operate(`open ${sym} again`, (op) => op.setMarketOpen(sym, true));
      }
      const r = await kit.call('addOrderMock', await pendingPayload(kit, token), token);
      if (r.code !== 0)
        throw new CheckFailure(
          `the order on ${sym} placed once the operator opened it again`,
          r.ex,
          `code ${r.code}`,
        );
      await kit.loose('cancelOrderMock', { orderId: r.data as string, token }, token);
    },
  ),
];

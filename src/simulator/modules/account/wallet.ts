/**
 * The multi-currency wallet: one row per currency with its USD value (USD is
 * the real trading account's available cash), transfers between USD and a
 * coin (calculate, then submit), and the transfer records.
 *
 * Transfers: type 0 "in" buys `num` of the coin with USD (the user pays
 * num × price, rounded up to the cent, and receives num − fee); type 1 "out"
 * sells `num` of the coin (num − fee is sold, the user gets its USD value
 * rounded down). Money moves through `house:fx:<coin>` accounts, fees go to
 * `house:fees:wallet:<coin>`, so the ledger still sums to zero per currency.
 * Codes: 1030 unknown currency or USD itself, 1057 type not 0/1, 1064
 * negative amount, 1036 zero or malformed, 1065 over 4 decimals, 202 no
 * price, 1159 the source balance does not cover it, 23523 demo session.
 */
import Big from 'big.js';
import type { TransferForm, WalletItem } from '../../../api/types/user.ts';
import { usdValueDown } from '../../../api/wallet-rules.ts';
import { acct } from '../../ledger.ts';
import { fail, ok, type Handlers, type SimContext } from '../../module.ts';
import { nextId } from '../../core-state.ts';
import {
  cents,
  currencyByCode,
  currencyById,
  CURRENCIES,
  logo,
  transferFee,
  usdPrice,
  type Currency,
} from './coins.ts';
import { amount, isFailure, me, paginate, realUser, type Failure } from './guard.ts';
import { mine, type AccountContext } from './state.ts';

/** Fee account of wallet transfers in one coin. */
export const walletFees = (coin: string): string => `house:fees:wallet:${coin}`;

/** The balance of one wallet row: USD is the real account's available cash. */
export const rowBalance = (ctx: SimContext, uid: string, code: string): Big =>
  ctx.ledger.balance(code === 'USD' ? acct.cash(uid, 'real') : acct.wallet(uid, code));

/** Every wallet row with its USD value, and the total; undefined when a price is missing (202). */
export function walletRows(
  ctx: SimContext,
  uid: string,
): { list: WalletItem[]; total: Big } | undefined {
  const list: WalletItem[] = [];
  let total = new Big(0);
  for (const c of CURRENCIES) {
    const price = usdPrice(ctx, c.code);
    if (!price) return undefined;
    const bal = rowBalance(ctx, uid, c.code);
    const usd = usdValueDown(bal, price);
    total = total.plus(usd);
    list.push({
      currency: c.code,
      currencyId: c.id,
      balance: bal.toString(),
      unit: c.code,
      usdBalance: usd.toFixed(2),
      icon: logo(c.code),
    });
  }
  return { list, total };
}

interface Quote {
  c: Currency;
  type: 0 | 1;
  num: Big;
  fee: Big;
  practical: Big;
  /** USD paid (in) or received (out). */
  usd: Big;
}

function quote(ctx: AccountContext, p: Partial<TransferForm>): Quote | Failure {
  const c = currencyById(p.currId) ?? (p.currId === undefined ? currencyByCode(p.curr) : undefined);
  if (!c || c.code === 'USD') return fail(1030);
  const type = Number(p.type);
  if (type !== 0 && type !== 1) return fail(1057);
  const num = amount(p.num, 4);
  if (num === 'negative') return fail(1064);
  if (num === 'decimals') return fail(1065);
  if (typeof num === 'string') return fail(1036);
  const price = usdPrice(ctx, c.code);
  if (!price) return fail(202);
  const fee = transferFee(c, num);
  const practical = num.minus(fee);
  const usd = type === 0 ? cents(num.times(price), 'up') : cents(practical.times(price), 'down');
  return { c, type, num, fee, practical, usd };
}

/** The wallet calls: balances, transfers between currencies (quote and do), records. */
export const walletHandlers = (ctx: AccountContext): Handlers => ({
  myWalletBalance: (_p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const rows = walletRows(ctx, u.uid);
    return rows ? ok({ list: rows.list, totalBalance: rows.total.toFixed(2) }) : fail(202);
  },
  transformWalletCalculate: (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const q = quote(ctx, p);
    return isFailure(q) ? q : ok({ fee: q.fee.toString(), practical: q.practical.toString() });
  },
  transformWallet: (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const q = quote(ctx, p);
    if (isFailure(q)) return q;
    const { c, num, fee, practical, usd } = q;
    const cash = acct.cash(u.uid, 'real');
    const coin = acct.wallet(u.uid, c.code);
    if (q.type === 0) {
      if (ctx.ledger.balance(cash).lt(usd)) return fail(1159);
      ctx.ledger.transfer(cash, acct.fx('USD'), usd);
      ctx.ledger.transfer(acct.fx(c.code), coin, practical);
      ctx.ledger.transfer(acct.fx(c.code), walletFees(c.code), fee);
    } else {
      if (ctx.ledger.balance(coin).lt(num)) return fail(1159);
      ctx.ledger.transfer(coin, acct.fx(c.code), practical);
      ctx.ledger.transfer(coin, walletFees(c.code), fee);
      ctx.ledger.transfer(acct.fx('USD'), cash, usd);
    }
    const id = nextId(ctx.state);
    ctx.state.account.transfers[id] = {
      id,
      uid: u.uid,
      orderType: q.type,
      currency: c.code,
      amount: num.toString(),
      fee: fee.toString(),
      practical: practical.toString(),
      usd: usd.toFixed(2),
      orderTime: ctx.clock.now(),
    };
    return ok(null);
  },
  walletRecord: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const type = p?.type === undefined || String(p.type) === '' ? undefined : Number(p.type);
    const all = mine(ctx.state.account.transfers, u.uid)
      .filter((r) => type === undefined || r.orderType === type)
      .sort((a, b) => b.orderTime - a.orderTime || Number(b.id) - Number(a.id));
    const { list, pages } = paginate(all, p?.page, p?.limit);
    return ok({
      list: list.map((r) => ({
        orderType: r.orderType,
        currency: r.currency,
        uid: r.id,
        orderQuantity: r.amount,
        unit: r.currency,
        orderTime: r.orderTime,
      })),
      pages,
    });
  },
});

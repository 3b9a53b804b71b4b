/**
 * Withdrawals to a crypto address or a bank card: status check, fee
 * calculation, submission (the amount is held in the ledger while in
 * review), and the bank-card limits.
 *
 * Amounts are in the network's coin (USD for bank cards) and are taken from
 * the real trading account at the coin's USD price, rounded up to the cent.
 * Fees follow coins.ts (PERCENTAGE or FIX_AMOUNT); practical = num − fee.
 *
 * - withdrawStatus: 1066 account flagged by the back office, 1067 a
 *   withdrawal in review, 1070 open or pending positions on the real account.
 * - calculate: 23523 demo, 1055 unknown network, 1051 unknown saved wallet,
 *   1069 amount zero/negative/malformed, 1065 over 5 decimals, 202 no price.
 *   Answers feeType, feeNum, feeUsd, practical, isOver, afterBalance.
 * - userWithdraw: the status codes, then 1151 an overdue loan, 1086 a
 *   withdrawType other than 1, 23523 bank cards switched off (user/bankCard),
 *   1008 not the caller's card, 1051 no such saved wallet, 1055 unknown
 *   network, 1047 network switched off, 1049 / 1016 / 23558 bad payment
 *   address, 1069, 1065, 1074 outside the network's min..max or a
 *   practicalNum that is not the server's, 1052 the balance does not cover it.
 *
 * Crypto targets: `paymentAddress` (encoded) with `coinId` (or `currencyId`)
 * naming the network — the NO_WALLET_WITHDRAW flow; otherwise a saved
 * address, named by its walletId in `currencyId` (or by its network's id).
 */
import type Big from 'big.js';
import type {
  FeeInfo,
  WithdrawBankPayload,
  WithdrawCryptoPayload,
} from '../../../api/types/user.ts';
import { acct } from '../../ledger.ts';
import { fail, ok, type CallInfo, type Handlers } from '../../module.ts';
import { hasOpenPositions, hasUnverifiedWithdrawal } from '../../queries.ts';
import { nextId } from '../../core-state.ts';
import type { UserRecord } from '../../users.ts';
import { str } from '../identity/validate.ts';
import { plainAddress } from './addresses.ts';
import { BANK_NET, cents, coinNet, usdPrice, withdrawFee, type CoinNetDef } from './coins.ts';
import { amount, isFailure, realUser, type Failure } from './guard.ts';
import { hasOverdueLoan } from './loans.ts';
import { mine, type WithdrawTarget, type AccountContext } from './state.ts';

/** 1066, 1067 or 1070 when withdrawals are locked for the user; 0 otherwise. */
export function withdrawLock(ctx: AccountContext, uid: string): number {
  if (ctx.state.account.anomaly[uid]) return 1066;
  if (hasUnverifiedWithdrawal(ctx, uid)) return 1067;
  if (hasOpenPositions(ctx, uid, 'real')) return 1070;
  return 0;
}

/** The network a crypto calculation or withdrawal is for, and the saved address if one is named. */
function cryptoNet(
  ctx: AccountContext,
  uid: string,
  p: { currencyId?: unknown; coinId?: unknown },
) {
  const coinId = str(p.coinId);
  if (coinId) {
    const n = coinNet(coinId);
    return n && n.coin !== 'USD' ? { net: n } : fail(1055);
  }
  const id = str(p.currencyId) ?? '';
  const own = mine(ctx.state.account.addresses, uid);
  const saved = own.find((a) => a.walletId === id) ?? own.find((a) => a.coinNetId === id);
  const n = coinNet(saved?.coinNetId ?? id);
  if (!n || n.coin === 'USD') return fail(1051);
  return saved ? { net: n, saved } : { net: n };
}

interface Calc {
  net: CoinNetDef;
  num: Big;
  fee: Big;
  practical: Big;
  usd: Big;
  feeUsd: Big;
  cash: Big;
}

function calculate(
  ctx: AccountContext,
  uid: string,
  net: CoinNetDef,
  raw: unknown,
): Calc | Failure {
  const num = amount(raw, 5);
  if (num === 'decimals') return fail(1065);
  if (typeof num === 'string') return fail(1069);
  const price = usdPrice(ctx, net.coin);
  if (!price) return fail(202);
  const fee = withdrawFee(net, num);
  const usd = cents(num.times(price), 'up');
  const feeUsd = cents(fee.times(price), 'up');
  const cash = ctx.ledger.balance(acct.cash(uid, 'real'));
  return {
    net,
    num,
    fee,
    practical: num.minus(fee),
    usd,
    feeUsd: feeUsd.gt(usd) ? usd : feeUsd,
    cash,
  };
}

const feeInfo = (c: Calc): FeeInfo => ({
  feeType: c.net.feeType,
  feeNum: c.fee.toString(),
  feeUsd: c.feeUsd.toFixed(2),
  practical: c.practical.toString(),
  isOver: c.usd.gt(c.cash),
  afterBalance: c.cash.minus(c.usd).toFixed(2),
});

async function target(
  ctx: AccountContext,
  u: UserRecord,
  info: CallInfo,
  p: Partial<WithdrawCryptoPayload & WithdrawBankPayload>,
): Promise<{ net: CoinNetDef; target: WithdrawTarget } | Failure> {
  if (p.withdrawType !== undefined && Number(p.withdrawType) !== 1) return fail(1086);
  if (p.withdrawType !== undefined || p.userBankId !== undefined) {
    if (ctx.state.flags['user/bankCard'] === false) return fail(23523);
    const card = ctx.state.account.cards[String(p.userBankId)];
    if (!card || card.uid !== u.uid) return fail(1008);
    return { net: BANK_NET, target: { kind: 'bank', cardId: card.id } };
  }
  const r = cryptoNet(
    ctx,
    u.uid,
    str(p.paymentAddress) ? { currencyId: p.currencyId, coinId: p.coinId ?? p.currencyId } : p,
  );
  if (isFailure(r)) return r;
  if (ctx.state.account.disabledCoinNets[r.net.id]) return fail(1047);
  if (str(p.paymentAddress)) {
    const address = await plainAddress(info.session?.aesKey ?? '', p.paymentAddress);
    return isFailure(address)
      ? address
      : { net: r.net, target: { kind: 'crypto', coinNetId: r.net.id, address } };
  }
  if (!('saved' in r) || !r.saved) return fail(1051);
  const t: WithdrawTarget = {
    kind: 'crypto',
    coinNetId: r.net.id,
    address: r.saved.address,
    walletId: r.saved.walletId,
  };
  return { net: r.net, target: t };
}

/** The withdrawal calls: status, networks, fee quotes, submit. */
export const withdrawHandlers = (ctx: AccountContext): Handlers => ({
  withdrawStatus: (_p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const lock = withdrawLock(ctx, u.uid);
    return lock ? fail(lock) : ok(null);
  },
  currencyBanckCardCoinNet: () =>
    ctx.state.flags['user/bankCard'] === false
      ? fail(1008)
      : ok({
          dto: {
            id: BANK_NET.id,
            minWithdrawAmount: Number(BANK_NET.min),
            maxWithdrawAmount: Number(BANK_NET.max),
          },
        }),
  withdrawWalletCalculate: (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const r = cryptoNet(ctx, u.uid, p ?? {});
    if (isFailure(r)) return r;
    const c = calculate(ctx, u.uid, r.net, p?.num);
    return isFailure(c) ? c : ok(feeInfo(c));
  },
  withdrawBankCardCalculate: (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    if (str(p?.currencyId) !== BANK_NET.id) return fail(1055);
    const c = calculate(ctx, u.uid, BANK_NET, p?.num);
    return isFailure(c) ? c : ok(feeInfo(c));
  },
  userWithdraw: async (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const lock = withdrawLock(ctx, u.uid);
    if (lock) return fail(lock);
    if (hasOverdueLoan(ctx, u.uid)) return fail(1151);
    const payload = (p ?? {}) as Partial<WithdrawCryptoPayload & WithdrawBankPayload>;
    const t = await target(ctx, u, info, payload);
    if (isFailure(t)) return t;
    const c = calculate(ctx, u.uid, t.net, payload.num);
    if (isFailure(c)) return c;
    if (c.num.lt(t.net.min) || c.num.gt(t.net.max)) return fail(1074);
    if (c.practical.lte(0)) return fail(1069);
    const practicalNum = str(payload.practicalNum);
    if (
      practicalNum !== undefined &&
      !(Number.isFinite(Number(practicalNum)) && c.practical.eq(practicalNum))
    ) {
      return fail(1074);
    }
    if (c.usd.gt(c.cash)) return fail(1052);
    const id = nextId(ctx.state);
    ctx.ledger.transfer(acct.cash(u.uid, 'real'), acct.held(u.uid, `withdraw:${id}`), c.usd);
    ctx.state.account.walletRequests[id] = {
      id,
      uid: u.uid,
      actionType: 1,
      payState: 0,
      currency: t.net.coin,
      coinNetId: t.net.id,
      payPrice: c.num.toString(),
      usd: c.usd.toFixed(2),
      fee: c.fee.toString(),
      feeType: t.net.feeType,
      feeUsd: c.feeUsd.toFixed(2),
      practical: c.practical.toString(),
      target: t.target,
      submitTimeTs: ctx.clock.now(),
    };
    return ok(null);
  },
});

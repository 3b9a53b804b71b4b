/**
 * Deposits with a proof image, reviewed by the back office, and the deposit
 * and withdrawal records.
 *
 * userDeposit (multipart: metaData `{ coinId, amt, said, locale }`, file
 * depositProof): 23523 demo session, 1055 unknown network, 1085 a self
 * wallet (`said`) that is not the caller's, 1036 amount zero,
 * malformed, under {@link DEPOSIT_MIN_USD} or over {@link DEPOSIT_MAX_USD}
 * USD, 1065 over 5 decimals, 202 no price, 23553 no proof, 1016 proof not an
 * image (or over the user's upload quota), 1018 a deposit of the same amount
 * on the same network is already in review, 23552 ("an order is still being
 * processed, wait before applying again") with {@link DEPOSIT_OPEN_MAX}
 * requests in review, or with the flag depositBanNewFlow while the latest
 * deposit is in review (rechargeStatus: the latest deposit's payState, null
 * without one). Nothing moves until
 * the back office approves: the USD value fixed at submission is then
 * credited to the real trading account (from `world:deposits:<uid>:USD`, so
 * it counts towards the forex-permission total); a rejection sets payState 2
 * with the reason and notifies (629006).
 */
import type { DepositWithdrawRecord } from '../../../api/types/user.ts';
import { belowDepositMinimum, DEPOSIT_MIN_USD, usdValueDown } from '../../../api/wallet-rules.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import { nextId } from '../../core-state.ts';
import { jsonObject, str } from '../identity/validate.ts';
import { moneyRefusal } from '../responsible/limits.ts';
import { coinNet, DEPOSIT_MAX_USD, DEPOSIT_OPEN_MAX, usdPrice } from './coins.ts';
import { amount, imageUpload, isFailure, keepImages, me, paginate, realUser } from './guard.ts';
import { mine, type WalletRequest, type AccountContext } from './state.ts';

/** Requests of a user, newest first. */
export const requestsOf = (ctx: AccountContext, uid: string): WalletRequest[] =>
  mine(ctx.state.account.walletRequests, uid).sort(
    (a, b) => b.submitTimeTs - a.submitTimeTs || Number(b.id) - Number(a.id),
  );

/** A deposit or withdrawal request as the record list shows it. */
export const recordView = (r: WalletRequest): DepositWithdrawRecord => ({
  id: r.id,
  payPrice: r.payPrice,
  actionType: r.actionType,
  ...(r.actionType === 0 ? { depositUsdPrice: r.usd } : { withdrawUsdPrice: r.usd }),
  submitTimeTs: r.submitTimeTs,
  payState: r.payState,
  currency: r.currency,
  ...(r.remark ? { remark: r.remark } : {}),
});

const optionalNumber = (v: unknown): number | undefined =>
  v === undefined || v === null || v === '' ? undefined : Number(v);

/** The deposit calls: submit a deposit, the deposit status, the records. */
export const depositHandlers = (ctx: AccountContext): Handlers => ({
  userDeposit: async (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    const meta = jsonObject(p?.metaData) ?? {};
    const net = coinNet(meta.coinId);
    if (!net || net.coin === 'USD' || ctx.state.account.disabledCoinNets[net.id]) return fail(1055);
    const said = str(meta.said);
    // A self-wallet id is only ever the caller's own, whatever their wallet type.
    if (said) {
      const own = ctx.state.account.selfWallets[said];
      if (!own || own.uid !== u.uid) return fail(1085);
    }
    const amt = amount(meta.amt, 5);
    if (amt === 'decimals') return fail(1065);
    if (typeof amt === 'string') return fail(1036);
    const price = usdPrice(ctx, net.coin);
    if (!price) return fail(202);
    const usd = usdValueDown(amt, price);
    if (belowDepositMinimum(amt, price, DEPOSIT_MIN_USD) || usd.gt(DEPOSIT_MAX_USD))
      return fail(1036);
    const deposits = requestsOf(ctx, u.uid).filter((r) => r.actionType === 0);
    const open = deposits.filter((r) => r.payState === 0);
    if (open.some((r) => r.coinNetId === net.id && amt.eq(r.payPrice))) return fail(1018);
    if (open.length >= DEPOSIT_OPEN_MAX) return fail(23552);
    // depositBanNewFlow: no new deposit while the latest one waits (what rechargeStatus tells).
    if (ctx.state.flags.depositBanNewFlow && deposits[0]?.payState === 0) return fail(23552);
    // Responsible trading: a deposit limit it would pass (1120), before anything is kept.
    const limited = moneyRefusal(ctx, u.uid, 'deposit', usd.toFixed(2), ctx.clock.now());
    if (limited) return { code: limited.code, data: limited.data as never };
    const image = await imageUpload(p?.depositProof);
    if (isFailure(image)) return image;
    const refs = keepImages(ctx, u.uid, [image]);
    if (isFailure(refs)) return refs;
    const proof = refs[0];
    const id = nextId(ctx.state);
    ctx.state.account.walletRequests[id] = {
      id,
      uid: u.uid,
      actionType: 0,
      payState: 0,
      currency: net.coin,
      coinNetId: net.id,
      payPrice: amt.toString(),
      usd: usd.toFixed(2),
      ...(proof ? { proof } : {}),
      submitTimeTs: ctx.clock.now(),
      ...(said ? { said } : {}),
    };
    return ok(null);
  },
  rechargeStatus: (_p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const last = requestsOf(ctx, u.uid).find((r) => r.actionType === 0);
    return ok({ payState: last ? last.payState : null });
  },
  uesrRecharge: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const type = optionalNumber(p?.type);
    const status = optionalNumber(p?.status);
    const all = requestsOf(ctx, u.uid).filter(
      (r) =>
        (type === undefined || r.actionType === type) &&
        (status === undefined || r.payState === status),
    );
    const { list, pages } = paginate(all, p?.pageNum, p?.pageSize);
    return ok({ list: list.map(recordView), pages });
  },
});

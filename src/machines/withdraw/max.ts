/**
 * The largest withdrawal the rules allow (issue 25 item 6, the form's Max):
 * within the target's max (user-centre.md §5 "Withdraw") and not over the
 * balance (isOver, §5). The fee is taken out of the amount (practical = num −
 * fee, §3 "Fee info"), so it does not lower the amount; a fixed fee larger
 * than what is affordable shows practicalNum_rule as for a typed amount.
 *
 * The client knows the balance in USD, not the coin's price, so the answer is
 * found with the spec's own calculation call: one at the max (not over: that
 * is the answer), one lower; the two afterBalance figures give the USD price
 * of one coin and the balance, hence the affordable amount, which is checked
 * and stepped down by a cent's worth while the server still says isOver.
 */
import Big from 'big.js';
import type { FeeInfo } from '../../api/types/user.ts';
import { AMOUNT_DECIMALS } from '../../config/constants.ts';
import type { Limits } from '../validation/wallet.ts';

/** A calculation of `num` (the spec's withdraw calculate call): its fee info, or the failing code. */
export type Calc = (num: string) => Promise<{ code: number; data: FeeInfo | null }>;

/** The outcome: the amount to fill in, or the code of the call that failed. */
export interface MaxResult {
  amount: string | undefined;
  code: number;
}

/** Step-downs tried after the estimate before giving up (each a cent's worth). */
const TRIES = 6;

const floorTo = (v: Big) => v.round(AMOUNT_DECIMALS, Big.roundDown);
const plain = (v: Big) => v.toFixed(AMOUNT_DECIMALS).replace(/\.?0+$/, '');

export async function largestWithdrawal(calc: Calc, limits: Limits): Promise<MaxResult> {
  const top = floorTo(new Big(limits.max));
  const atTop = await calc(plain(top));
  if (!atTop.data) return { amount: undefined, code: atTop.code };
  if (!atTop.data.isOver) return { amount: plain(top), code: 0 };
  const low = floorTo(
    limits.min > 0 && new Big(limits.min).lt(top) ? new Big(limits.min) : top.div(2),
  );
  if (low.lte(0)) return { amount: plain(top), code: 0 };
  const atLow = await calc(plain(low));
  if (!atLow.data) return { amount: undefined, code: atLow.code };
  // USD per coin, from how much more the larger amount takes from the balance.
  const price = new Big(atLow.data.afterBalance).minus(atTop.data.afterBalance).div(top.minus(low));
  if (price.lte(0)) return { amount: plain(top), code: 0 };
  const cash = new Big(atLow.data.afterBalance).plus(low.times(price));
  // A cent's worth of the coin (at least the smallest step the field takes).
  const tick = new Big(10).pow(-AMOUNT_DECIMALS);
  const cent = new Big(0.01).div(price).round(AMOUNT_DECIMALS, Big.roundUp);
  const step = cent.gt(tick) ? cent : tick;
  let amount = floorTo(cash.div(price));
  if (amount.gt(top)) amount = top;
  for (let i = 0; i < TRIES && amount.gt(0); i += 1) {
    const r = await calc(plain(amount));
    if (!r.data) return { amount: undefined, code: r.code };
    if (!r.data.isOver) return { amount: plain(amount), code: 0 };
    amount = amount.minus(step);
  }
  // The balance covers nothing (or the server keeps saying over): the smallest
  // amount, so the form shows why it cannot go (the limit or insufficient_balance).
  return { amount: plain(amount.gt(0) ? amount : low), code: 0 };
}

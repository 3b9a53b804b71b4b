/**
 * Refusals shared by market and option orders.
 *
 * - 405: the user is banned from trading (UserRecord.tradeBanned), on both books.
 * - 406: a withdrawal is still in review, on the real book only (a demo trade
 *   cannot touch the money being withdrawn).
 * - 320: a forex product (trade type 2) needs a total deposit of 100,000 USD
 *   (trading.md §6, §9: a rule of every site, behind no flag); real book only
 *   (the demo account exists to try things out).
 * Closing and cancelling stay possible for a banned user, so a ban never traps
 * money in a position.
 */
import type Big from 'big.js';
import { FOREX_PERMISSION_USD } from '../../../config/constants.ts';
import type { ProductDef } from '../../catalogue.ts';
import { hasUnverifiedWithdrawal } from '../../queries.ts';
import { findUser, totalDeposit, type UserRecord } from '../../users.ts';
import { moneyRefusal } from '../responsible/limits.ts';
import { type Book, type TradingContext } from './state.ts';

/** A validation failure: the handler answers with its code. */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly detail?: string,
    /** The reply's data (a responsible-trading refusal's RtRefusal). */
    readonly data?: unknown,
  ) {
    super(`refused ${code}`);
  }
}

/** Stop the call with a code (thrown as a {@link Refusal}; the handler answers it). */
export function refuse(code: number, detail?: string): never {
  throw new Refusal(code, detail);
}

/**
 * The user's responsible-trading limits (modules/responsible): on the real
 * book, a stake (an order's margin, an option's amount) that would pass a
 * loss or turnover limit is refused with 1121 / 1122 and its RtRefusal.
 */
export function mayStake(
  ctx: TradingContext,
  uid: string,
  book: Book,
  stake: Big | string,
  now: number,
): void {
  if (book !== 'real') return;
  const r = moneyRefusal(ctx, uid, 'trade', stake.toString(), now);
  if (r) throw new Refusal(r.code, undefined, r.data);
}

/** The caller's user record, refusing 1002 when it is gone. */
export function userOf(ctx: TradingContext, uid: string): UserRecord {
  return findUser(ctx, uid) ?? refuse(1002);
}

/** 405 and 406, before anything is placed. */
export function mayTrade(ctx: TradingContext, uid: string, book: Book): void {
  if (userOf(ctx, uid).tradeBanned) refuse(405);
  if (book === 'real' && hasUnverifiedWithdrawal(ctx, uid)) refuse(406);
}

/** 320 for a forex product without the deposit the permission needs. */
export function mayTradeForex(ctx: TradingContext, uid: string, book: Book, d: ProductDef): void {
  if (book !== 'real' || d.type !== 2) return;
  if (totalDeposit(ctx, uid).lt(FOREX_PERMISSION_USD)) refuse(320);
}

/** A payload direction: 0 buy / up, 1 sell / down. */
export function direction(v: unknown): 0 | 1 {
  const n = v === undefined || v === null || v === '' ? NaN : Number(v);
  return n === 0 || n === 1 ? n : refuse(501);
}

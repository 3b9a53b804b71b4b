/**
 * The trading account's balance, one copy for every view (issue 23 "one
 * source per total"): the header's popover, My page, the first-run hint and
 * both order forms show the figures of the latest read, whoever made it (the
 * shared poll, an order form's load and poll). Kept per account (uid and
 * demo or real, from the session token), so a switch never shows the other
 * account's figures as this one's.
 */
import { proxy } from 'valtio/vanilla';
import type { Balance } from '../api/types/trading.ts';
import { session } from './session.ts';
import { accountOf } from './token.ts';

export { accountOf } from './token.ts';

export interface BalanceRead {
  account: string;
  balance: Balance;
}

export const balanceBoard = proxy<{ read: BalanceRead | undefined }>({ read: undefined });

/** Note a balance read for the account the token was for (a reply for an old token is dropped). */
export function noteBalance(token: string | undefined, balance: Balance | null | undefined): void {
  const account = accountOf(token);
  if (!account || !balance || account !== accountOf(session.token)) return;
  const prev = balanceBoard.read;
  if (
    prev?.account === account &&
    prev.balance.balanceAmount === balance.balanceAmount &&
    prev.balance.lockMargin === balance.lockMargin
  )
    return;
  balanceBoard.read = { account, balance: { ...balance } };
}

/** The two figures every view shows: total = balance + locked margin, available = balance (§2). */
export interface BalanceFigures {
  total: number;
  available: number;
}

/** In cents, so 0.1 + 0.2 is 0.3. */
export function balanceFigures(b: Balance | undefined): BalanceFigures | undefined {
  if (!b) return undefined;
  const cents = (v: number) => Math.round(Number(v) * 100);
  return {
    total: (cents(b.balanceAmount) + cents(b.lockMargin)) / 100,
    available: cents(b.balanceAmount) / 100,
  };
}

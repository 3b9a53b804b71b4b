/**
 * A double-entry ledger in decimals. Every movement of money is a transfer
 * between two accounts, so the sum over all accounts is always zero and money
 * is conserved by construction. User accounts may never go below zero;
 * outside accounts (the world, the house) may.
 *
 * Account keys:
 * - `u:<uid>:real:USD`         real trading balance (available)
 * - `u:<uid>:real:USD:margin`  real locked margin
 * - `u:<uid>:demo:USD`, `u:<uid>:demo:USD:margin`  the demo account
 * - `u:<uid>:wallet:<coin>`    multi-currency wallet
 * - `u:<uid>:…:held`           amounts held while a request is reviewed
 * - `world:deposits:<uid>:<coin>` / `world:withdrawals:…`  money in and out, per user
 * - `house:…`                  realised P&L, fees, interest, the demo faucet
 */
import Big from 'big.js';

export type Amount = Big | string | number;

/** A posting would take an account below zero; nothing was posted. */
export class InsufficientFunds extends Error {
  constructor(readonly account: string) {
    super(`insufficient funds in ${account}`);
  }
}

/** Is this ledger key a user's account (`u:…`), not a house one? */
export const isUserAccount = (key: string): boolean => key.startsWith('u:');

/** The double-entry ledger: every movement of money a balanced posting, in decimals. */
export class Ledger {
  /** Balances live in the persisted state record, as decimal strings. */
  constructor(private readonly balances: Record<string, string>) {}

  balance(key: string): Big {
    return new Big(this.balances[key] ?? '0');
  }

  /** Move `amount` (> 0) from one account to another; refuses to overdraw a user account. */
  transfer(from: string, to: string, amount: Amount): void {
    const a = new Big(amount);
    if (a.lt(0)) return this.transfer(to, from, a.neg());
    if (a.eq(0)) return;
    const next = this.balance(from).minus(a);
    if (isUserAccount(from) && next.lt(0)) throw new InsufficientFunds(from);
    this.balances[from] = next.toString();
    this.balances[to] = this.balance(to).plus(a).toString();
  }

  /** Move everything in `from` to `to`. */
  sweep(from: string, to: string): void {
    this.transfer(from, to, this.balance(from));
  }

  /** Sum over all accounts: zero unless money was created or destroyed. */
  total(): Big {
    return Object.values(this.balances).reduce((s, v) => s.plus(v), new Big(0));
  }

  /** Accounts whose key starts with a prefix. */
  accounts(prefix: string): Array<[string, Big]> {
    return Object.keys(this.balances)
      .filter((k) => k.startsWith(prefix))
      .map((k) => [k, this.balance(k)]);
  }
}

export const acct = {
  cash: (uid: string, book: 'real' | 'demo') => `u:${uid}:${book}:USD`,
  margin: (uid: string, book: 'real' | 'demo') => `u:${uid}:${book}:USD:margin`,
  wallet: (uid: string, coin: string) => `u:${uid}:wallet:${coin}`,
  held: (uid: string, what: string) => `u:${uid}:held:${what}`,
  /** Money that came in from outside, per user (its negated balance is the user's total deposit). */
  deposits: (uid: string, coin = 'USD') => `world:deposits:${uid}:${coin}`,
  withdrawals: (uid: string, coin = 'USD') => `world:withdrawals:${uid}:${coin}`,
  pnl: (book: 'real' | 'demo') => `house:pnl:${book}`,
  fees: (book: 'real' | 'demo') => `house:fees:${book}`,
  interest: (book: 'real' | 'demo') => `house:interest:${book}`,
  demoFaucet: () => 'house:demo-faucet',
  fx: (coin: string) => `house:fx:${coin}`,
  loans: () => 'house:loans',
};

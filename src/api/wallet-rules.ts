/**
 * Wallet amounts that the deposit form and the server must count the same
 * way (user-centre.md §5 "Deposit", §9 deposit minimum). The simulator's
 * books and the client's forms both call these, so an amount the form
 * passes is one the server takes.
 *
 * Money goes through big.js (no float arithmetic on amounts).
 */
import Big from 'big.js';

/**
 * Smallest deposit, in USD (user-centre.md §9), the form's (a site may name
 * its own) and the simulator's books'. The spec's texts disagree: 1000 USD in
 * English, Chinese and Indonesian, 30 USD in Japanese and Thai; the minimum is
 * one business rule, not a per-language one, so the majority reading is kept
 * for every language.
 */
export const DEPOSIT_MIN_USD = 1000;

/**
 * The USD value of `amount` of a coin at `usdPrice` (the coin's price as
 * published, 1 for USD and USDT), rounded down to the cent: what a user
 * holds or sent is never counted above its worth (a deposit against the
 * minimum, a wallet row's USD equivalent and so the total assets).
 */
export const usdValueDown = (amount: Big.BigSource, usdPrice: Big.BigSource): Big =>
  new Big(amount).times(usdPrice).round(2, Big.roundDown);

/** A deposit below the minimum, in USD by {@link usdValueDown}. */
export const belowDepositMinimum = (
  amount: Big.BigSource,
  usdPrice: Big.BigSource,
  minUsd: Big.BigSource,
): boolean => usdValueDown(amount, usdPrice).lt(minUsd);

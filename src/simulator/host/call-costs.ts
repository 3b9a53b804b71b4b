/**
 * What a call costs the host's one thread, in the address rate's points
 * (limits.ts `addressCallsPerSecond`): 1 for most calls, more for those that
 * take several times a plain call's time. With one point per call, one
 * address could spend 100 product lists a second (3.6 ms each, a third of
 * the thread) where 100 balance calls take 0.8 ms each.
 *
 * Measured per call, one after another on an idle host with its SQLite store
 * (round trip on loopback, the client on the same thread; the p50 of 30,
 * with the largest parameters the edge allows): a balance, user info or a
 * refused sign-in 0.6–1.0 ms; product list 3.6 ms (18 KB, gzipped); image
 * captcha 3.2 ms (a picture drawn and gzipped); 100-bar history 1.3 ms and
 * 1,000-bar 8.3 ms (its bytes are counted too: `addressReplyBytes`); the
 * order list 1.5 ms (open positions, 2.3 ms with 30 held), option products
 * and product order info 1.4–1.5 ms. A call's weight is its time over a plain
 * call's, rounded; a refusal at the edge costs what any call does, and
 * password hashing runs on its own threads (password-pool.ts).
 */
import type { CallName } from '../../api/contract.ts';

export const CALL_COSTS: Readonly<Partial<Record<CallName, number>>> = {
  productList: 4,
  getImageCode: 4,
  klineHistory: 2,
  klineHistoryLimit: 2,
  userOrder: 2,
  userOrderMock: 2,
  findOptionsProduct: 2,
  productOrderInfo: 2,
};

/** Points a call takes from its address's rate. */
export const callCost = (name: CallName): number => CALL_COSTS[name] ?? 1;

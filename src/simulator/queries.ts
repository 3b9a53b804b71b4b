/**
 * Questions one module asks about another module's state, answered in one
 * place so neither imports the other. Each reads the owner's documented
 * section shape and is safe while that section is absent.
 *
 * Sections read here:
 * - trading (modules/trading): `state.trading.orders[id]` with
 *   `{ uid, book: 'real' | 'demo', positionStatus: 1 pending | 2 open | 3 closed | 4 cancelled }`
 * - account (modules/account): `state.account.walletRequests[id]` with
 *   `{ uid, actionType: 0 deposit | 1 withdraw, payState: 0 review | 1 success | 2 fail }`
 */
import type { SimContext } from './module.ts';

interface OrderLike {
  uid: string;
  book: 'real' | 'demo';
  positionStatus: number;
}
interface RequestLike {
  uid: string;
  actionType: number;
  payState: number;
}

const section = <T>(ctx: SimContext, name: string, key: string): T[] => {
  const s = (ctx.state as unknown as Record<string, Record<string, Record<string, T>> | undefined>)[
    name
  ];
  return Object.values(s?.[key] ?? {});
};

/** Pending or open market orders on the user's real account (withdraw status 1070). */
export const hasOpenPositions = (
  ctx: SimContext,
  uid: string,
  book: 'real' | 'demo' = 'real',
): boolean =>
  section<OrderLike>(ctx, 'trading', 'orders').some(
    (o) => o.uid === uid && o.book === book && (o.positionStatus === 1 || o.positionStatus === 2),
  );

/** A withdrawal still in review (trade code 406, withdraw status 1067). */
export const hasUnverifiedWithdrawal = (ctx: SimContext, uid: string): boolean =>
  section<RequestLike>(ctx, 'account', 'walletRequests').some(
    (r) => r.uid === uid && r.actionType === 1 && Math.floor(r.payState) === 0,
  );

/**
 * Core user operations every other module relies on: a session is valid only
 * for an existing, unblocked user; reviewers and tests can create a user and
 * credit a deposit directly through the back office.
 */
import Big from 'big.js';
import { acct } from '../ledger.ts';
import type { SimModule } from '../module.ts';
import {
  createUser,
  findByLogin,
  findUser,
  isDeletedUser,
  tokenFor,
  type NewUser,
  type UsersSlice,
} from '../users.ts';

/** The users module's back-office operations (back-office.ts composes them). */
export interface UsersBackOffice {
  /** Create a user (real account empty, demo funded), optionally with a first deposit; returns a token. */
  seedUser(input: NewUser & { deposit?: string | number }): Promise<{ uid: string; token: string }>;
  /** Credit a USD deposit to a user's real trading account. */
  creditDeposit(uid: string, amount: string | number): void;
  /** Ban or unban a user from trading (405). */
  setTradeBanned(uid: string, banned: boolean): void;
  /** The uid of the user who signs in with this e-mail or phone, if any (a QA set-up's reset). */
  userByLogin(login: string): string | undefined;
}

/** Users: session validity (existing, unblocked) and the back office's user seeding. */
export const usersModule: SimModule<UsersSlice, UsersBackOffice> = {
  name: 'users',
  init(ctx) {
    ctx.state.users ??= {};
  },
  sessionValid: (ctx, s) => {
    const u = findUser(ctx, s.uid);
    // A user removed by the back office keeps a signature-valid token, so its
    // calls reach the handlers and answer 1002 as a real server's would.
    if (!u) return isDeletedUser(ctx, s.uid);
    return !u.blocked;
  },
  handlers: () => ({}),
  backOffice: (ctx) => {
    const creditDeposit = (uid: string, amount: string | number) => {
      if (!findUser(ctx, uid)) throw new Error(`no user ${uid}`);
      const a = new Big(amount);
      if (a.lte(0)) throw new Error('deposit must be positive');
      ctx.ledger.transfer(acct.deposits(uid), acct.cash(uid, 'real'), a);
      ctx.persist();
    };
    return {
      async seedUser(input) {
        const u = await createUser(ctx, input);
        if (input.deposit !== undefined) creditDeposit(u.uid, input.deposit);
        return { uid: u.uid, token: await tokenFor(ctx, u) };
      },
      creditDeposit,
      setTradeBanned(uid, banned) {
        const u = findUser(ctx, uid);
        if (!u) throw new Error(`no user ${uid}`);
        u.tradeBanned = banned;
        ctx.persist();
      },
      userByLogin: (login) => findByLogin(ctx, login)?.uid,
    };
  },
};

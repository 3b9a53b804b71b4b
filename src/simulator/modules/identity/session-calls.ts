/**
 * Session calls: refresh, the session check (/waa/dd) and user info.
 *
 * The core answers 401 before any handler when a token is expired, badly
 * signed, of a blocked user, or of an ended session (a password change or a
 * back-office log-out raise the user's session generation): the session
 * check is a silent call, so the client reads that as code -1. A user
 * removed by the back office still holds a signature-valid token, so the
 * handlers see it: the session check answers -1 and user info 1002.
 *
 * refresh (anonymous): 1001 missing field; 23519 unknown, expired or ended
 * refresh token, or a token that is not ours or of another user or session;
 * 1002 user gone; 1044 blocked. Refresh tokens rotate: each is good once,
 * taken out of use before anything else happens, so of parallel refreshes
 * with one token exactly one succeeds; showing a rotated one again revokes
 * its whole session family (23519, and 401 for its access tokens).
 */
import type { Balance } from '../../../api/types/trading.ts';
import type { User } from '../../../api/types/user.ts';
import { acct } from '../../ledger.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import { findUser, type UserRecord } from '../../users.ts';
import { walletRows } from '../account/wallet.ts';
import { claimRefreshToken, issueSession, signedSession } from './sessions.ts';
import { excludedUntil } from './exclusion.ts';
import { str } from './validate.ts';
import type { IdentityContext } from './state.ts';

const money = (v: { toFixed(dp: number): string }) => Number(v.toFixed(2));

async function userView(ctx: IdentityContext, u: UserRecord, virtualStatus: string): Promise<User> {
  const book = virtualStatus === '0' ? 'real' : 'demo';
  const cash = ctx.ledger.balance(acct.cash(u.uid, book));
  const margin = ctx.ledger.balance(acct.margin(u.uid, book));
  const account: Balance = { balanceAmount: money(cash), lockMargin: money(margin) };
  // Total assets: the trading account plus, on the real account, the wallet's coins.
  let total = cash.plus(margin);
  const rows = book === 'real' ? walletRows(ctx, u.uid) : undefined;
  if (rows) total = rows.total.plus(margin);
  return {
    uid: u.uid,
    nick: u.nick,
    ...(u.emailPending
      ? { email: u.emailPending, emailPending: true }
      : u.email
        ? { email: u.email }
        : {}),
    ...(u.phone ? { phone: u.phone } : {}),
    registerType: u.registerType,
    inviteCode: u.inviteCode,
    ...(u.avatar ? { avator: await ctx.uploads.url(u.avatar) } : {}),
    walletType: u.walletType ?? 0,
    account,
    totalAssets: money(total),
    virtualStatus,
  };
}

/** The session calls: refresh, session check, user info. */
export const sessionHandlers = (ctx: IdentityContext): Handlers => ({
  refresh: async (p) => {
    const rt = str(p?.refreshToken);
    const token = str(p?.token);
    if (!rt || !token) return fail(1001);
    const rec = claimRefreshToken(ctx, rt);
    if (!rec || rec === 'reused' || rec.expiresAt <= ctx.clock.now()) return fail(23519);
    const signed = await signedSession(ctx, token);
    if (signed?.uid !== rec.uid) return fail(23519);
    if (signed.family !== undefined && signed.family !== rec.family) return fail(23519);
    const u = findUser(ctx, rec.uid);
    if (!u) return fail(1002);
    if (u.blocked) return fail(1044);
    if (rec.gen !== (u.sessionGen ?? 0)) return fail(23519);
    const until = excludedUntil(u, ctx.clock.now());
    if (until !== undefined) return { code: 1123, data: { until } as never };
    // An older record or token may not say when the session signed in: from now, then.
    return ok(
      await issueSession(
        ctx,
        u,
        rec.family,
        rec.signedInAt ?? signed.signedInAt ?? ctx.clock.now(),
      ),
    );
  },
  sessionCheck: (_p, info) =>
    info.session && findUser(ctx, info.session.uid) ? ok(null) : fail(-1),
  userInfo: async (_p, info) => {
    const u = info.session ? findUser(ctx, info.session.uid) : undefined;
    return u && info.session ? ok(await userView(ctx, u, info.session.virtualStatus)) : fail(1002);
  },
});

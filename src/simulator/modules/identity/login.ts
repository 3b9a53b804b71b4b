/**
 * Sign-in (with the second factor) and forgot-password.
 *
 * login: 1001 missing username or password, 1108 unknown account or wrong
 * password, 1044 blocked. For an account with a second factor the first
 * call answers code 0 with `qrcodeStatus: 0` and no token, and mails (or
 * texts) a 6-digit code to the outbox; the client repeats the call with
 * `command: 'verification'` and `authCode`: 1111 no live code (expired after
 * 10 min, or burnt after five wrong tries), 1020 wrong code. While a code is
 * live, a repeated first step re-uses it instead of sending another.
 * Success answers `{ token, refreshToken, qrcodeStatus: 1 }`. With the site
 * flag `singleSession` on, a sign-in ends the user's other sessions.
 *
 * forgot: 1001, 23558, 1016 bad password, 1002 no such account, 1044 blocked, 1111 / 1020
 * for the type '2' code. A reset ends every session of the user.
 */
import type { AccountType, ForgotPayload, LoginPayload } from '../../../api/types/trading.ts';
import { fail, ok, type Handlers, type SimContext } from '../../module.ts';
import { checkPassword, findByLogin, hashPassword, type UserRecord } from '../../users.ts';
import { checkCode, codeFailure, consumeCode, issueCode, liveCode, send } from './codes.ts';
import { endSessions, issueSession } from './sessions.ts';
import { hasIllegal, normaliseLogin, str, validPassword } from './validate.ts';

const typeOf = (t: unknown, username: string): AccountType =>
  t === 'P' || t === 'E' ? t : username.includes('@') ? 'E' : 'P';

function sendSecondFactor(ctx: SimContext, u: UserRecord): void {
  if (liveCode(ctx, '2fa', u.uid)) return;
  const code = issueCode(ctx, '2fa', u.uid);
  send(ctx, {
    channel: u.email ? 'mail' : 'sms',
    to: u.email ?? u.phone ?? u.uid,
    kind: 'two-factor',
    code,
    uid: u.uid,
    locale: 'en',
    subject: 'Your sign-in code',
    text: `Your sign-in code is ${code}. It expires in 10 minutes.`,
  });
}

async function login(ctx: SimContext, p: LoginPayload) {
  const username = str(p.username);
  if (!username || typeof p.password !== 'string' || !p.password) return fail(1001);
  const u = findByLogin(ctx, normaliseLogin(username, typeOf(p.type, username)));
  if (!u || !(await checkPassword(u, p.password))) return fail(1108);
  if (u.blocked) return fail(1044);
  if (u.twoFactor) {
    if (p.command !== 'verification') {
      sendSecondFactor(ctx, u);
      return ok({ qrcodeStatus: 0 });
    }
    const r = checkCode(ctx, '2fa', u.uid, str(p.authCode) ?? '');
    if (r !== 'ok') return fail(codeFailure(r));
    consumeCode(ctx, '2fa', u.uid);
  }
  if (ctx.state.flags.singleSession) endSessions(ctx, u);
  return ok({ ...(await issueSession(ctx, u)), qrcodeStatus: 1 });
}

async function forgot(ctx: SimContext, p: ForgotPayload) {
  const username = str(p.username);
  const code = str(p.code);
  if (!username || !code || typeof p.password !== 'string' || !p.password) return fail(1001);
  if (hasIllegal(username, code)) return fail(23558);
  if (!validPassword(p.password)) return fail(1016);
  const login = normaliseLogin(username, typeOf(p.type, username));
  const u = findByLogin(ctx, login);
  if (!u) return fail(1002);
  if (u.blocked) return fail(1044);
  const r = checkCode(ctx, '2', login, code);
  if (r !== 'ok') return fail(codeFailure(r));
  consumeCode(ctx, '2', login);
  u.passwordHash = await hashPassword(p.password, u.salt);
  endSessions(ctx, u);
  return ok(null);
}

export const loginHandlers = (ctx: SimContext): Handlers => ({
  login: (p) => login(ctx, p),
  forgot: (p) => forgot(ctx, p),
});

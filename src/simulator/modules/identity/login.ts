/**
 * Sign-in (with the second factor) and forgot-password.
 *
 * login: 1001 missing username or password, 1110 while this account (or
 * address) tried from this source, or this source, must wait (lockout.ts:
 * five wrong passwords or codes, then waits that double; the password is not
 * looked at), 1108 unknown account or wrong password (an unknown account's
 * password is hashed against a dummy, so both take as long), 1044 blocked.
 * For an account with a second factor the first call answers code 0 with
 * `qrcodeStatus: 0` and no token, and mails (or texts) a 6-digit code to the
 * outbox; the client repeats the call with `command: 'verification'` and
 * `authCode`: 1111 no live code this source may try (expired after 10 min,
 * or five wrong tries from it), 1020 wrong code (counted towards the
 * throttle). While a code is live, a repeated first step re-uses it instead
 * of sending another; a new one goes out at most once a minute (1110).
 * Success answers `{ token, refreshToken, qrcodeStatus: 1 }`. With the site
 * flag `singleSession` on, a sign-in ends the user's other sessions.
 *
 * forgot: 1001, 23558, 1016 bad password, then the type '2' code: 1111 /
 * 1020 (a wrong one counts towards the throttle of the source, but no
 * throttle refuses a right code), and only then, to whoever holds the code,
 * 1002 no such account or 1044 blocked. So forgot, like sign-in and the
 * code requests (register.ts), answers alike whether or not an account
 * exists. A reset ends every session of the user and clears the source's
 * count.
 */
import type { AccountType, ForgotPayload, LoginPayload } from '../../../api/types/trading.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import {
  checkNoPassword,
  checkPassword,
  findByLogin,
  setPassword,
  type UserRecord,
} from '../../users.ts';
import { checkCode, codeFailure, consumeCode, issueCode, liveCode, send } from './codes.ts';
import { clearFailures, lockKey, recordFailure, waitFor } from './lockout.ts';
import { endSessions, issueSession } from './sessions.ts';
import { excludedUntil } from './exclusion.ts';
import { hasIllegal, normaliseLogin, str, validPassword } from './validate.ts';
import type { IdentityContext } from './state.ts';

const typeOf = (t: unknown, username: string): AccountType =>
  t === 'P' || t === 'E' ? t : username.includes('@') ? 'E' : 'P';

/** The normalised address of a sign-in or reset payload, if it has a username. */
export const loginAddress = (p: { username?: unknown; type?: unknown }): string | undefined => {
  const username = str(p.username);
  return username === undefined ? undefined : normaliseLogin(username, typeOf(p.type, username));
};

/** Send a second-factor code unless one is live; false when one went out under a minute ago (1110). */
function sendSecondFactor(ctx: IdentityContext, u: UserRecord, peer: string): boolean {
  if (liveCode(ctx, '2fa', u.uid, peer)) return true;
  const code = issueCode(ctx, '2fa', u.uid, peer);
  if (code === undefined) return false;
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
  return true;
}

async function login(ctx: IdentityContext, p: LoginPayload, peer: string) {
  const username = str(p.username);
  if (!username || typeof p.password !== 'string' || !p.password) return fail(1001);
  const address = normaliseLogin(username, typeOf(p.type, username));
  const u = findByLogin(ctx, address);
  const subject = lockKey(u, address);
  if (waitFor(ctx, subject, peer) > 0) return fail(1110);
  const right = u
    ? await checkPassword(ctx, u, p.password)
    : await checkNoPassword(ctx, p.password);
  if (!u || !right) {
    recordFailure(ctx, subject, peer);
    return fail(1108);
  }
  if (u.blocked) return fail(1044);
  // Self-excluded (responsible trading): both steps of a sign-in are refused, with the date.
  const until = excludedUntil(u, ctx.clock.now());
  if (until !== undefined) return { code: 1123, data: { until } as never };
  if (u.twoFactor) {
    if (p.command !== 'verification') {
      return sendSecondFactor(ctx, u, peer) ? ok({ qrcodeStatus: 0 }) : fail(1110);
    }
    const r = checkCode(ctx, '2fa', u.uid, str(p.authCode) ?? '', peer);
    if (r === 'wrong') recordFailure(ctx, subject, peer);
    if (r !== 'ok') return fail(codeFailure(r));
    consumeCode(ctx, '2fa', u.uid);
  }
  clearFailures(ctx, subject, peer);
  if (ctx.state.flags.singleSession) endSessions(ctx, u);
  return ok({ ...(await issueSession(ctx, u)), qrcodeStatus: 1 });
}

async function forgot(ctx: IdentityContext, p: ForgotPayload, peer: string) {
  const username = str(p.username);
  const code = str(p.code);
  if (!username || !code || typeof p.password !== 'string' || !p.password) return fail(1001);
  if (hasIllegal(username, code)) return fail(23558);
  if (!validPassword(p.password)) return fail(1016);
  const login = normaliseLogin(username, typeOf(p.type, username));
  const u = findByLogin(ctx, login);
  const subject = lockKey(u, login);
  // Codes go to unknown addresses too (register.ts), so this answers alike either way.
  const r = checkCode(ctx, '2', login, code, peer);
  if (r === 'wrong') recordFailure(ctx, subject, peer);
  if (r !== 'ok') return fail(codeFailure(r));
  if (!u) return fail(1002);
  if (u.blocked) return fail(1044);
  consumeCode(ctx, '2', login);
  await setPassword(ctx, u, p.password);
  clearFailures(ctx, subject, peer);
  endSessions(ctx, u);
  return ok(null);
}

/** The sign-in and forgot-password calls. */
export const loginHandlers = (ctx: IdentityContext): Handlers => ({
  login: (p, info) => login(ctx, p, info.peer),
  forgot: (p, info) => forgot(ctx, p, info.peer),
});

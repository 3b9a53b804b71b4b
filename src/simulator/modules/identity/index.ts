/**
 * Identity: sign-up, sign-in with a second factor, forgot password, tokens
 * (refresh, session check, ended sessions) and user info; plus the back
 * office's outbox, user blocking, removal and forced log-out.
 */
import type { CallName } from '../../../api/contract.ts';
import type { SimModule } from '../../module.ts';
import { findByLogin, findUser, type UserRecord } from '../../users.ts';
import { lockKey } from './lockout.ts';
import { loginAddress, loginHandlers } from './login.ts';
import { registerHandlers } from './register.ts';
import { endSessions, sessionCurrent } from './sessions.ts';
import { sessionHandlers } from './session-calls.ts';
import {
  initIdentity,
  type OutboxEntry,
  type IdentityContext,
  type IdentityNeeds,
} from './state.ts';
import { normalisePhone, str } from './validate.ts';

/** The identity module's back-office operations (back-office.ts composes them). */
export interface IdentityBackOffice {
  /** Mails and texts sent, oldest first (verification, reset and second-factor codes); optionally to one address or uid. */
  outbox(to?: string): OutboxEntry[];
  /** The latest code sent to an e-mail, phone or uid (second factor), if any. */
  lastCode(to: string): string | undefined;
  /** The text of a live image captcha (what a reviewer reads off the picture). */
  captchaText(uuid: string): string | undefined;
  /** Block a user (sign-in 1044, every session ends) or unblock. */
  blockUser(uid: string, blocked: boolean): void;
  /** Remove a user: their still-signed tokens now get 1002 from user info and -1 from the session check. */
  deleteUser(uid: string): void;
  /** End every session of a user ("logged out elsewhere"). */
  logoutUser(uid: string): void;
  /** Require (or not) a second-factor code at sign-in. */
  setTwoFactor(uid: string, on: boolean): void;
}

const addressOf = (to: string) => (to.includes('@') ? to.trim().toLowerCase() : normalisePhone(to));

/**
 * Anonymous calls about one account run one at a time (serial.ts): sign-in
 * per account and source, so one source's parallel guesses meet its
 * throttle while the owner elsewhere never queues behind them (the password
 * check copes with a change meanwhile: users.ts `checkPassword`); reset
 * under the account's own key (the one its signed-in calls use), as it
 * changes the password; sign-up per address, so parallel sign-ups cannot
 * both pass the "taken" check; refresh per account.
 */
function serialKey(
  ctx: IdentityContext,
  name: CallName,
  p: Record<string, unknown>,
  peer: string,
): string | undefined {
  if (name === 'login' || name === 'forgot' || name === 'register') {
    const address = loginAddress(p);
    if (address === undefined) return undefined;
    if (name === 'register') return `register:${address}`;
    const subject = lockKey(findByLogin(ctx, address), address);
    return name === 'login' ? `sign-in:${subject}|${peer}` : subject;
  }
  if (name === 'refresh') {
    const rt = str(p.refreshToken) ?? '';
    const rec = ctx.state.identity.refreshTokens[rt] ?? ctx.state.identity.usedRefreshTokens[rt];
    return rec ? `uid:${rec.uid}` : undefined;
  }
  return undefined;
}

/** Identity: sign-up, sign-in, tokens and sessions, and the back office's outbox and user controls. */
export const identityModule: SimModule<IdentityNeeds, IdentityBackOffice> = {
  name: 'identity',
  init: initIdentity,
  serialKey,
  sessionValid: (ctx, s, token) => sessionCurrent(ctx, s.uid, token),
  handlers: (ctx) => ({ ...registerHandlers(ctx), ...loginHandlers(ctx), ...sessionHandlers(ctx) }),
  backOffice: (ctx) => {
    const user = (uid: string): UserRecord => {
      const u = findUser(ctx, uid);
      if (!u) throw new Error(`no user ${uid}`);
      return u;
    };
    const matches = (e: OutboxEntry, to: string) => e.to === addressOf(to) || e.uid === to;
    return {
      outbox: (to) =>
        ctx.state.identity.outbox
          .filter((e) => to === undefined || matches(e, to))
          .map((e) => ({ ...e })),
      lastCode: (to) =>
        ctx.state.identity.outbox.findLast((e) => e.code !== undefined && matches(e, to))?.code,
      captchaText: (id) => ctx.state.identity.captchas[id]?.text,
      blockUser(uid, blocked) {
        user(uid).blocked = blocked;
        ctx.persist();
      },
      deleteUser(uid) {
        user(uid);
        delete ctx.state.users[uid];
        (ctx.state.deletedUsers ??= {})[uid] = ctx.clock.now();
        ctx.persist();
      },
      logoutUser: (uid) => endSessions(ctx, user(uid)),
      setTwoFactor(uid, on) {
        user(uid).twoFactor = on;
        ctx.persist();
      },
    };
  },
};

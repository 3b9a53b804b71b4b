/** Types of the session machine (../sessionMachine.ts): the user, context, events, calls. */
import type { CallResult } from '../../api/client.ts';
import type { User } from '../../api/types/user.ts';

/** What the views read about the signed-in user. */
export type SessionUser = Pick<
  User,
  | 'uid'
  | 'nick'
  | 'avator'
  | 'inviteCode'
  | 'account'
  | 'registerType'
  | 'email'
  | 'phone'
  | 'areaCode'
>;

/** `virtualOff`: a demo session ended because virtual trading was switched off. */
export type EndReason = 'logout' | 'expired' | 'invalid' | 'cleared' | 'virtualOff';

export interface SessionContext {
  token: string | undefined;
  refreshToken: string | undefined;
  /** The token's expiry (epoch ms), from its payload. */
  expiresAt: number | undefined;
  /** The token is a demo (virtual) account's. */
  demo: boolean;
  user: SessionUser | undefined;
  /** Unread notifications. */
  unread: number;
  /** Why the last session ended. */
  reason: EndReason | undefined;
  /** Flag virtualTrading as the system config last said; undefined until it has been read. */
  virtualTrading: boolean | undefined;
  /**
   * A reload asked for while the user, the unread count, the check or a
   * refresh was under way (after a profile save, an e-mail bound, a notice
   * read): done as soon as that ends, not dropped.
   */
  wanted: 'user' | 'unread' | undefined;
}

export type SessionEvent =
  | { type: 'session.signedIn'; token: string; refreshToken?: string }
  | { type: 'session.cleared' }
  | { type: 'session.logout' }
  | { type: 'user.reload' }
  | { type: 'window.focus' }
  | { type: 'unread.refresh' }
  /** The system config was (re)read: with virtual trading off, a demo session ends. */
  | { type: 'flags.change'; virtualTrading: boolean };

/** The session check's reply, with the clock when it was asked. */
export type CheckResult = CallResult<'sessionCheck'> & { now: number };
export type UserResult = CallResult<'userInfo'>;
export type UnreadResult = CallResult<'unreadCount'>;
export type RefreshResult = CallResult<'refresh'>;

/**
 * The session (trading.md §4 "Session", §7, §8 1002 / 23519, §9).
 *
 * - A token present means signed in. The machine follows the session store
 *   through `watchToken`: `session.signedIn` when a token appears or changes
 *   (sign-in, the demo/real switch), `session.cleared` when it goes (the
 *   client clears it on a 401 from /waa/ and on 23519).
 * - Signed in: the user info is loaded (nick, uid, avator, account… for the
 *   views; 1002 means the session is invalid: logout), then the unread
 *   notification count, which reloads on `window.focus` (and
 *   `unread.refresh`). `user.reload` loads the user again (after a demo
 *   reset, for instance).
 * - Every 60 s (`checkInterval`) the session is checked (/waa/dd). The check
 *   reports the clock with its reply, and the machine compares it with the
 *   token's expiry (read from the token's payload): expired → logout;
 *   code -1 from the server → logout and go to / (a check that could not
 *   reach the server is not a verdict); under 5 minutes left → refresh
 *   (refresh token and token for a new token, stored in the session).
 * - `session.logout` clears the session.
 * - With virtual trading disabled, a demo session is logged out (§4 "Demo /
 *   real"), app-wide: the app sends `flags.change` each time it reads the
 *   system config (start-up, then every 60 s and on focus), so a flag
 *   switched off in the back office ends a demo session on any screen. Before
 *   the first read the flag is unknown and nothing happens.
 *
 * `reason` tells the views why the last session ended.
 *
 * The check delay is the machine's own timer; only the time comparison needs
 * a clock value, which comes with the check's reply (never read in a guard).
 * The work runs one step at a time (user, unread count, idle, check,
 * refresh), so the 60 s timer only runs while nothing is in flight.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { RefreshPayload } from '../../api/types/trading.ts';
import type { User } from '../../api/types/user.ts';
import { SESSION_CHECK_MS, SESSION_REFRESH_BEFORE_MS } from '../../config/constants.ts';
import { clearSession, decodeToken, isDemo, setSession } from '../../state/session.ts';
import { doneOutput } from '../events.ts';

// ── The user, the context, the events and the calls ──

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

// ── Reply readers and the token / signed-out context parts ──

const expiryOf = (token: string) => {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
};
const tokenState = (token: string, refreshToken: string | undefined) => ({
  token,
  refreshToken,
  expiresAt: expiryOf(token),
  demo: isDemo(decodeToken(token)),
});
const signedOut = (reason: EndReason) => ({
  token: undefined,
  refreshToken: undefined,
  expiresAt: undefined,
  demo: false,
  user: undefined,
  unread: 0,
  reason,
  wanted: undefined,
});

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    watchToken: fromCallback<SessionEvent>(() => {
      throw new Error('sessionMachine: provide watchToken');
    }),
    userInfo: fromPromise<UserResult>(async () => {
      throw new Error('sessionMachine: provide userInfo');
    }),
    unreadCount: fromPromise<UnreadResult>(async () => {
      throw new Error('sessionMachine: provide unreadCount');
    }),
    check: fromPromise<CheckResult>(async () => {
      throw new Error('sessionMachine: provide check');
    }),
    refresh: fromPromise<RefreshResult, RefreshPayload>(async () => {
      throw new Error('sessionMachine: provide refresh');
    }),
  },
  delays: {
    /** trading.md §9: the session is checked every 60 s. */
    checkInterval: SESSION_CHECK_MS,
  },
  guards: {
    hasToken: ({ event }) => event.type === 'session.signedIn' && !!event.token,
    newToken: ({ context, event }) =>
      event.type === 'session.signedIn' && !!event.token && event.token !== context.token,
    ok: (_, r: { code: number }) => r.code === 0,
    userGone: (_, r: UserResult) => r.code === 1002,
    expired: ({ context }, r: CheckResult) =>
      context.expiresAt !== undefined && r.now >= context.expiresAt,
    /**
     * The server refused the session (-1 in its reply, or a 401). A check that
     * never reached it (network, timeout, HTTP error) proves nothing: the next
     * one decides.
     */
    invalid: (_, r: CheckResult) =>
      r.code === -1 && (r.fault === undefined || r.fault === 'unauthorized'),
    refreshDue: ({ context }, r: CheckResult) =>
      context.expiresAt !== undefined && context.expiresAt - r.now < SESSION_REFRESH_BEFORE_MS,
    /** A demo session while virtual trading is known to be off. */
    demoBarred: ({ context }) => context.demo && context.virtualTrading === false,
    wantsUser: ({ context }) => context.wanted === 'user',
    wantsUnread: ({ context }) => context.wanted === 'unread',
    refreshed: (_, r: RefreshResult) => r.code === 0 && !!r.data?.token,
  },
  actions: {
    takeToken: assign(({ event }) =>
      event.type === 'session.signedIn'
        ? { ...tokenState(event.token, event.refreshToken), reason: undefined }
        : {},
    ),
    setUser: assign((_, r: UserResult) => {
      const u = r.data;
      if (!u) return {};
      const user: SessionUser = {
        uid: u.uid,
        nick: u.nick,
        avator: u.avator,
        inviteCode: u.inviteCode,
        account: u.account,
        registerType: u.registerType,
        email: u.email,
        phone: u.phone,
        areaCode: u.areaCode,
      };
      return { user };
    }),
    setUnread: assign((_, r: UnreadResult) => ({ unread: r.data?.count ?? 0 })),
    takeRefreshed: assign(({ context }, r: RefreshResult) => {
      const d = r.data;
      return d?.token ? tokenState(d.token, d.refreshToken ?? context.refreshToken) : {};
    }),
    /** Keep the refreshed token in the session store. */
    saveToken: ({ context }) => {
      if (context.token) setSession(context.token, context.refreshToken);
    },
    /** Clear the stored session (the views follow the store). */
    endSession: () => clearSession(),
    wantUser: assign({ wanted: 'user' }),
    wantUnread: assign(({ context }) => ({ wanted: context.wanted ?? 'unread' })),
    /** The user's load is followed by the unread count's: it answers both wishes. */
    userLoading: assign({ wanted: undefined }),
    unreadLoading: assign(({ context }) => ({
      wanted: context.wanted === 'unread' ? undefined : context.wanted,
    })),
    loggedOut: assign(signedOut('logout')),
    wasCleared: assign(signedOut('cleared')),
    wasExpired: assign(signedOut('expired')),
    wasInvalid: assign(signedOut('invalid')),
    wasBarred: assign(signedOut('virtualOff')),
    setFlags: assign(({ event }) =>
      event.type === 'flags.change' ? { virtualTrading: event.virtualTrading } : {},
    ),
    /** Go to / (code -1 on the session check). Provided by the app. */
    goHome: () => {},
  },
}).createMachine({
  id: 'session',
  context: {
    token: undefined,
    refreshToken: undefined,
    expiresAt: undefined,
    demo: false,
    user: undefined,
    unread: 0,
    reason: undefined,
    virtualTrading: undefined,
    wanted: undefined,
  },
  invoke: { id: 'watchToken', src: 'watchToken' },
  on: { 'flags.change': { actions: 'setFlags' } },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.signedIn': { guard: 'hasToken', target: 'signedIn', actions: 'takeToken' },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'loadingUser',
      always: {
        guard: 'demoBarred',
        target: 'signedOut',
        actions: ['endSession', 'wasBarred'],
      },
      on: {
        // Another token (the demo/real switch): the user is loaded again.
        'session.signedIn': { guard: 'newToken', target: '.loadingUser', actions: 'takeToken' },
        'session.cleared': { target: 'signedOut', actions: 'wasCleared' },
        'session.logout': { target: 'signedOut', actions: ['endSession', 'loggedOut'] },
        // Asked for while something else runs (idle takes them at once): kept for idle.
        'user.reload': { actions: 'wantUser' },
        'unread.refresh': { actions: 'wantUnread' },
      },
      states: {
        loadingUser: {
          tags: ['busy'],
          entry: 'userLoading',
          invoke: {
            id: 'userInfo',
            src: 'userInfo',
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: 'loadingUnread',
                actions: { type: 'setUser', params: doneOutput },
              },
              {
                guard: { type: 'userGone', params: doneOutput },
                target: '#session.signedOut',
                actions: ['endSession', 'wasInvalid'],
              },
              // Any other failure was shown by the client; the session goes on.
              { target: 'loadingUnread' },
            ],
          },
        },
        loadingUnread: {
          entry: 'unreadLoading',
          invoke: {
            id: 'unreadCount',
            src: 'unreadCount',
            onDone: [
              {
                guard: { type: 'ok', params: doneOutput },
                target: 'idle',
                actions: { type: 'setUnread', params: doneOutput },
              },
              { target: 'idle' },
            ],
          },
        },
        idle: {
          always: [
            { guard: 'wantsUser', target: 'loadingUser' },
            { guard: 'wantsUnread', target: 'loadingUnread' },
          ],
          after: { checkInterval: 'checking' },
          on: {
            'window.focus': 'loadingUnread',
            'unread.refresh': 'loadingUnread',
            'user.reload': 'loadingUser',
          },
        },
        checking: {
          invoke: {
            id: 'check',
            src: 'check',
            onDone: [
              {
                guard: { type: 'expired', params: doneOutput },
                target: '#session.signedOut',
                actions: ['endSession', 'wasExpired'],
              },
              {
                guard: { type: 'invalid', params: doneOutput },
                target: '#session.signedOut',
                actions: ['endSession', 'wasInvalid', 'goHome'],
              },
              { guard: { type: 'refreshDue', params: doneOutput }, target: 'refreshing' },
              { target: 'idle' },
            ],
          },
        },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'refresh',
            input: ({ context }) => ({
              refreshToken: context.refreshToken ?? '',
              token: context.token ?? '',
            }),
            onDone: [
              {
                guard: { type: 'refreshed', params: doneOutput },
                target: 'idle',
                actions: [{ type: 'takeRefreshed', params: doneOutput }, 'saveToken'],
              },
              // Kept until it expires; the next check tries again.
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

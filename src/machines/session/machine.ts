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
 * - A token that arrives (start-up with a stored one, a sign-in) under 5
 *   minutes from its expiry, or past it, is renewed before the user is
 *   loaded: a trader back from lunch is not sent to sign in by the first
 *   calls' 401s. The watcher reports the clock with the token.
 * - Every 60 s (`checkInterval`) the session is checked (/waa/dd). The check
 *   reports the clock with its reply, and the machine compares it with the
 *   token's expiry (read from the token's payload): under 5 minutes left, or
 *   past it, or a 401 → renew; code -1 from the server → logout and go to /
 *   (a check that could not reach the server is not a verdict).
 * - Renewing (refresh token and token for a new token) is the client's one
 *   renewal (api/renewal.ts), shared with calls that met a 401 meanwhile;
 *   the renewer the machine installs (`renewal`) stores the new token. A
 *   refused renewal ends the session (the client sends to sign in, with one
 *   message); one without a verdict (network) leaves it to the next check.
 *   The renewed token comes back through the watcher, as the same account's:
 *   nothing is reloaded for it.
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
import type { RenewOutcome } from '../../api/renewal.ts';
import type { User } from '../../api/types/user.ts';
import { SESSION_CHECK_MS, SESSION_REFRESH_BEFORE_MS } from '../../config/constants.ts';
import { clearSession, decodeToken, isDemo } from '../../state/session.ts';
import { accountOf } from '../../state/token.ts';
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
  /** `at`: the (server's) clock when the token was seen; absent, the token is taken as fresh. */
  | { type: 'session.signedIn'; token: string; refreshToken?: string; at?: number }
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
/** A renewal's outcome, with the token it stored. */
export interface RefreshResult {
  outcome: RenewOutcome;
  token?: string;
  refreshToken?: string;
}

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
    refresh: fromPromise<RefreshResult, { token: string }>(async () => {
      throw new Error('sessionMachine: provide refresh');
    }),
    /** Installs the client's renewer for as long as the machine runs. */
    renewal: fromCallback<SessionEvent>(() => {
      throw new Error('sessionMachine: provide renewal');
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
    /** The token arrived under 5 minutes from its expiry, or past it. */
    dueOnArrival: ({ event }) => {
      if (event.type !== 'session.signedIn' || event.at === undefined) return false;
      const exp = expiryOf(event.token);
      return exp !== undefined && exp - event.at < SESSION_REFRESH_BEFORE_MS;
    },
    /** A renewal's token: the same account's (a switch is another account). */
    renewedToken: ({ context, event }) =>
      event.type === 'session.signedIn' &&
      !!event.token &&
      event.token !== context.token &&
      accountOf(event.token) === accountOf(context.token),
    ok: (_, r: { code: number }) => r.code === 0,
    userGone: (_, r: UserResult) => r.code === 1002,
    /** The server did not take the token (expired on its clock, or ended): a renewal decides. */
    unauthorized: (_, r: CheckResult) => r.fault === 'unauthorized',
    /**
     * The server refused the session (-1 in its reply). A check that never
     * reached it (network, timeout, HTTP error) proves nothing: the next one
     * decides.
     */
    invalid: (_, r: CheckResult) => r.code === -1 && r.fault === undefined,
    refreshDue: ({ context }, r: CheckResult) =>
      context.expiresAt !== undefined && context.expiresAt - r.now < SESSION_REFRESH_BEFORE_MS,
    /** A demo session while virtual trading is known to be off. */
    demoBarred: ({ context }) => context.demo && context.virtualTrading === false,
    wantsUser: ({ context }) => context.wanted === 'user',
    wantsUnread: ({ context }) => context.wanted === 'unread',
    refused: (_, r: RefreshResult) => r.outcome === 'refused',
    hasUser: ({ context }) => context.user !== undefined,
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
    takeRefreshed: assign(({ context }, r: RefreshResult) =>
      r.outcome === 'renewed' && r.token
        ? tokenState(r.token, r.refreshToken ?? context.refreshToken)
        : {},
    ),
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
  invoke: [
    { id: 'watchToken', src: 'watchToken' },
    { id: 'renewal', src: 'renewal' },
  ],
  on: { 'flags.change': { actions: 'setFlags' } },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.signedIn': [
          {
            guard: 'dueOnArrival',
            target: 'signedIn.refreshing',
            actions: 'takeToken',
          },
          { guard: 'hasToken', target: 'signedIn', actions: 'takeToken' },
        ],
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
        'session.signedIn': [
          // Renewed (here or by a call's 401): the same user, nothing to reload.
          { guard: 'renewedToken', actions: 'takeToken' },
          // Another token (the demo/real switch): the user is loaded again.
          { guard: 'newToken', target: '.loadingUser', actions: 'takeToken' },
        ],
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
              { guard: { type: 'unauthorized', params: doneOutput }, target: 'refreshing' },
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
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: [
              {
                // The client ends it right after (store cleared, sign in, one message): cleared
                // here first, a guarded screen would send to sign in with a message of its own.
                guard: { type: 'refused', params: doneOutput },
                target: '#session.signedOut',
                actions: 'wasExpired',
              },
              // Renewed, or no verdict (kept; the next check tries again).
              {
                guard: 'hasUser',
                target: 'idle',
                actions: { type: 'takeRefreshed', params: doneOutput },
              },
              // On arrival: the user is loaded with the renewed token.
              { target: 'loadingUser', actions: { type: 'takeRefreshed', params: doneOutput } },
            ],
          },
        },
      },
    },
  },
});

/** The session machine's real actors (./machine.ts): the token watcher, the renewer and the session calls. */
import { fromCallback, fromPromise } from 'xstate';
import { subscribe } from 'valtio/vanilla';
import type { ApiClient } from '../../api/client.ts';
import type { RenewOutcome } from '../../api/renewal.ts';
import { session, setSession, storedSession } from '../../state/session.ts';
import { accountOf } from '../../state/token.ts';
import type {
  CheckResult,
  RefreshResult,
  SessionEvent,
  UnreadResult,
  UserResult,
} from './machine.ts';

/**
 * Trade the stored refresh token and `token` for a new pair, and store it
 * while `token` is still the session's (a sign-out or a switch meanwhile
 * wins). Only a reply is a verdict: a refresh that never reached the server
 * leaves the session as it was.
 *
 * Tabs share the stored session, and a refresh token is good once: a tab
 * that refreshed with one another tab already used would have the server
 * revoke the whole session, in both. So one tab renews at a time (a Web
 * Lock, where the browser has it), and a tab that finds the session renewed
 * by another takes that token instead of refreshing again.
 */
export function renewSession(api: ApiClient, token: string): Promise<RenewOutcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(RENEWAL_LOCK, () => renewOnce(api, token)) : renewOnce(api, token);
}

const RENEWAL_LOCK = 'trader.session.renewal';

async function renewOnce(api: ApiClient, token: string): Promise<RenewOutcome> {
  if (session.token !== token) return 'superseded';
  const stored = storedSession();
  if (
    stored?.token &&
    stored.refreshToken &&
    stored.token !== token &&
    accountOf(stored.token) === accountOf(token)
  ) {
    setSession(stored.token, stored.refreshToken);
    return 'renewed';
  }
  const refreshToken = session.refreshToken;
  if (!refreshToken) return 'refused';
  const r = await api.call('refresh', { refreshToken, token }, { noAlert: true });
  if (r.fault !== undefined) return 'unreachable';
  if (session.token !== token) return 'superseded';
  if (r.code !== 0 || !r.data?.token) return 'refused';
  setSession(r.data.token, r.data.refreshToken ?? refreshToken);
  return 'renewed';
}

/** The real actors; `now` is the clock the check reports (the app passes the server's; the browser's by default). */
export const sessionActors = (api: ApiClient, now: () => number = () => Date.now()) => ({
  /** Reports the session store's token, with the clock: appearing or changing, and going. */
  watchToken: fromCallback<SessionEvent>(({ sendBack }) => {
    let last: string | undefined;
    const report = () => {
      if (session.token === last) return;
      last = session.token;
      sendBack(
        last
          ? { type: 'session.signedIn', token: last, refreshToken: session.refreshToken, at: now() }
          : { type: 'session.cleared' },
      );
    };
    report();
    return subscribe(session, report);
  }),
  renewal: fromCallback<SessionEvent>(() => api.renewWith((token) => renewSession(api, token))),
  userInfo: fromPromise<UserResult>(() => api.call('userInfo')),
  unreadCount: fromPromise<UnreadResult>(() => api.call('unreadCount')),
  check: fromPromise<CheckResult>(async () => {
    const at = now();
    return { ...(await api.call('sessionCheck')), now: at };
  }),
  refresh: fromPromise<RefreshResult, { token: string }>(async ({ input }) => {
    const outcome = await api.renew(input.token);
    return outcome === 'renewed' && session.token
      ? { outcome, token: session.token, refreshToken: session.refreshToken }
      : { outcome };
  }),
});

/** The session machine's real actors (./machine.ts): the token watcher and the session calls. */
import { fromCallback, fromPromise } from 'xstate';
import { subscribe } from 'valtio/vanilla';
import type { ApiClient } from '../../api/client.ts';
import type { RefreshPayload } from '../../api/types/trading.ts';
import { session } from '../../state/session.ts';
import type {
  CheckResult,
  RefreshResult,
  SessionEvent,
  UnreadResult,
  UserResult,
} from './machine.ts';

/** The real actors; `now` is the clock the check reports (the app passes the server's; the browser's by default). */
export const sessionActors = (api: ApiClient, now: () => number = () => Date.now()) => ({
  /** Reports the session store's token: appearing or changing, and going. */
  watchToken: fromCallback<SessionEvent>(({ sendBack }) => {
    let last: string | undefined;
    const report = () => {
      if (session.token === last) return;
      last = session.token;
      sendBack(
        last
          ? { type: 'session.signedIn', token: last, refreshToken: session.refreshToken }
          : { type: 'session.cleared' },
      );
    };
    report();
    return subscribe(session, report);
  }),
  userInfo: fromPromise<UserResult>(() => api.call('userInfo')),
  unreadCount: fromPromise<UnreadResult>(() => api.call('unreadCount')),
  check: fromPromise<CheckResult>(async () => {
    const at = now();
    return { ...(await api.call('sessionCheck')), now: at };
  }),
  refresh: fromPromise<RefreshResult, RefreshPayload>(({ input }) => api.call('refresh', input)),
});

/** The session machine's state, for views. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { ApiClient } from '../../api/client.ts';
import type { Balance } from '../../api/types/trading.ts';
import { accountOf, balanceBoard, noteBalance } from '../../state/balance.ts';
import { session } from '../../state/session.ts';
import { BALANCE_POLL_MS } from '../../config/constants.ts';
import { useServices } from '../services-context.tsx';

export function useSessionUser() {
  const { session } = useServices();
  return useSelector(session, (s) => s.context.user);
}

export function useUnread(): number {
  const { session } = useServices();
  return useSelector(session, (s) => s.context.unread);
}

export function useDemo(): boolean {
  const { session } = useServices();
  return useSelector(session, (s) => s.context.demo);
}

/** One poll for every view that shows the balance (state/balance.ts), however many are open. */
let watchers = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function readBalance(api: ApiClient): void {
  const token = session.token;
  void api.call('userBalance', undefined, { quiet: true }).then((r) => noteBalance(token, r.data));
}

/**
 * The balance every view shows, read now and every second while any `on`
 * view is shown (a popover open, a screen shown), and again when the user is
 * reloaded (Refresh); undefined until the first read for this account. Not
 * the session's copy: that is the balance at sign-in and goes stale with
 * every order, so a view would show a wrong figure as if current.
 */
export function useBalance(on = true): Balance | undefined {
  const { api } = useServices();
  const user = useSessionUser();
  useEffect(() => {
    if (!on || !user) return;
    readBalance(api);
    watchers += 1;
    timer ??= setInterval(() => readBalance(api), BALANCE_POLL_MS);
    return () => {
      watchers -= 1;
      if (watchers > 0 || timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
    };
    // `user` too: a reload of the user (Refresh) reads the balance again.
  }, [api, on, user]);
  const { read } = useSnapshot(balanceBoard);
  const { token } = useSnapshot(session);
  return read && read.account === accountOf(token) ? read.balance : undefined;
}

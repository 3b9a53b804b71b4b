/** The session machine's state, for views. */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Balance } from '../../api/types/trading.ts';
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

/**
 * The balance, read now and every second while `on` (a popover open, a screen
 * shown); undefined until the first read for this account. Not the session's
 * copy: that is the balance at sign-in and goes stale with every order, so a
 * view would show a wrong figure as if current.
 */
export function useBalance(on = true): Balance | undefined {
  const { api } = useServices();
  const user = useSessionUser();
  const demo = useDemo();
  const account = user ? `${user.uid}:${demo}` : undefined;
  const [read, setRead] = useState<{ account: string; balance: Balance }>();
  useEffect(() => {
    if (!on || !account) return;
    let live = true;
    const load = () =>
      void api.call('userBalance', undefined, { quiet: true }).then((r) => {
        if (live && r.data) setRead({ account, balance: r.data });
      });
    load();
    const id = setInterval(load, BALANCE_POLL_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
    // `user` too: a reload of the user (Refresh) reads the balance again.
  }, [api, on, account, user]);
  return read && read.account === account ? read.balance : undefined;
}

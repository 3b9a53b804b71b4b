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

/** The balance, polled every second while `on` (a popover open, a screen shown). */
export function useBalance(on = true): Balance | undefined {
  const { api } = useServices();
  const user = useSessionUser();
  const [balance, setBalance] = useState<Balance>();
  useEffect(() => {
    if (!on || !user) return;
    let live = true;
    const load = () =>
      void api.call('userBalance', undefined, { quiet: true }).then((r) => {
        if (live && r.data) setBalance(r.data);
      });
    load();
    const id = setInterval(load, BALANCE_POLL_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [api, on, user]);
  return balance ?? user?.account;
}

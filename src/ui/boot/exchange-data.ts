/**
 * The exchange channel follows the session: active with the token while signed
 * in (the server sends the user's holding and pending orders on every change),
 * inactive when signed out. Another account or book starts afresh; the same one
 * with a refreshed token keeps its lists.
 */
import { subscribe } from 'valtio';
import type { ExchangeMessage } from '../../api/types/realtime.ts';
import { applyOrders, clearOrders } from '../../state/orders.ts';
import { session } from '../../state/session.ts';
import { accountOf } from '../../state/token.ts';
import type { Services } from './services.ts';
import { forgetOtherAccount } from './shell-account.ts';

export function startExchangeData(s: Services): () => void {
  const channel = s.backend.channels.exchange;
  const off = channel.onMessage((msg) => {
    if ('ordertype' in msg) applyOrders(msg as ExchangeMessage);
  });
  let current: string | undefined;
  const follow = () => {
    const token = session.token;
    if (token === current) return;
    const refreshed = !!token && !!current && accountOf(token) === accountOf(current);
    current = token;
    // The boot shell's stored positions are the account's that showed them: gone with its session.
    forgetOtherAccount(token);
    channel.setAuth(token);
    // A refreshed token for the same account and book: the open socket signs in again with it
    // (setAuth) and the server sends the lists whole, compared with those shown; nothing is
    // emptied, and a stop that fires meanwhile is still seen to go.
    if (refreshed) return;
    clearOrders();
    if (token) {
      // A new token (sign-in, demo/real switch) means a fresh connection for that book.
      s.realtime.send({ type: 'channel.deactivate', channel: 'exchange' });
      s.realtime.send({ type: 'channel.activate', channel: 'exchange' });
    } else {
      s.realtime.send({ type: 'channel.deactivate', channel: 'exchange' });
    }
  };
  follow();
  const unsub = subscribe(session, follow);
  return () => {
    unsub();
    off();
  };
}

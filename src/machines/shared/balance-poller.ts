/** The balance poll both order forms run while they can be submitted (market and option). */
import { fromCallback, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { noteBalance } from '../../state/balance.ts';
import { session } from '../../state/session.ts';

/**
 * Fetches the balance each time it receives `poll` and reports it as
 * `balance.update`; a reply arriving after it stopped is dropped.
 */
export const balancePoller = (api: ApiClient) =>
  fromCallback<EventObject>(({ sendBack, receive }) => {
    let live = true;
    receive(() => {
      const token = session.token;
      void api.call('userBalance').then((r) => {
        if (!live || r.code !== 0 || !r.data) return;
        noteBalance(token, r.data);
        sendBack({ type: 'balance.update', balance: r.data });
      });
    });
    return () => {
      live = false;
    };
  });

/** The notifications machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { PageLimitPayload } from '../../api/types/user.ts';
import type { MarkResult, PageResult } from './machine.ts';

/** The real actors: one page of the list, and marking read. */
export const notificationsActors = (api: ApiClient) => ({
  fetchPage: fromPromise<PageResult, PageLimitPayload>(({ input }) =>
    api.call('userNotification', input),
  ),
  // Marks read: sent again it leaves them read, so a retry after a lost reply is safe.
  markRead: fromPromise<MarkResult, { ids: string[] }>(({ input }) =>
    api.call('userUpdateNotification', input),
  ),
});

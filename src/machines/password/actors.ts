/** The password machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { settleSessionEnding } from '../shared/unsure.ts';
import type { SubmitPayload, SubmitResult } from './machine.ts';

/** The real actor: passwordSubmit. */
export const passwordActors = (api: ApiClient) => ({
  submitPassword: fromPromise<SubmitResult, SubmitPayload>(async ({ input }) => {
    const r: SubmitResult = await api.call('passwordSubmit', input, { unsure: true });
    // A lost reply: the password may be changed already. A change ends every
    // session, so the session check answering 401 says it was.
    return settleSessionEnding(api, r, 'unsure.password');
  }),
});

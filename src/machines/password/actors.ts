/** The password machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { SubmitPayload, SubmitResult } from './machine.ts';

/** The real actor: passwordSubmit. */
export const passwordActors = (api: ApiClient) => ({
  submitPassword: fromPromise<SubmitResult, SubmitPayload>(({ input }) =>
    api.call('passwordSubmit', input),
  ),
});

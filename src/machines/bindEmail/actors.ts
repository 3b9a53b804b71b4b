/** The bindEmail machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { countdownActor } from '../shared/countdown/machine.ts';
import type { ConfirmResult, InfoResult, SubmitResult } from './machine.ts';

/** The real actors: user info, bindEmailSubmit, bindEmailConfirm, the resend countdown. */
export const bindEmailActors = (api: ApiClient) => ({
  loadUser: fromPromise<InfoResult>(() => api.call('userInfo')),
  submitEmail: fromPromise<SubmitResult, { email: string }>(({ input }) =>
    api.call('bindEmailSubmit', input),
  ),
  confirmCode: fromPromise<ConfirmResult, { code: string }>(({ input }) =>
    api.call('bindEmailConfirm', input),
  ),
  countdown: countdownActor(),
});

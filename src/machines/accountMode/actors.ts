/** The account mode machine's real actors (./machine.ts): the switch and the demo reset. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { ResetResult, SwitchResult } from './machine.ts';

/** The real actors: the switch and the demo reset. */
export const accountModeActors = (api: ApiClient) => ({
  switchUser: fromPromise<SwitchResult>(() => api.call('switchUser')),
  resetUser: fromPromise<ResetResult>(() => api.call('resetUser')),
});

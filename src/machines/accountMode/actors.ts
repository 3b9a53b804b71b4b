/** The account mode machine's real actors (./machine.ts): the switch and the demo reset. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { ResetResult, SwitchResult } from './machine.ts';

/** The real actors: the switch and the demo reset. */
export const accountModeActors = (api: ApiClient) => ({
  // The switch goes to the other account of the token it is sent with, and a lost reply leaves
  // that token in use: sent again it asks for the same account, so a retry is safe.
  switchUser: fromPromise<SwitchResult>(() => api.call('switchUser')),
  // The reset can be done once: sent again after a lost reply that did it, the server refuses
  // (701, "already used") and changes nothing, so a retry is safe and says what happened.
  resetUser: fromPromise<ResetResult>(() => api.call('resetUser')),
});

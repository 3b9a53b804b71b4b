/** The responsible machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { RtSelfExcludePayload, RtSetLimitsPayload } from '../../api/types/responsible.ts';
import type { ExcludeResult, LimitsResult, SetLimitsResult } from './machine.ts';

/** The real actors: rtLimits, rtSetLimits, rtSelfExclude. */
export const responsibleActors = (api: ApiClient) => ({
  loadLimits: fromPromise<LimitsResult>(() => api.call('rtLimits')),
  // Sets the limits wanted (not a change by an amount): sent again after a lost reply it asks
  // for the same limits, so a retry is safe.
  setLimits: fromPromise<SetLimitsResult, RtSetLimitsPayload>(({ input }) =>
    api.call('rtSetLimits', input),
  ),
  // Excludes until a date: sent again it sets the same date. A lost reply that did exclude
  // ended the session, so the next call signs the user out and sign-in says why (1123).
  selfExclude: fromPromise<ExcludeResult, RtSelfExcludePayload>(({ input }) =>
    api.call('rtSelfExclude', input),
  ),
});

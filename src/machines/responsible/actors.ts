/** The responsible machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { RtSelfExcludePayload, RtSetLimitsPayload } from '../../api/types/responsible.ts';
import { settleSessionEnding } from '../shared/unsure.ts';
import type { ExcludeResult, LimitsResult, SetLimitsResult } from './machine.ts';

/** The real actors: rtLimits, rtSetLimits, rtSelfExclude. */
export const responsibleActors = (api: ApiClient) => ({
  loadLimits: fromPromise<LimitsResult>(() => api.call('rtLimits')),
  // Sets the limits wanted (not a change by an amount): sent again after a lost reply it asks
  // for the same limits, so a retry is safe.
  setLimits: fromPromise<SetLimitsResult, RtSetLimitsPayload>(({ input }) =>
    api.call('rtSetLimits', input),
  ),
  selfExclude: fromPromise<ExcludeResult, RtSelfExcludePayload>(async ({ input }) => {
    const r: ExcludeResult = await api.call('rtSelfExclude', input, { unsure: true });
    // A lost reply: the exclusion may be in force already. It ends every
    // session, so the session check answering 401 says it is.
    return settleSessionEnding(api, r, 'unsure.exclude');
  }),
});

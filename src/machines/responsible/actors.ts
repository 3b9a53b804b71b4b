/** The responsible machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { RtSelfExcludePayload, RtSetLimitsPayload } from '../../api/types/responsible.ts';
import type { ExcludeResult, LimitsResult, SetLimitsResult } from './machine.ts';

/** The real actors: rtLimits, rtSetLimits, rtSelfExclude. */
export const responsibleActors = (api: ApiClient) => ({
  loadLimits: fromPromise<LimitsResult>(() => api.call('rtLimits')),
  setLimits: fromPromise<SetLimitsResult, RtSetLimitsPayload>(({ input }) =>
    api.call('rtSetLimits', input),
  ),
  selfExclude: fromPromise<ExcludeResult, RtSelfExcludePayload>(({ input }) =>
    api.call('rtSelfExclude', input),
  ),
});

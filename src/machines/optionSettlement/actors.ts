/** The option settlement machine's real actors: the completion check and the result. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { CheckResult, DetailResult } from './machine.ts';

export const optionSettlementActors = (api: ApiClient) => ({
  checkCompletion: fromPromise<CheckResult, { uid: string }>(({ input }) =>
    api.call('checkOptionCompletion', input),
  ),
  fetchResult: fromPromise<DetailResult, { uid: string }>(({ input }) =>
    api.call('userOptionDetail', input),
  ),
});

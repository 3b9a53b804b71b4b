/** The paged list's real actor (./machine.ts): one page of a list call. */
import { fromPromise } from 'xstate';
import type { ApiClient, CallOptions } from '../../../api/client.ts';
import type { ListCall, PageInput, PageResult } from './machine.ts';

/** One page of a list call; the statements' export pages through the same call. */
export function fetchListPage(
  api: ApiClient,
  call: ListCall,
  payload: Record<string, unknown>,
  options?: CallOptions,
): Promise<PageResult> {
  // The payload is the screen's fixed fields plus paging, one record for six calls;
  // each call's own shape is the contract's (src/api/contract.ts), checked by the server.
  return api.call(call, payload as never, options); // see above: one record for six payloads
}

export const infiniteListActors = (api: ApiClient) => ({
  fetchPage: fromPromise<PageResult, PageInput>(({ input }) =>
    fetchListPage(api, input.call, input.payload),
  ),
});

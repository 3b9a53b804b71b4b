/** The close machine's real actor: close or cancel the order (the Mock call on a demo account). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { mockVariant } from '../../api/contract.ts';
import { session } from '../../state/session.ts';
import type { SubmitInput, SubmitResult } from './machine.ts';

export const closeOrderActors = (
  api: ApiClient,
  token: () => string | undefined = () => session.token,
) => ({
  submitClose: fromPromise<SubmitResult, SubmitInput>(({ input }) => {
    const real = input.action === 'close' ? 'closeOrder' : 'cancelOrder';
    return api.call(input.demo ? mockVariant[real] : real, {
      orderId: input.orderId,
      token: token() ?? '',
    });
  }),
});

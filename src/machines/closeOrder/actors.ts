/**
 * The close machine's real actor: close or cancel the order (the Mock call on
 * a demo account), and find out whether it ended when the reply was lost.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { mockVariant } from '../../api/contract.ts';
import { session } from '../../state/session.ts';
import { doneReply, settleUnsure } from '../shared/unsure.ts';
import type { SubmitInput, SubmitResult } from './machine.ts';

export const closeOrderActors = (
  api: ApiClient,
  token: () => string | undefined = () => session.token,
) => ({
  submitClose: fromPromise<SubmitResult, SubmitInput>(async ({ input }) => {
    const real = input.action === 'close' ? 'closeOrder' : 'cancelOrder';
    const r: SubmitResult = await api.call(
      input.demo ? mockVariant[real] : real,
      { orderId: input.orderId, token: token() ?? '' },
      { unsure: true },
    );
    // A lost reply: the order may be closed (or cancelled) already; the ended list says.
    return settleUnsure(
      r,
      () => endedAs(api, input),
      (): SubmitResult => doneReply(null),
      'position.outcome_unknown',
    );
  }),
});

/** True when the order is among the account's newest ended ones (closed 3, cancelled 4). */
async function endedAs(api: ApiClient, input: SubmitInput): Promise<true | undefined> {
  const r = await api.call(
    input.demo ? mockVariant.userOrder : 'userOrder',
    {
      page: 1,
      limit: 10,
      positionStatus: input.action === 'close' ? 3 : 4,
      columns: ['closingTime'],
    },
    { quiet: true },
  );
  return r.data?.list.some((o) => o.id === input.orderId) ? true : undefined;
}

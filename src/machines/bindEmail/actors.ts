/** The bindEmail machine's real actors, calling the API. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { User } from '../../api/types/user.ts';
import { countdownActor } from '../shared/countdown/machine.ts';
import { doneReply, settleUnsure } from '../shared/unsure.ts';
import type { ConfirmResult, InfoResult, SubmitResult } from './machine.ts';

/** The real actors: user info, bindEmailSubmit, bindEmailConfirm, the resend countdown. */
export const bindEmailActors = (api: ApiClient) => {
  /** What user info says of the e-mail once read, quietly; undefined when it cannot be read. */
  const reread = async (test: (u: User) => boolean): Promise<true | undefined> => {
    const u = (await api.call('userInfo', undefined, { quiet: true })).data;
    return (u && test(u)) || undefined;
  };
  return {
    loadUser: fromPromise<InfoResult>(() => api.call('userInfo')),
    submitEmail: fromPromise<SubmitResult, { email: string }>(async ({ input }) => {
      const r: SubmitResult = await api.call('bindEmailSubmit', input, { unsure: true });
      // A lost reply: the address may be bound (waiting for its code) already; user info says.
      return settleUnsure(
        r,
        () =>
          reread(
            (u) => !!u.emailPending && u.email?.toLowerCase() === input.email.trim().toLowerCase(),
          ),
        (): SubmitResult => doneReply(null),
        'unsure.email',
      );
    }),
    confirmCode: fromPromise<ConfirmResult, { code: string }>(async ({ input }) => {
      const r: ConfirmResult = await api.call('bindEmailConfirm', input, { unsure: true });
      // A lost reply: the address may be proved already (the code is spent); user info says.
      return settleUnsure(
        r,
        () => reread((u) => !!u.email && !u.emailPending),
        (): ConfirmResult => doneReply(null),
        'unsure.email',
      );
    }),
    countdown: countdownActor(),
  };
};

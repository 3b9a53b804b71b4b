/**
 * A code request (sendMail for an e-mail, sendPhone for a phone), shared by
 * sign-up (src/machines/register/) and the password reset (src/machines/forgot/).
 */
import { fromPromise } from 'xstate';
import type { ApiClient, CallResult } from '../../api/client.ts';
import type { AccountType, CodeType } from '../../api/types/trading.ts';

export interface SendCodeInput {
  type: AccountType;
  account: string;
  codeType: CodeType;
  locale: string;
}
export type SendCodeResult = CallResult<'sendMail'> | CallResult<'sendPhone'>;

/** The real code request. */
export const sendCodeActor = (api: ApiClient) =>
  fromPromise<SendCodeResult, SendCodeInput>(({ input: i }) =>
    i.type === 'E'
      ? api.call('sendMail', { email: i.account, type: i.codeType, locale: i.locale })
      : api.call('sendPhone', { phone: i.account, type: i.codeType, locale: i.locale }),
  );

/** The sign-up machine's real actors: code requests, register, the countdown, the captcha. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { RegisterPayload } from '../../api/types/trading.ts';
import { captchaActors, captchaMachine } from '../captchaMachine.ts';
import { countdownActor } from '../countdownMachine.ts';
import type { RegisterResult, SendCodeInput, SendCodeResult } from './types.ts';

/** A code request: sendMail for an e-mail, sendPhone for a phone. */
export const sendCodeActor = (api: ApiClient) =>
  fromPromise<SendCodeResult, SendCodeInput>(({ input: i }) =>
    i.type === 'E'
      ? api.call('sendMail', { email: i.account, type: i.codeType, locale: i.locale })
      : api.call('sendPhone', { phone: i.account, type: i.codeType, locale: i.locale }),
  );

/** The real actors: code requests, register, the countdown and the captcha. */
export const registerActors = (api: ApiClient) => ({
  sendCode: sendCodeActor(api),
  register: fromPromise<RegisterResult, RegisterPayload>(({ input }) =>
    api.call('register', input),
  ),
  countdown: countdownActor(),
  captcha: captchaMachine.provide({ actors: captchaActors(api) }),
});

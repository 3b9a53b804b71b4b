/** The sign-up machine's real actors (./machine.ts): code requests, register, the countdown, the captcha. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { RegisterPayload } from '../../api/types/trading.ts';
import { captchaActors } from '../shared/captcha/actors.ts';
import { captchaMachine } from '../shared/captcha/machine.ts';
import { countdownActor } from '../shared/countdown/machine.ts';
import { sendCodeActor } from '../shared/send-code.ts';
import type { RegisterResult } from './machine.ts';

/** The real actors: code requests, register, the countdown and the captcha. */
export const registerActors = (api: ApiClient) => ({
  sendCode: sendCodeActor(api),
  register: fromPromise<RegisterResult, RegisterPayload>(({ input }) =>
    api.call('register', input),
  ),
  countdown: countdownActor(),
  captcha: captchaMachine.provide({ actors: captchaActors(api) }),
});

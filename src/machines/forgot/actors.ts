/** The password reset's real actors (./machine.ts): code requests, the reset, the countdown. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { ForgotPayload } from '../../api/types/trading.ts';
import { countdownActor } from '../shared/countdown/machine.ts';
import { sendCodeActor } from '../shared/send-code.ts';
import type { ForgotResult } from './machine.ts';

/** The real actors: code requests, the reset, the countdown. */
export const forgotActors = (api: ApiClient) => ({
  sendCode: sendCodeActor(api),
  forgot: fromPromise<ForgotResult, ForgotPayload>(({ input }) => api.call('forgot', input)),
  countdown: countdownActor(),
});

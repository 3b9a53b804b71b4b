/** The sign-in machine's real actors (./machine.ts): the sign-in call, then the second-factor call. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { LoginPayload } from '../../api/types/trading.ts';
import type { LoginResult } from './machine.ts';

/** The real actors: the sign-in call, then the second-factor call. */
export const loginActors = (api: ApiClient) => ({
  signIn: fromPromise<LoginResult, LoginPayload>(({ input }) => api.call('login', input)),
  verify: fromPromise<LoginResult, LoginPayload>(({ input }) => api.call('login', input)),
});

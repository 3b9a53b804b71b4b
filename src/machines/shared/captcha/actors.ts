/** The image captcha's real actor (./machine.ts): one getImageCode call. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../api/client.ts';
import type { ImageResult } from './machine.ts';

/** The real actor: one getImageCode call. */
export const captchaActors = (api: ApiClient) => ({
  getImageCode: fromPromise<ImageResult>(() => api.call('getImageCode')),
});

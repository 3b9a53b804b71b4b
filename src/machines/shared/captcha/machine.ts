/**
 * The image captcha (trading.md §2 "Sign up", §5, §8 23554, §9): load an
 * image and its uuid (getImageCode), refresh it on request at most once per
 * 3 s; a refresh inside the cooldown shows `tips.high_request` with the
 * seconds left (`secondsLeft`, the `{{second}}` of the message). A failed
 * load (23554, or any failure) is the `failed` state; a refresh there retries
 * at once.
 *
 * The cooldown starts when an image is shown, so it never runs beside a
 * request (the 3 s are counted from what the user sees).
 *
 * Sign-up's child (src/machines/register/), so it lives in shared/ where the
 * flows' import rule lets a flow invoke it; its real actor is ./actors.ts.
 *
 * `captcha.reload` is the owner's (register's) refresh after 23555 "code
 * expired": it reloads at once, cooldown or not, since the image on screen
 * can no longer be answered.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../../api/client.ts';
import { CAPTCHA_COOLDOWN_MS } from '../../../config/constants.ts';
import { doneOutput } from '../../events.ts';

/** The cooldown counted in whole seconds (3). */
const COOLDOWN_SECONDS = Math.ceil(CAPTCHA_COOLDOWN_MS / 1000);

export interface CaptchaContext {
  /** The image (a data URL) to show, once loaded. */
  image: string | undefined;
  /** Sent with the typed text at registration. */
  uuid: string | undefined;
  /** Seconds until a refresh is allowed. */
  secondsLeft: number;
  /** 'tips.high_request' after a refresh inside the cooldown (interpolate `second`). */
  message: string | undefined;
  /** Reply code of the failed load (23554…), if any. */
  failure: number | undefined;
}

type CaptchaEvent = { type: 'captcha.refresh' } | { type: 'captcha.reload' };

export type ImageResult = CallResult<'getImageCode'>;

export const captchaMachine = setup({
  types: {
    context: {} as CaptchaContext,
    events: {} as CaptchaEvent,
  },
  actors: {
    getImageCode: fromPromise<ImageResult>(async () => {
      throw new Error('captchaMachine: provide getImageCode');
    }),
  },
  delays: {
    /** The cooldown counts down a second at a time. */
    tick: 1000,
  },
  guards: {
    loaded: (_, r: ImageResult) => r.code === 0 && !!r.data && !!r.reply?.uuid,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    show: assign((_, r: ImageResult) => {
      return {
        image: r.data ?? undefined,
        uuid: r.reply?.uuid,
        failure: undefined,
        secondsLeft: COOLDOWN_SECONDS,
        message: undefined,
      };
    }),
    fail: assign((_, p: { code: number }) => ({
      image: undefined,
      uuid: undefined,
      failure: p.code,
    })),
    tickDown: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    tooSoon: assign({ message: 'tips.high_request' }),
    clearMessage: assign({ message: undefined }),
  },
}).createMachine({
  id: 'captcha',
  context: {
    image: undefined,
    uuid: undefined,
    secondsLeft: 0,
    message: undefined,
    failure: undefined,
  },
  initial: 'loading',
  on: {
    'captcha.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearMessage',
      invoke: {
        id: 'getImageCode',
        src: 'getImageCode',
        onDone: [
          {
            guard: { type: 'loaded', params: doneOutput },
            target: 'ready',
            actions: { type: 'show', params: doneOutput },
          },
          { target: 'failed', actions: { type: 'fail', params: doneOutput } },
        ],
      },
    },
    ready: {
      initial: 'cooling',
      states: {
        cooling: {
          on: { 'captcha.refresh': { actions: 'tooSoon' } },
          after: {
            tick: [
              { guard: 'lastSecond', target: 'free', actions: ['tickDown', 'clearMessage'] },
              { target: 'cooling', reenter: true, actions: 'tickDown' },
            ],
          },
        },
        free: {
          on: { 'captcha.refresh': '#captcha.loading' },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'captcha.refresh': 'loading' },
    },
  },
});

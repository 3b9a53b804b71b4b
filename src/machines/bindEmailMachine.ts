/**
 * Bind e-mail (user-centre.md §2 route /user/bindEmail, §5 "Bind e-mail",
 * §6, §8).
 *
 * - Allowed only when flag user/bindEmail is on and the user registered by
 *   phone (registerType P); otherwise the user is sent away (output).
 * - The e-mail must match an e-mail pattern (wrong_email), at most 140
 *   characters; submit is not possible while it equals the current e-mail.
 * - bindEmailSubmit { email }: 1157 an e-mail is already bound, 1045 the
 *   e-mail belongs to another account (the client shows both).
 * - Success shows update_success; the new address becomes the current one.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { ApiClient, CallResult } from '../api/client.ts';
import { MAX_LEN } from '../config/constants.ts';
import { clip } from './validation/access.ts';
import { checkBindEmail } from './validation/account.ts';
import type { Notice } from './notice.ts';
import { outputOf } from './events.ts';

export interface BindEmailInput {
  /** Flag user/bindEmail. */
  enabled: boolean;
}

export interface BindEmailContext {
  enabled: boolean;
  /** 'P' phone, 'E' e-mail; undefined until user info is read. */
  registerType: 'P' | 'E' | undefined;
  /** The e-mail the account has now ('' when none). */
  current: string;
  email: string;
  errors: { email?: string };
  failure: number | undefined;
  notice: Notice | undefined;
}

export type BindEmailEvent =
  | { type: 'field.change'; field: 'email'; value: string }
  | { type: 'form.submit' }
  | { type: 'info.reload' };

export interface BindEmailOutput {
  /** Binding is not for this user: where to send them. */
  to: '/user';
}

type InfoResult = CallResult<'userInfo'>;
type SubmitResult = CallResult<'bindEmailSubmit'>;

/** The real actors: user info, then bindEmailSubmit. */
export const bindEmailActors = (api: ApiClient) => ({
  loadUser: fromPromise<InfoResult>(() => api.call('userInfo')),
  submitEmail: fromPromise<SubmitResult, { email: string }>(({ input }) =>
    api.call('bindEmailSubmit', input),
  ),
});

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const bindEmailMachine = setup({
  types: {
    context: {} as BindEmailContext,
    events: {} as BindEmailEvent,
    input: {} as BindEmailInput,
    output: {} as BindEmailOutput,
  },
  actors: {
    loadUser: fromPromise<InfoResult>(async () => {
      throw new Error('bindEmailMachine: provide loadUser');
    }),
    submitEmail: fromPromise<SubmitResult, { email: string }>(async () => {
      throw new Error('bindEmailMachine: provide submitEmail');
    }),
  },
  guards: {
    loaded: ({ event }) => outputOf<InfoResult>(event).code === 0,
    allowed: ({ context, event }) =>
      context.enabled && outputOf<InfoResult>(event).data?.registerType === 'P',
    changed: ({ context }) => !same(context.email, context.current),
    emailValid: ({ context }) => !checkBindEmail(context.email),
    bound: ({ event }) => outputOf<SubmitResult>(event).code === 0,
  },
  actions: {
    takeUser: assign(({ event }) => {
      const u = outputOf<InfoResult>(event).data;
      return {
        registerType: u?.registerType,
        current: u?.email ?? '',
        email: u?.email ?? '',
        failure: undefined,
      };
    }),
    recordFailure: assign(({ event }) => ({ failure: outputOf<{ code: number }>(event).code })),
    edit: assign(({ event }) =>
      event.type === 'field.change'
        ? { email: clip(event.value, MAX_LEN.email), errors: {}, notice: undefined }
        : {},
    ),
    showErrors: assign(({ context }) => ({ errors: { email: checkBindEmail(context.email) } })),
    takeEmail: assign(({ context }) => ({
      current: context.email.trim().toLowerCase(),
      email: context.email.trim().toLowerCase(),
      failure: undefined,
      notice: { key: 'tips.update_success', kind: 'success' as const },
    })),
  },
}).createMachine({
  id: 'bindEmail',
  context: ({ input }) => ({
    enabled: input.enabled,
    registerType: undefined,
    current: '',
    email: '',
    errors: {},
    failure: undefined,
    notice: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          { guard: and(['loaded', 'allowed']), target: 'editing', actions: 'takeUser' },
          { guard: 'loaded', target: 'sentAway', actions: 'takeUser' },
          { target: 'failed', actions: 'recordFailure' },
        ],
      },
    },
    failed: { on: { 'info.reload': 'loading' } },
    editing: {
      on: {
        'field.change': { actions: 'edit' },
        // Equal to the current e-mail: no transition, so the view's submit is disabled.
        'form.submit': [
          { guard: and(['changed', 'emailValid']), target: 'submitting' },
          { guard: 'changed', actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitEmail',
        src: 'submitEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          { guard: 'bound', target: 'editing', actions: 'takeEmail' },
          { target: 'editing', actions: 'recordFailure' },
        ],
      },
    },
    sentAway: { type: 'final' },
  },
  output: { to: '/user' },
});

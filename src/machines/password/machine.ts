/**
 * Change password (user-centre.md §2 "Change password", §5, §8).
 *
 * - Fields old, new and repeat, each at most 140 characters.
 * - Old and new need at least 7 characters (password_limit); repeat must
 *   equal new (confirmPsdTip).
 * - passwordSubmit { oldPassword, newPassword, metaData: {locale} }; 1109 is a
 *   wrong old password (the client shows it).
 * - Success shows update_success. The server ends every session on a password
 *   change, so the session is cleared here and the flow ends with "go to
 *   /login" (on mobile the spec's route; the desktop dialog has no session
 *   left either).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import { MAX_LEN } from '../../config/constants.ts';
import { clearSession } from '../../state/session.ts';
import { clip } from '../validation/access.ts';
import { checkPasswordLength, checkRepeat } from '../validation/account.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';

export interface PasswordInput {
  /** Sent in metaData. */
  locale?: string;
}

type Field = 'old' | 'password' | 'repeat';

export interface PasswordContext {
  locale: string;
  old: string;
  password: string;
  repeat: string;
  /** Message keys per field. */
  errors: Partial<Record<Field, string>>;
  /** Last failing reply code (1109 wrong old password…). */
  failure: number | undefined;
}

export type PasswordEvent =
  { type: 'field.change'; field: Field; value: string } | { type: 'form.submit' };

export interface PasswordOutput {
  /** Where the app goes next. */
  to: '/login';
}

export type SubmitPayload = { oldPassword: string; newPassword: string; metaData: string };
export type SubmitResult = CallResult<'passwordSubmit'>;

const errorsOf = (c: PasswordContext): PasswordContext['errors'] => {
  const e: PasswordContext['errors'] = {
    old: checkPasswordLength(c.old),
    password: checkPasswordLength(c.password),
    repeat: checkRepeat(c.password, c.repeat),
  };
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
};

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as PasswordInput,
    output: {} as PasswordOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    submitPassword: fromPromise<SubmitResult, SubmitPayload>(async () => {
      throw new Error('passwordMachine: provide submitPassword');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    changed: (_, p: SubmitResult) => p.code === 0,
  },
  actions: {
    edit: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            [event.field]: clip(event.value, MAX_LEN.password),
            errors: { ...context.errors, [event.field]: undefined },
          }
        : {},
    ),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context) })),
    recordFailure: assign((_, p: SubmitResult) => ({ failure: p.code })),
    clearFailure: assign({ failure: undefined }),
    announce: say('tips.update_success'),
    /**
     * The server ended every session: forget ours. The app may provide its
     * session service's log-out instead; clearing the store is what it does.
     */
    endSession: () => clearSession(),
  },
}).createMachine({
  id: 'password',
  context: ({ input }) => ({
    locale: input?.locale ?? 'en',
    old: '',
    password: '',
    repeat: '',
    errors: {},
    failure: undefined,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'edit' },
        'form.submit': [{ guard: 'formValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitPassword',
        src: 'submitPassword',
        input: ({ context: c }) => ({
          oldPassword: c.old,
          newPassword: c.password,
          metaData: JSON.stringify({ locale: c.locale }),
        }),
        onDone: [
          {
            guard: { type: 'changed', params: doneOutput },
            target: 'done',
            actions: ['clearFailure', 'announce', 'endSession'],
          },
          { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
  output: { to: '/login' },
});

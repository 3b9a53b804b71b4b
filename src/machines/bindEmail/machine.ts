/**
 * Bind e-mail (user-centre.md §2 route /user/bindEmail, §5 "Bind e-mail",
 * §6, §8), with the proof of the address (our extension: an address becomes
 * a sign-in name only once its owner proved it, see docs/conformance.md).
 *
 * - Allowed only when flag user/bindEmail is on and the user registered by
 *   phone (registerType P); otherwise the user is sent away (output).
 * - The spec's screen (`editing`): the e-mail must match an e-mail pattern
 *   (wrong_email), at most 140 characters; submit is not possible while it
 *   equals the current e-mail. bindEmailSubmit { email }: 1157 an e-mail is
 *   already bound, 1045 the e-mail belongs to another account (the client
 *   shows both).
 * - After a bind the user info is read again (`checking`): an address the
 *   server keeps pending (`emailPending`) leads to the code step; one that
 *   needs no proof (back to the proved address, or a server without proofs)
 *   shows update_success.
 * - The code step (`proving`): the 6-digit code mailed to the address
 *   (wrong_verification_code; digits only, a longer paste refused), beside
 *   the 60 s resend countdown (`secondsLeft`, then `canResend` and
 *   `code.resend`: bindEmailSubmit of the same address re-sends its code).
 *   bindEmailConfirm { code }: success shows bindEmail.confirmed and the
 *   spec's screen with the proved address; 1020 / 1111 go beside the code;
 *   1045 (someone else proved or registered it meanwhile, the binding is
 *   dropped) reads the user info again. `back` returns to the spec's screen
 *   to change the address; there a pending address offers `code.enter`.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import { MAX_LEN, RESEND_SECONDS } from '../../config/constants.ts';
import { countdownActor, type CountdownReport } from '../shared/countdown/machine.ts';
import { WRONG_CODE_REPLIES, checkCode, clip, codeInput, codeKey } from '../validation/access.ts';
import { checkBindEmail } from '../validation/account.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';

export interface BindEmailInput {
  /** Flag user/bindEmail. */
  enabled: boolean;
}

export type BindEmailField = 'email' | 'code';

export interface BindEmailContext {
  enabled: boolean;
  /** 'P' phone, 'E' e-mail; undefined until user info is read. */
  registerType: 'P' | 'E' | undefined;
  /** The e-mail the account shows now ('' when none). */
  current: string;
  /** `current` waits for its proof (user info `emailPending`). */
  pending: boolean;
  email: string;
  /** The proof code being typed. */
  code: string;
  errors: Partial<Record<BindEmailField, string>>;
  failure: number | undefined;
  /** Seconds until the resend link. */
  secondsLeft: number;
  /**
   * How the last bind ended, until the next edit: 'proved' by its code, or
   * 'bound' with no proof asked (each also announced as a notice).
   */
  lastBound: 'proved' | 'bound' | undefined;
}

export type BindEmailEvent =
  | { type: 'field.change'; field: BindEmailField; value: string }
  | { type: 'form.submit' }
  | { type: 'info.reload' }
  | { type: 'code.enter' }
  | { type: 'code.resend' }
  | { type: 'back' }
  | CountdownReport;

export interface BindEmailOutput {
  /** Binding is not for this user: where to send them. */
  to: '/user';
}

export type InfoResult = CallResult<'userInfo'>;
export type SubmitResult = CallResult<'bindEmailSubmit'>;
export type ConfirmResult = CallResult<'bindEmailConfirm'>;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const bindEmailMachine = setup({
  types: {
    context: {} as BindEmailContext,
    events: {} as BindEmailEvent,
    input: {} as BindEmailInput,
    output: {} as BindEmailOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    loadUser: fromPromise<InfoResult>(async () => {
      throw new Error('bindEmailMachine: provide loadUser');
    }),
    submitEmail: fromPromise<SubmitResult, { email: string }>(async () => {
      throw new Error('bindEmailMachine: provide submitEmail');
    }),
    confirmCode: fromPromise<ConfirmResult, { code: string }>(async () => {
      throw new Error('bindEmailMachine: provide confirmCode');
    }),
    countdown: countdownActor(),
  },
  guards: {
    loaded: (_, p: { code: number }) => p.code === 0,
    /** User info read, and this user may bind an e-mail here. */
    allowed: ({ context }, r: InfoResult) =>
      r.code === 0 && context.enabled && r.data?.registerType === 'P',
    /** User info read, and it says the address waits for its proof. */
    awaitsProof: (_, r: InfoResult) => r.code === 0 && r.data?.emailPending === true,
    pending: ({ context }) => context.pending,
    changed: ({ context }) => !same(context.email, context.current),
    emailValid: ({ context }) => !checkBindEmail(context.email),
    codeValid: ({ context }) => !checkCode(context.code),
    succeeded: (_, p: { code: number }) => p.code === 0,
    /** Someone else proved or registered the address meanwhile: the binding is gone. */
    takenMeanwhile: (_, p: { code: number }) => p.code === 1045,
    emailField: ({ event }) => event.type === 'field.change' && event.field === 'email',
    codeField: ({ event }) => event.type === 'field.change' && event.field === 'code',
  },
  actions: {
    takeUser: assign((_, r: InfoResult) => {
      const u = r.data;
      return {
        registerType: u?.registerType,
        current: u?.email ?? '',
        pending: u?.emailPending === true,
        email: u?.email ?? '',
        code: '',
        errors: {},
        failure: undefined,
      };
    }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    edit: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const common = { errors: {}, failure: undefined, lastBound: undefined };
      return event.field === 'email'
        ? { ...common, email: clip(event.value, MAX_LEN.email) }
        : { ...common, code: codeInput(context.code, event.value) };
    }),
    showEmailError: assign(({ context }) => ({
      errors: { email: checkBindEmail(context.email) },
    })),
    showCodeError: assign(({ context }) => ({ errors: { code: checkCode(context.code) } })),
    clearFailure: assign({ failure: undefined, errors: {} }),
    /** A refused proof: a wrong or dead code beside the code, the rest a toast only. */
    recordCodeFailure: assign((_, p: { code: number }) => {
      const code = p.code;
      return {
        failure: code,
        errors: WRONG_CODE_REPLIES.includes(code) ? { code: codeKey(code) } : {},
      };
    }),
    recordBound: assign({ lastBound: 'bound' as const }),
    announceBound: say('tips.update_success'),
    takeProof: assign(({ context }) => ({
      pending: false,
      email: context.current,
      code: '',
      errors: {},
      failure: undefined,
      lastBound: 'proved' as const,
    })),
    announceProof: say('bindEmail.confirmed'),
    leaveCode: assign(({ context }) => ({
      email: context.current,
      code: '',
      errors: {},
      failure: undefined,
    })),
    startCountdown: assign({ secondsLeft: RESEND_SECONDS }),
    countDown: assign(({ event }) =>
      event.type === 'countdown.tick' ? { secondsLeft: event.secondsLeft } : {},
    ),
    endCountdown: assign({ secondsLeft: 0 }),
  },
}).createMachine({
  id: 'bindEmail',
  context: ({ input }) => ({
    enabled: input.enabled,
    registerType: undefined,
    current: '',
    pending: false,
    email: '',
    code: '',
    errors: {},
    failure: undefined,
    secondsLeft: 0,
    lastBound: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'allowed', params: doneOutput },
            target: 'editing',
            actions: { type: 'takeUser', params: doneOutput },
          },
          {
            guard: { type: 'loaded', params: doneOutput },
            target: 'sentAway',
            actions: { type: 'takeUser', params: doneOutput },
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    failed: { on: { 'info.reload': 'loading' } },
    editing: {
      on: {
        'field.change': { guard: 'emailField', actions: 'edit' },
        // Equal to the current e-mail: no transition, so the view's submit is disabled.
        'form.submit': [
          { guard: and(['changed', 'emailValid']), target: 'submitting' },
          { guard: 'changed', actions: 'showEmailError' },
        ],
        // The code may have gone out a moment ago: the resend link is offered, the server
        // answers 1110 if it is too soon.
        'code.enter': { guard: 'pending', target: '#bindEmail.proving.verify.canResend' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitEmail',
        src: 'submitEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          { guard: { type: 'succeeded', params: doneOutput }, target: 'checking' },
          { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    // Does the server want a proof of this address? Its user info says.
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'awaitsProof', params: doneOutput },
            target: 'proving',
            actions: { type: 'takeUser', params: doneOutput },
          },
          {
            guard: { type: 'loaded', params: doneOutput },
            target: 'editing',
            actions: [{ type: 'takeUser', params: doneOutput }, 'recordBound', 'announceBound'],
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    proving: {
      type: 'parallel',
      states: {
        form: {
          initial: 'typing',
          states: {
            typing: {
              on: {
                'field.change': { guard: 'codeField', actions: 'edit' },
                'form.submit': [
                  { guard: 'codeValid', target: 'confirming', actions: 'clearFailure' },
                  { actions: 'showCodeError' },
                ],
                back: { target: '#bindEmail.editing', actions: 'leaveCode' },
              },
            },
            confirming: {
              tags: ['busy'],
              invoke: {
                id: 'confirmCode',
                src: 'confirmCode',
                input: ({ context }) => ({ code: context.code }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: doneOutput },
                    target: '#bindEmail.editing',
                    actions: ['takeProof', 'announceProof'],
                  },
                  {
                    guard: { type: 'takenMeanwhile', params: doneOutput },
                    target: '#bindEmail.loading',
                    actions: { type: 'recordFailure', params: doneOutput },
                  },
                  {
                    target: 'typing',
                    actions: { type: 'recordCodeFailure', params: doneOutput },
                  },
                ],
              },
            },
          },
        },
        verify: {
          initial: 'counting',
          states: {
            counting: {
              entry: 'startCountdown',
              invoke: { id: 'countdown', src: 'countdown' },
              on: {
                'countdown.tick': { actions: 'countDown' },
                'countdown.done': { target: 'canResend' },
              },
            },
            // Also entered straight from the e-mail screen (code.enter), so it zeroes the count.
            canResend: {
              tags: ['canResend'],
              entry: 'endCountdown',
              on: { 'code.resend': { target: 'resending', actions: 'clearFailure' } },
            },
            resending: {
              tags: ['sending'],
              invoke: {
                id: 'resendCode',
                src: 'submitEmail',
                input: ({ context }) => ({ email: context.current }),
                onDone: [
                  { guard: { type: 'succeeded', params: doneOutput }, target: 'counting' },
                  {
                    target: 'canResend',
                    actions: { type: 'recordFailure', params: doneOutput },
                  },
                ],
              },
            },
          },
        },
      },
    },
    sentAway: { type: 'final' },
  },
  output: { to: '/user' },
});

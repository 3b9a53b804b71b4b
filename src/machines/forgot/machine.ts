/**
 * Forgot password (trading.md §2 "Forgot password", §4 "Forgot", §5, §8).
 *
 * - Step 1 (`account`): e-mail or phone (phone only with PHONE_REGISTER);
 *   `code.send` validates (wrong_email, wrong_phone_number) and requests a
 *   reset code (sendMail / sendPhone, type '2').
 * - Step 2 (`details`): the 6-digit code and the new password (≥ 7,
 *   password_limit); `back` returns to step 1. Beside the form, the 60 s
 *   resend countdown (`secondsLeft`), then `canResend` and `code.resend`.
 * - Success: `tips.update_success` and the output `{ redirect: '/login' }`.
 *
 * Failures are toasted by the client; the machine keeps the reply code
 * (`failure`) and puts its message key beside the field it concerns: 1002
 * (no such account) and 1044 (blocked) on the account, back on step 1 when
 * they come from the reset itself; 1020 / 1111 on the code; 1110, 23558 and
 * the rest are `failure` only.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { AccountType, ForgotPayload } from '../../api/types/trading.ts';
import { MAX_LEN, RESEND_SECONDS } from '../../config/constants.ts';
import { countdownActor, type CountdownReport } from '../shared/countdown/machine.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';
import type { SendCodeInput, SendCodeResult } from '../shared/send-code.ts';
import {
  WRONG_CODE_REPLIES,
  checkAccount,
  checkCode,
  checkNewPassword,
  clip,
  codeInput,
  codeKey,
  username,
} from '../validation/access.ts';

interface ForgotInput {
  /** PHONE_REGISTER: the phone type can be chosen. */
  phoneEnabled: boolean;
  /** The interface language, sent with code requests. */
  locale: string;
}

type ForgotField = 'account' | 'code' | 'password';

export interface ForgotContext extends ForgotInput {
  type: AccountType;
  account: string;
  code: string;
  password: string;
  /** Message keys per field. */
  errors: Partial<Record<ForgotField, string>>;
  /** Last failing reply code, until the user edits. */
  failure: number | undefined;
  /** Seconds until the resend link. */
  secondsLeft: number;
}

type ForgotEvent =
  | { type: 'field.change'; field: ForgotField; value: string }
  | { type: 'type.change'; value: AccountType }
  | { type: 'code.send' }
  | { type: 'code.resend' }
  | { type: 'form.submit' }
  | { type: 'back' }
  | CountdownReport;

interface ForgotOutput {
  /** Where the user goes next. */
  redirect: '/login';
}

export type ForgotResult = CallResult<'forgot'>;

/** Replies about the account itself: 1002 no such account, 1044 blocked. */
const ACCOUNT_REPLIES: readonly number[] = [1002, 1044];

const codeRequest = (c: ForgotContext): SendCodeInput => ({
  type: c.type,
  account: username(c.type, c.account),
  codeType: '2',
  locale: c.locale,
});

export const forgotMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
    input: {} as ForgotInput,
    output: {} as ForgotOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    sendCode: fromPromise<SendCodeResult, SendCodeInput>(async () => {
      throw new Error('forgotMachine: provide sendCode');
    }),
    forgot: fromPromise<ForgotResult, ForgotPayload>(async () => {
      throw new Error('forgotMachine: provide forgot');
    }),
    countdown: countdownActor(),
  },
  guards: {
    phoneEnabled: ({ context }) => context.phoneEnabled,
    accountValid: ({ context: c }) => !checkAccount(c.type, c.account),
    detailsValid: ({ context: c }) => !checkCode(c.code) && !checkNewPassword(c.password),
    succeeded: (_, p: { code: number }) => p.code === 0,
    accountRefused: (_, p: { code: number }) => ACCOUNT_REPLIES.includes(p.code),
    /** The account is fixed once a code went to it. */
    detailField: ({ event }) => event.type === 'field.change' && event.field !== 'account',
  },
  actions: {
    edit: assign(({ context: c, event }) => {
      if (event.type !== 'field.change') return {};
      const errors = { ...c.errors, [event.field]: undefined };
      const failure = undefined;
      switch (event.field) {
        case 'account':
          return { account: clip(event.value, MAX_LEN.email), errors, failure };
        case 'code':
          return { code: codeInput(c.code, event.value), errors, failure };
        default:
          return { password: clip(event.value, MAX_LEN.password), errors, failure };
      }
    }),
    setType: assign(({ event }) =>
      event.type === 'type.change'
        ? { type: event.value, account: '', errors: {}, failure: undefined }
        : {},
    ),
    showAccountError: assign(({ context: c }) => ({
      errors: { account: checkAccount(c.type, c.account) },
    })),
    showDetailErrors: assign(({ context: c }) => ({
      errors: { code: checkCode(c.code), password: checkNewPassword(c.password) },
    })),
    clearFailure: assign({ failure: undefined, errors: {} }),
    /** A refused code request: 1002 / 1044 / 1016 / 23558 concern the account; 1110 is a notice. */
    recordSendFailure: assign((_, { code }: { code: number }) => {
      return {
        failure: code,
        errors: [...ACCOUNT_REPLIES, 1016, 23558].includes(code) ? { account: codeKey(code) } : {},
      };
    }),
    recordResendFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    /** A refused reset: account replies beside the account, code replies beside the code. */
    recordFailure: assign((_, { code }: { code: number }) => {
      if (ACCOUNT_REPLIES.includes(code))
        return { failure: code, code: '', errors: { account: codeKey(code) } };
      if (WRONG_CODE_REPLIES.includes(code))
        return { failure: code, errors: { code: codeKey(code) } };
      return { failure: code, errors: {} };
    }),
    leaveDetails: assign({ code: '', errors: {}, failure: undefined }),
    startCountdown: assign({ secondsLeft: RESEND_SECONDS }),
    countDown: assign(({ event }) =>
      event.type === 'countdown.tick' ? { secondsLeft: event.secondsLeft } : {},
    ),
    endCountdown: assign({ secondsLeft: 0 }),
    announce: say('tips.update_success'),
  },
}).createMachine({
  id: 'forgot',
  context: ({ input }) => ({
    ...input,
    type: 'E',
    account: '',
    code: '',
    password: '',
    errors: {},
    failure: undefined,
    secondsLeft: 0,
  }),
  initial: 'account',
  states: {
    account: {
      on: {
        'field.change': { actions: 'edit' },
        'type.change': { guard: 'phoneEnabled', actions: 'setType' },
        'code.send': [
          { guard: 'accountValid', target: 'sendingCode', actions: 'clearFailure' },
          { actions: 'showAccountError' },
        ],
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => codeRequest(context),
        onDone: [
          { guard: { type: 'succeeded', params: doneOutput }, target: 'details' },
          { target: 'account', actions: { type: 'recordSendFailure', params: doneOutput } },
        ],
      },
    },
    details: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.change': { guard: 'detailField', actions: 'edit' },
                'form.submit': [
                  { guard: 'detailsValid', target: 'submitting', actions: 'clearFailure' },
                  { actions: 'showDetailErrors' },
                ],
                back: { target: '#forgot.account', actions: 'leaveDetails' },
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'forgot',
                src: 'forgot',
                input: ({ context: c }) => ({
                  username: username(c.type, c.account),
                  password: c.password,
                  code: c.code,
                  type: c.type,
                }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: doneOutput },
                    target: '#forgot.done',
                    actions: 'announce',
                  },
                  {
                    guard: { type: 'accountRefused', params: doneOutput },
                    target: '#forgot.account',
                    actions: { type: 'recordFailure', params: doneOutput },
                  },
                  { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
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
                'countdown.done': { target: 'canResend', actions: 'endCountdown' },
              },
            },
            canResend: {
              tags: ['canResend'],
              on: { 'code.resend': { target: 'resending', actions: 'clearFailure' } },
            },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendCode',
                src: 'sendCode',
                input: ({ context }) => codeRequest(context),
                onDone: [
                  { guard: { type: 'succeeded', params: doneOutput }, target: 'counting' },
                  {
                    target: 'canResend',
                    actions: { type: 'recordResendFailure', params: doneOutput },
                  },
                ],
              },
            },
          },
        },
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
  output: () => ({ redirect: '/login' as const }),
});

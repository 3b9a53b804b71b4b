/**
 * Sign up (trading.md §2 "Sign up", §4 "Register", "Resend code", §5, §8).
 *
 * - Step 1 (`account`): the account type (E-mail; phone only with
 *   PHONE_REGISTER) and value; `code.send` validates (wrong_email,
 *   wrong_phone_number) and requests a code (sendMail / sendPhone, type '1',
 *   the locale).
 * - Step 2 (`details`): the 6-digit code, a password (≥ 7, password_limit)
 *   and an optional invite code (hidden and never sent with
 *   hideRegisterInviteCode); `back` returns to step 1. Beside the form, the
 *   60 s resend countdown (`secondsLeft`), then `canResend` and `code.resend`.
 * - Phone registration without SMS (`phoneCaptcha`): no code is sent; step 2
 *   shows the image captcha (the `captcha` child) and the typed text goes as
 *   `code` with the captcha's uuid (p_t_verity_code when empty). A reply
 *   23555 (expired) or 23554 (unknown) loads a new captcha.
 * - Success: `sign_up_success`, the registration-complete message (sendMail,
 *   or sendPhone for a phone, type '4') when sendRegisterCompleteMail is on,
 *   and the output `{ type, account }` that prefills sign-in.
 *
 * Failures are toasted by the client; the machine keeps the reply code
 * (`failure`) and puts the code's message key beside the field it concerns:
 * 1004 / 1045 send the user back to step 1 (`errors.account`), 1107 marks the
 * invite code, 1020 / 1111 / 23556 the code; 1110, 1042, 23558 and the rest
 * are `failure` only.
 */
import { and, assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { AccountType, CodeType, RegisterPayload } from '../../api/types/trading.ts';
import { MAX_LEN, RESEND_SECONDS } from '../../config/constants.ts';
import { say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';
import { captchaMachine } from '../shared/captcha/machine.ts';
import { countdownActor, type CountdownReport } from '../shared/countdown/machine.ts';
import type { SendCodeInput, SendCodeResult } from '../shared/send-code.ts';
import {
  ACCOUNT_TAKEN_REPLIES,
  CAPTCHA_STALE_REPLIES,
  WRONG_CODE_REPLIES,
  checkAccount,
  checkCaptcha,
  checkCode,
  checkNewPassword,
  clip,
  codeInput,
  codeKey,
  username,
} from '../validation/access.ts';

// ── Input, context, events, output ──

export interface RegisterInput {
  /** PHONE_REGISTER: the phone type can be chosen. */
  phoneEnabled: boolean;
  /** Phone registration without SMS verification: an image captcha instead of the code. */
  phoneCaptcha: boolean;
  /** hideRegisterInviteCode. */
  hideInviteCode: boolean;
  /** sendRegisterCompleteMail. */
  sendCompleteMail: boolean;
  /** The interface language, sent with code requests. */
  locale: string;
}

export type RegisterField = 'account' | 'code' | 'password' | 'inviteCode';

export interface RegisterContext extends RegisterInput {
  type: AccountType;
  account: string;
  /** The 6-digit code, or the captcha text. */
  code: string;
  password: string;
  inviteCode: string;
  /** Message keys per field. */
  errors: Partial<Record<RegisterField, string>>;
  /** Last failing reply code, if any. */
  failure: number | undefined;
  /** Seconds until the resend link (the countdown's). */
  secondsLeft: number;
}

export type RegisterEvent =
  | { type: 'field.change'; field: RegisterField; value: string }
  | { type: 'type.change'; value: AccountType }
  | { type: 'code.send' }
  | { type: 'code.resend' }
  | { type: 'form.submit' }
  | { type: 'back' }
  | CountdownReport;

export interface RegisterOutput {
  type: AccountType;
  /** The account as typed (trimmed), to prefill sign-in. */
  account: string;
}

export type RegisterResult = CallResult<'register'>;

// ── Reply and captcha readers, code requests, the context ──

const usesCaptcha = (c: RegisterContext) => c.type === 'P' && c.phoneCaptcha;
/** What the register machine's own actor shows of itself: its children, if any. */
interface Self {
  getSnapshot(): { children?: Record<string, AnyActorRef | undefined> } | undefined;
}

/** The captcha child's uuid, if one is shown (the child of `self`). */
const captchaUuid = (self: Self): string | undefined => {
  // XState types a child's snapshot loosely here; only this much of it is read.
  // A child with no context yet (or a stand-in, as the path replays use) has no uuid.
  const snap: { context?: { uuid?: string } } | undefined = self
    .getSnapshot()
    ?.children?.captcha?.getSnapshot();
  return snap?.context?.uuid;
};

const codeRequest = (c: RegisterContext, codeType: CodeType): SendCodeInput => ({
  type: c.type,
  account: username(c.type, c.account),
  codeType,
  locale: c.locale,
});

/** The register call's payload; with the captcha, the shown captcha's uuid (the child of `self`). */
const registerPayload = (c: RegisterContext, self: Self): RegisterPayload => ({
  username: username(c.type, c.account),
  password: c.password,
  code: c.code.trim(),
  type: c.type,
  locale: c.locale,
  ...(!c.hideInviteCode && c.inviteCode.trim() ? { inviteCode: c.inviteCode.trim() } : {}),
  ...(usesCaptcha(c) ? { uuid: captchaUuid(self) ?? '' } : {}),
});

/** What a refused registration (reply `code`) sets: the message beside the field it concerns. */
export const refusal = (context: RegisterContext, code: number): Partial<RegisterContext> => {
  if (ACCOUNT_TAKEN_REPLIES.includes(code))
    return { failure: code, code: '', errors: { account: codeKey(code) } };
  if (code === 1107) return { failure: code, errors: { inviteCode: codeKey(code) } };
  if (CAPTCHA_STALE_REPLIES.includes(code))
    return { failure: code, code: '', errors: { code: codeKey(code) } };
  if (WRONG_CODE_REPLIES.includes(code)) return { failure: code, errors: { code: codeKey(code) } };
  return { failure: code, errors: context.errors };
};

/** The context the machine starts with. */
const initialContext = (input: RegisterInput): RegisterContext => ({
  ...input,
  type: 'E',
  account: '',
  code: '',
  password: '',
  inviteCode: '',
  errors: {},
  failure: undefined,
  secondsLeft: 0,
});

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterInput,
    output: {} as RegisterOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    sendCode: fromPromise<SendCodeResult, SendCodeInput>(async () => {
      throw new Error('registerMachine: provide sendCode');
    }),
    register: fromPromise<RegisterResult, RegisterPayload>(async () => {
      throw new Error('registerMachine: provide register');
    }),
    countdown: countdownActor(),
    captcha: captchaMachine,
  },
  guards: {
    phoneEnabled: ({ context }) => context.phoneEnabled,
    accountValid: ({ context: c }) => !checkAccount(c.type, c.account),
    usesCaptcha: ({ context }) => usesCaptcha(context),
    detailsValid: ({ context: c }) =>
      !(usesCaptcha(c) ? checkCaptcha(c.code) : checkCode(c.code)) && !checkNewPassword(c.password),
    succeeded: (_, p: { code: number }) => p.code === 0,
    /** Registered, and the completion mail is on. */
    succeededWithMail: ({ context }, p: { code: number }) =>
      p.code === 0 && context.sendCompleteMail,
    accountTaken: (_, p: { code: number }) => ACCOUNT_TAKEN_REPLIES.includes(p.code),
    captchaStale: (_, p: { code: number }) => CAPTCHA_STALE_REPLIES.includes(p.code),
  },
  actions: {
    editAccount: assign(({ context, event }) =>
      event.type === 'field.change' && event.field === 'account'
        ? {
            account: clip(event.value, MAX_LEN.email),
            errors: { ...context.errors, account: undefined },
            failure: undefined,
          }
        : {},
    ),
    editDetails: assign(({ context: c, event }) => {
      if (event.type !== 'field.change') return {};
      // Editing answers the last refusal: its notice and the field's message go.
      const errors = { ...c.errors, [event.field]: undefined };
      const failure = undefined;
      switch (event.field) {
        case 'code':
          return {
            code: usesCaptcha(c)
              ? clip(event.value, MAX_LEN.captcha)
              : codeInput(c.code, event.value),
            errors,
            failure,
          };
        case 'password':
          return { password: clip(event.value, MAX_LEN.password), errors, failure };
        case 'inviteCode':
          return c.hideInviteCode
            ? {}
            : { inviteCode: clip(event.value, MAX_LEN.inviteCode), errors, failure };
        default:
          // The account is fixed once a code went to it.
          return {};
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
      errors: {
        code: usesCaptcha(c) ? checkCaptcha(c.code) : checkCode(c.code),
        password: checkNewPassword(c.password),
      },
    })),
    clearFailure: assign({ failure: undefined, errors: {} }),
    /** A refused code request: 1004 / 1045 / 1016 / 23558 concern the account; 1110 is a notice. */
    recordSendFailure: assign((_, { code }: { code: number }) => {
      return {
        failure: code,
        errors: [...ACCOUNT_TAKEN_REPLIES, 1016, 23558].includes(code)
          ? { account: codeKey(code) }
          : {},
      };
    }),
    recordResendFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    /** A refused registration: the message goes beside the field it concerns. */
    recordFailure: assign(({ context }, p: { code: number }) => refusal(context, p.code)),
    leaveDetails: assign({ code: '', errors: {}, failure: undefined }),
    startCountdown: assign({ secondsLeft: RESEND_SECONDS }),
    countDown: assign(({ event }) =>
      event.type === 'countdown.tick' ? { secondsLeft: event.secondsLeft } : {},
    ),
    endCountdown: assign({ secondsLeft: 0 }),
    reloadCaptcha: sendTo('captcha', { type: 'captcha.reload' }),
    announce: say('sign_up_success'),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => initialContext(input),
  initial: 'account',
  states: {
    account: {
      on: {
        'field.change': { actions: 'editAccount' },
        'type.change': { guard: 'phoneEnabled', actions: 'setType' },
        'code.send': [
          // Phone without SMS: nothing to send, the captcha is on step 2.
          {
            guard: and(['accountValid', 'usesCaptcha']),
            target: '#register.details.verify.captcha',
            actions: 'clearFailure',
          },
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
        input: ({ context }) => codeRequest(context, '1'),
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
                'field.change': { actions: 'editDetails' },
                'form.submit': [
                  { guard: 'detailsValid', target: 'submitting', actions: 'clearFailure' },
                  { actions: 'showDetailErrors' },
                ],
                back: { target: '#register.account', actions: 'leaveDetails' },
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context, self }) => registerPayload(context, self),
                onDone: [
                  {
                    guard: { type: 'succeededWithMail', params: doneOutput },
                    target: '#register.completing',
                  },
                  {
                    guard: { type: 'succeeded', params: doneOutput },
                    target: '#register.done',
                  },
                  {
                    guard: { type: 'accountTaken', params: doneOutput },
                    target: '#register.account',
                    actions: { type: 'recordFailure', params: doneOutput },
                  },
                  {
                    guard: { type: 'captchaStale', params: doneOutput },
                    target: 'editing',
                    actions: [{ type: 'recordFailure', params: doneOutput }, 'reloadCaptcha'],
                  },
                  { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
                ],
              },
            },
          },
        },
        verify: {
          // A code was sent: the countdown. Phone without SMS enters `captcha` directly.
          initial: 'counting',
          states: {
            // The view shows the child's image and sends it `captcha.refresh`.
            captcha: { invoke: { id: 'captcha', src: 'captcha' } },
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
                input: ({ context }) => codeRequest(context, '1'),
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
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'sendCompleteMail',
        src: 'sendCode',
        input: ({ context }) => codeRequest(context, '4'),
        // The account exists either way; a lost welcome message does not undo it.
        onDone: 'done',
      },
    },
    done: {
      type: 'final',
      tags: ['done'],
      // Registered (and the welcome mail asked for, where it is sent): the toast.
      entry: 'announce',
    },
  },
  output: ({ context }) => ({ type: context.type, account: context.account.trim() }),
});

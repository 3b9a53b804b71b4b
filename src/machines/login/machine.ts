/**
 * Sign in (trading.md §2 "Sign in", §4 "Login", §5).
 *
 * - The username type selector (E-mail / phone) exists only with PHONE_REGISTER.
 * - Submit validates (p_t_username, p_t_password), then signs in.
 * - Reply code 0 with qrcodeStatus 0 asks for the 6-digit second-factor code;
 *   submitting it again (command 'verification', authCode) completes sign-in.
 * - A failed second-factor attempt clears the code field and refocuses it.
 * - Success stores token and refresh token, remembers type and value when
 *   "remember" is on, and the password (encrypted) only with "remember password".
 * Failures are shown by the client (localised message [code]); the machine
 * keeps the code so the view can react.
 */
import { RT_CODES, type RtExcluded } from '../../api/types/responsible.ts';
import { assign, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { AccountType, LoginData, LoginPayload } from '../../api/types/trading.ts';
import { MAX_LEN } from '../../config/constants.ts';
import { setSession } from '../../state/session.ts';
import { rememberAccount, rememberPassword } from '../../state/remember.ts';
import { doneOutput } from '../events.ts';
import { say, type NoticeEvent } from '../notice.ts';
import {
  checkCode,
  checkLoginPassword,
  checkLoginUsername,
  clip,
  codeInput,
  username,
} from '../validation/access.ts';

export interface LoginInput {
  /** PHONE_REGISTER is on: the phone type can be chosen. */
  phoneEnabled: boolean;
  /** Remembered account and password, if any. */
  remembered?: { type: AccountType; value: string; password?: string };
  /** An account to fill in without remembering it (just signed up). */
  prefill?: { type: AccountType; value: string };
}

export interface LoginContext {
  phoneEnabled: boolean;
  type: AccountType;
  username: string;
  password: string;
  code: string;
  remember: boolean;
  rememberPassword: boolean;
  /** Message keys per field. */
  errors: { username?: string; password?: string; code?: string };
  /** Last failing reply code, if any. */
  failure: number | undefined;
  /**
   * Responsible trading: sign-in refused with 1123, self-excluded until this
   * time (the reply's `data.until`, epoch ms); the screen says until when.
   */
  excludedUntil: number | undefined;
  /** Bumped whenever the code field should take focus again. */
  focusCode: number;
}

export type LoginEvent =
  | { type: 'field.change'; field: 'username' | 'password' | 'code'; value: string }
  | { type: 'type.change'; value: AccountType }
  | { type: 'remember.toggle' }
  | { type: 'rememberPassword.toggle' }
  | { type: 'form.submit' }
  | { type: 'back' };

export type LoginResult = CallResult<'login'>;

const payload = (c: LoginContext): LoginPayload => ({
  username: username(c.type, c.username),
  password: c.password,
  type: c.type,
});

const data = (r: LoginResult): LoginData => r.data ?? {};

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    signIn: fromPromise<LoginResult, LoginPayload>(async () => {
      throw new Error('loginMachine: provide signIn');
    }),
    verify: fromPromise<LoginResult, LoginPayload>(async () => {
      throw new Error('loginMachine: provide verify');
    }),
  },
  guards: {
    credentialsValid: ({ context: c }) =>
      !checkLoginUsername(c.type, c.username) && !checkLoginPassword(c.password),
    codeValid: ({ context: c }) => !checkCode(c.code),
    phoneEnabled: ({ context }) => context.phoneEnabled,
    needsSecondFactor: (_, r: LoginResult) =>
      r.code === 0 && data(r).qrcodeStatus === 0 && !data(r).token,
    signedIn: (_, r: LoginResult) => r.code === 0 && !!data(r).token,
  },
  actions: {
    announceSignedIn: say('login_success'),
    edit: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      if (event.field === 'code')
        return {
          code: codeInput(context.code, event.value),
          errors: { ...context.errors, code: undefined },
        };
      const max = event.field === 'username' ? MAX_LEN.email : MAX_LEN.password;
      return {
        [event.field]: clip(event.value, max),
        errors: { ...context.errors, [event.field]: undefined },
      };
    }),
    setType: assign(({ event }) =>
      event.type === 'type.change' ? { type: event.value, username: '', errors: {} } : {},
    ),
    toggleRemember: assign(({ context }) => ({ remember: !context.remember })),
    toggleRememberPassword: assign(({ context }) => ({
      rememberPassword: !context.rememberPassword,
    })),
    showCredentialErrors: assign(({ context: c }) => ({
      errors: {
        username: checkLoginUsername(c.type, c.username),
        password: checkLoginPassword(c.password),
      },
    })),
    showCodeError: assign(({ context: c }) => ({ errors: { code: checkCode(c.code) } })),
    recordFailure: assign((_, r: LoginResult) => ({
      failure: r.code,
      excludedUntil:
        r.code === RT_CODES.excluded
          ? ((r.reply?.data as Partial<RtExcluded> | null | undefined)?.until ?? undefined)
          : undefined,
    })),
    clearCode: assign(({ context }) => ({ code: '', focusCode: context.focusCode + 1 })),
    leaveSecondFactor: assign({ code: '', errors: {}, failure: undefined }),
    askForCode: assign(({ context }) => ({
      code: '',
      failure: undefined,
      errors: {},
      focusCode: context.focusCode + 1,
    })),
    /** Keep the session; remember what the user asked to be remembered. */
    storeSession: ({ context: c }, r: LoginResult) => {
      const d = data(r);
      if (d.token) setSession(d.token, d.refreshToken);
      rememberAccount(c.remember ? { type: c.type, value: c.username.trim() } : undefined);
      void rememberPassword(c.rememberPassword ? c.password : undefined);
    },
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    phoneEnabled: input.phoneEnabled,
    type: input.phoneEnabled && (input.prefill ?? input.remembered)?.type === 'P' ? 'P' : 'E',
    username: input.prefill?.value ?? input.remembered?.value ?? '',
    password: input.remembered?.password ?? '',
    code: '',
    remember: !!input.remembered,
    rememberPassword: !!input.remembered?.password,
    errors: {},
    failure: undefined,
    excludedUntil: undefined,
    focusCode: 0,
  }),
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'field.change': { actions: 'edit' },
        'type.change': { guard: 'phoneEnabled', actions: 'setType' },
        'remember.toggle': { actions: 'toggleRemember' },
        'rememberPassword.toggle': { actions: 'toggleRememberPassword' },
        'form.submit': [
          { guard: 'credentialsValid', target: 'signingIn' },
          { actions: 'showCredentialErrors' },
        ],
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => payload(context),
        onDone: [
          {
            guard: { type: 'needsSecondFactor', params: doneOutput },
            target: 'secondFactor',
            actions: 'askForCode',
          },
          {
            guard: { type: 'signedIn', params: doneOutput },
            target: 'signedIn',
            actions: { type: 'storeSession', params: doneOutput },
          },
          { target: 'credentials', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    secondFactor: {
      on: {
        'field.change': { actions: 'edit' },
        'form.submit': [{ guard: 'codeValid', target: 'verifying' }, { actions: 'showCodeError' }],
        back: { target: 'credentials', actions: 'leaveSecondFactor' },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({
          ...payload(context),
          command: 'verification',
          authCode: context.code,
        }),
        onDone: [
          {
            guard: { type: 'signedIn', params: doneOutput },
            target: 'signedIn',
            actions: { type: 'storeSession', params: doneOutput },
          },
          {
            target: 'secondFactor',
            actions: [{ type: 'recordFailure', params: doneOutput }, 'clearCode'],
          },
        ],
      },
    },
    signedIn: { type: 'final', tags: ['done'], entry: 'announceSignedIn' },
  },
});

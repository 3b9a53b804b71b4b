/** Types of the sign-up machine (../registerMachine.ts): input, context, events, output. */
import type { CallResult } from '../../api/client.ts';
import type { AccountType, CodeType } from '../../api/types/trading.ts';
import type { CountdownReport } from '../countdownMachine.ts';

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
  /** 'sign_up_success' once registered. */
  notice: string | undefined;
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

export interface SendCodeInput {
  type: AccountType;
  account: string;
  codeType: CodeType;
  locale: string;
}
export type SendCodeResult = CallResult<'sendMail'> | CallResult<'sendPhone'>;
export type RegisterResult = CallResult<'register'>;

/** Pure helpers of the sign-up machine: reply and captcha readers, code requests, the context. */
import type { CodeType, RegisterPayload } from '../../api/types/trading.ts';
import {
  ACCOUNT_TAKEN_REPLIES,
  CAPTCHA_STALE_REPLIES,
  WRONG_CODE_REPLIES,
  codeKey,
  username,
} from '../validation/access.ts';
import type { RegisterContext, RegisterInput, SendCodeInput } from './types.ts';

export const usesCaptcha = (c: RegisterContext) => c.type === 'P' && c.phoneCaptcha;
export const replyCode = (event: unknown) => (event as { output: { code: number } }).output.code;

/** The captcha child's uuid, if one is shown. */
export const captchaUuid = (self: unknown): string | undefined => {
  const snap = (self as { getSnapshot(): { children?: Record<string, unknown> } }).getSnapshot();
  const child = snap?.children?.captcha as
    { getSnapshot(): { context?: { uuid?: string } } } | undefined;
  // A child with no context yet (or a stand-in, as the path replays use) has no uuid.
  return child?.getSnapshot().context?.uuid;
};

export const codeRequest = (c: RegisterContext, codeType: CodeType): SendCodeInput => ({
  type: c.type,
  account: username(c.type, c.account),
  codeType,
  locale: c.locale,
});

/** The register call's payload; with the captcha, the shown captcha's uuid (the child of `self`). */
export const registerPayload = (c: RegisterContext, self: unknown): RegisterPayload => ({
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
export const initialContext = (input: RegisterInput): RegisterContext => ({
  ...input,
  type: 'E',
  account: '',
  code: '',
  password: '',
  inviteCode: '',
  errors: {},
  failure: undefined,
  secondsLeft: 0,
  notice: undefined,
});

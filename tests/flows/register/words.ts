/**
 * The register machine in a person's words (paths.ts beside it,
 * screen src/ui/flows/register/register.tsx and the shared src/ui/forms/code-steps.tsx). In the
 * samples 111111 stands for the code just sent, RIGHT for the captcha's text
 * and VALID for ann's invite code.
 */
import {
  checkAccount,
  checkCaptcha,
  checkCode,
  checkNewPassword,
} from '../../../src/machines/validation/access.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  buttonLoading,
  codeOf,
  codeToast,
  fieldError as error,
  openSignedOut,
  press,
  toast,
  type,
  flagSteps,
} from '../../paths/words/common.ts';
import {
  accountLabel,
  bothAccounts,
  codeStep,
  countdownEnds,
} from '../../paths/words/access.screen.ts';

const captchaSite = (spec: string) => spec.includes('without SMS');
/**
 * The form as the path has left it (this step included when `e` is given); the
 * UI driver (ui.ts beside it) reads it too.
 */
export function form(c: StepCtx, e?: AnyEvent) {
  const f = { kind: 'E' as 'E' | 'P', account: '', code: '', password: '', invite: '' };
  for (const x of e ? [...c.history, e] : c.history) {
    if (x.type === 'type.change') [f.kind, f.account] = [x.value as 'E' | 'P', ''];
    else if (x.type === 'field.change') {
      const k = x.field === 'inviteCode' ? 'invite' : (x.field as 'account' | 'code' | 'password');
      f[k] = x.value as string;
    } else if (x.type === 'back') f.code = '';
  }
  return { ...f, captcha: f.kind === 'P' && captchaSite(c.spec) };
}
const codeLabel = (f: { captcha: boolean }) => (f.captcha ? 'register.captcha' : 'login.code');
const valueText = (w: W, v: string) =>
  v === '111111'
    ? w.say(
        'the code shown in the notice at the foot of the page',
        'ページ下部のお知らせに表示されたコード',
      )
    : v === 'RIGHT'
      ? w.say('the text in the image', '画像の文字')
      : v === 'VALID'
        ? w.say("ann's invite code", 'ann の招待コード')
        : v;
const other = (w: W, en: string, ja: string) =>
  w.say(`In a private window, ${en}`, `プライベートウィンドウで${ja}`);

export const registerWords: Words = {
  machine: 'register',
  title: (w) => w.t('nav.register'),
  open: (w) => openSignedOut(w, 'nav.register', '/register'),
  before: (w, spec) => {
    const flags: Array<[string, boolean]> = spec.includes('site options')
      ? [
          ['PHONE_REGISTER', false],
          ['sendRegisterCompleteMail', false],
          ['hideRegisterInviteCode', true],
        ]
      : captchaSite(spec)
        ? [
            ['PHONE_REGISTER', true],
            ['phoneCaptcha', true],
          ]
        : [
            ['PHONE_REGISTER', true],
            ['sendRegisterCompleteMail', true],
            ['phoneCaptcha', false],
          ];
    const accounts = [
      ...bothAccounts(w),
      w.say(
        `Note ann's invite code (${w.q('nav.user')}), then log out (${w.q('my.logout')})`,
        `ann の招待コード（マイページ）を控えてログアウト（${w.q('my.logout')}）`,
      ),
    ];
    // The phone user signs up by SMS code: a site without phone sign-up or without SMS gets
    // its flags after the two users are made (a tester follows the list in order).
    const smsSignUp =
      flags.some(([f, on]) => f === 'PHONE_REGISTER' && on) &&
      !flags.some(([f, on]) => f === 'phoneCaptcha' && on);
    return smsSignUp
      ? [...flagSteps(w, ...flags), ...accounts]
      : [
          ...flagSteps(w, ['PHONE_REGISTER', true], ['phoneCaptcha', false]),
          ...accounts,
          // Only what the first block did not already set.
          ...flagSteps(
            w,
            ...flags.filter(
              ([f, on]) => !(f === 'PHONE_REGISTER' && on) && !(f === 'phoneCaptcha' && !on),
            ),
          ),
        ];
  },
  events: {
    'type.change': (w, e) => press(w, e.value === 'P' ? 'login.phone' : 'login.email'),
    'field.change': (w, e, c) => {
      const f = form(c);
      const v = valueText(w, e.value as string);
      if (e.field === 'account') return type(w, v, accountLabel(f));
      if (e.field === 'code') return type(w, v, codeLabel(f));
      if (e.field === 'password') return type(w, v, 'login.password');
      return type(w, v, 'register.inviteCode');
    },
    'code.send': (w, e, c) =>
      press(w, form(c).kind === 'P' && captchaSite(c.spec) ? 'common.next' : 'register.getCode'),
    'form.submit': (w) => press(w, 'nav.register'),
    ...codeStep.events,
    'countdown.done': (w) => countdownEnds(w, RESEND_SECONDS),
  },
  actors: {
    sendCode: {
      done: (w, e) => {
        const code = codeOf(e);
        if (code === 1110)
          return other(
            w,
            'ask for a code for newbie@example.com a moment before',
            '直前に newbie@example.com のコードを要求しておく',
          );
        // The simulator says a taken address only at sign-up (ui.ts forces it here too): a
        // server may say it at once, and the console's reply is how a person sees that.
        if (code === 1004 || code === 1045)
          return w.fault(code === 1004 ? 'sendMail' : 'sendPhone', 'code', code);
        return '';
      },
    },
    resendCode: {
      done: (w, e) =>
        codeOf(e) === 1004
          ? `${other(w, 'register newbie@example.com first', '先に newbie@example.com を登録しておく')}${w.say('; ', '。')}${w.fault('sendMail', 'code', 1004)}`
          : '',
    },
    register: {
      done: (w, e) => {
        const code = codeOf(e);
        if (code === 1004)
          return other(
            w,
            'register newbie@example.com first',
            '先に newbie@example.com を登録しておく',
          );
        // Ten sign-ups within a minute is more than a person can type: the console answers it.
        if (code === 1042) return w.fault('register', 'code', 1042);
        // A code lives ten minutes (ui.ts moves the server's clock past them, as this does).
        if (code === 1111)
          return w.say(
            `Let the code expire (it lives 10 minutes): ${w.console('market', w.q('console.skip', { min: 60 }))}`,
            `コードを期限切れにする（有効期間10分）：${w.console('market', w.q('console.skip', { min: 60 }))}`,
          );
        if (code === 23555)
          return w.say(
            `Let the image expire: ${w.console('market', w.q('console.skip', { min: 3 }))}`,
            `画像を期限切れにする：${w.console('market', w.q('console.skip', { min: 3 }))}`,
          );
        return '';
      },
    },
    sendCompleteMail: { done: () => '' },
  },
  delays: {},
  states: {
    account: (w, e, c) => {
      const f = form(c, e);
      const code = codeOf(e);
      if (e.type === 'code.send') {
        const k = checkAccount(f.kind, f.account);
        return k ? error(w, accountLabel(f), k) : '';
      }
      if (code === 1004 || code === 1045 || code === 23558)
        return `${codeToast(w, code)}${w.say('; ', '。')}${error(w, accountLabel(f), `code.${code}`)}`;
      if (code) return codeToast(w, code);
      if (e.type === 'field.change')
        return w.say(
          'The field shows what was typed; no error',
          '入力した値が表示される。エラーなし',
        );
      return w.say(
        `Step 1: ${w.q(accountLabel(f))} and ${w.q(f.kind === 'P' && captchaSite(c.spec) ? 'common.next' : 'register.getCode')}`,
        `ステップ1：${w.q(accountLabel(f))}と${w.q(f.kind === 'P' && captchaSite(c.spec) ? 'common.next' : 'register.getCode')}`,
      );
    },
    sendingCode: (w, e, c) => buttonLoading(w, form(c, e).kind === 'P' ? 'sendPhone' : 'sendMail'),
    details: () => '',
    'details.form': () => '',
    'details.form.editing': (w, e, c) => {
      const f = form(c, e);
      const code = codeOf(e);
      if (e.type === 'form.submit') {
        const k = f.captcha ? checkCaptcha(f.code) : checkCode(f.code);
        const p = checkNewPassword(f.password);
        return [k && error(w, codeLabel(f), k), p && error(w, 'login.password', p)]
          .filter(Boolean)
          .join(w.say('; ', '。'));
      }
      if (e.type === 'xstate.done.actor.register' && code) {
        const field = code === 1107 ? 'register.inviteCode' : codeLabel(f);
        const beside = [1107, 1020, 1111, 23555, 23556].includes(code);
        return beside
          ? `${codeToast(w, code)}${w.say('; ', '。')}${error(w, field, `code.${code}`)}`
          : codeToast(w, code);
      }
      if (e.type === 'field.change')
        return w.say(
          'The field shows what was typed; no error',
          '入力した値が表示される。エラーなし',
        );
      // The image step sends nothing: it does not say where a code went.
      const sent = f.captcha ? '' : `${w.q('register.sentTo', { account: f.account })}, `;
      const sentJa = f.captcha ? '' : `${w.q('register.sentTo', { account: f.account })}、`;
      return w.say(
        `Step 2: ${sent}${w.q(codeLabel(f))}, ${w.q('login.password')}, ${w.q('nav.register')} and ${w.q('common.back')}`,
        `ステップ2：${sentJa}${w.q(codeLabel(f))}、${w.q('login.password')}、${w.q('nav.register')}と${w.q('common.back')}`,
      );
    },
    'details.form.submitting': (w) => buttonLoading(w, 'register'),
    'details.verify': () => '',
    'details.verify.captcha': (w, e) =>
      e.type === 'code.send'
        ? w.say(
            `an image with letters and ${w.q('register.refreshCaptcha')}`,
            `文字の画像と${w.q('register.refreshCaptcha')}`,
          )
        : '',
    'details.verify.counting': (w, e) =>
      e.type === 'xstate.done.actor.sendCode' || e.type === 'xstate.done.actor.resendCode'
        ? w.say(
            `${w.q('register.resendIn', { seconds: 60 })} counting down; the code shows in a notice at the foot of the page`,
            `${w.q('register.resendIn', { seconds: 60 })}のカウントダウン。ページ下部のお知らせにコード`,
          )
        : '',
    'details.verify.canResend': (w, e) =>
      e.type === 'countdown.done'
        ? w.say(`The link ${w.q('register.resend')}`, `リンク${w.q('register.resend')}`)
        : e.type === 'xstate.done.actor.resendCode'
          ? codeToast(w, codeOf(e) ?? 0)
          : '',
    'details.verify.resending': (w) => w.say('The code is being sent again', 'コードを再送中'),
    // The toast shows once the machine is done; nothing to see while the welcome mail goes.
    completing: () => '',
    done: (w) =>
      w.say(
        `${toast(w, w.t('sign_up_success'))}; the page ${w.q('nav.login')} opens with the address filled in`,
        `${toast(w, w.t('sign_up_success'))}。${w.q('nav.login')}ページがアドレス入力済みで開く`,
      ),
  },
  names: {
    account: ['Account step', 'アカウント入力'],
    sendingCode: ['Sending the code', 'コードを送信中'],
    details: ['Details step', '詳細入力'],
    'details.form': ['Sign-up form', '登録フォーム'],
    'details.form.editing': ['Filling in the form', 'フォーム入力中'],
    'details.form.submitting': ['Signing up', '登録中'],
    'details.verify': ['Resend countdown', '再送信のカウントダウン'],
    'details.verify.captcha': ['Image check to resend', '再送信の画像認証'],
    'details.verify.counting': ['Waiting to resend', '再送信まで待機'],
    'details.verify.canResend': ['Can resend the code', 'コードを再送信できる'],
    'details.verify.resending': ['Resending the code', 'コードを再送信中'],
    completing: ['Finishing sign-up', '登録を完了中'],
    done: ['Signed up', '登録完了'],
  },
  titles: {
    'account|code.send|2': (w) =>
      w.say('Ask for a code without a valid address', '有効なアドレスなしでコードを要求'),
    'account|type.change|0': (w) => w.say('Switch to the phone', '電話番号に切り替え'),
    ...codeStep.titles,
    'details.form.editing|form.submit|1': (w) =>
      w.say('Sign up with missing or bad fields', '入力不備で登録'),
    'details.form.submitting|xstate.done.actor.register|0': (w) =>
      w.say('Sign up with a welcome mail', 'ウェルカムメール付きで登録'),
    'details.form.submitting|xstate.done.actor.register|1': (w) => w.say('Sign up', '登録'),
    'details.form.submitting|xstate.done.actor.register|2': (w) =>
      w.say('Address taken meanwhile', '途中でアドレスが使用済みに'),
    'details.form.submitting|xstate.done.actor.register|3': (w) =>
      w.say('The image expired', '画像の期限切れ'),
    'details.form.submitting|xstate.done.actor.register|4': (w, e) =>
      w.say(
        `Sign-up refused: ${w.t(`code.${codeOf(e)}`)}`,
        `登録拒否：${w.t(`code.${codeOf(e)}`)}`,
      ),
    'details.verify.resending|xstate.done.actor.resendCode|1': (w) =>
      w.say('Resend refused: taken meanwhile', '再送拒否：途中で使用済み'),
  },
};

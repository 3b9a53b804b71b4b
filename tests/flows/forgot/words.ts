/**
 * The forgot machine in a person's words (tests/flows/forgot/paths.ts,
 * screens src/ui/flows/forgot/forgot.tsx and src/ui/forms/code-steps.tsx).
 * In the samples 111111 stands for the reset code just sent.
 */
import {
  checkAccount,
  checkCode,
  checkNewPassword,
  codeInput,
} from '../../../src/machines/validation/access.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  logOut,
  buttonLoading,
  codeOf,
  codeToast,
  fieldError as error,
  flagSteps,
  press,
  toast,
  type,
} from '../../paths/words/common.ts';
import {
  accountLabel,
  bothAccounts,
  codeStep,
  EMAIL,
  sep,
  countdownEnds,
} from '../../paths/words/access.screen.ts';

/** The form as the path has left it (this step included). */
function form(c: StepCtx, e: AnyEvent) {
  const f = { kind: 'E' as 'E' | 'P', account: '', code: '', password: '' };
  for (const x of [...c.history, e]) {
    if (x.type === 'type.change') [f.kind, f.account] = [x.value as 'E' | 'P', ''];
    else if (x.type === 'field.change') {
      const k = x.field as 'account' | 'code' | 'password';
      f[k] = k === 'code' ? codeInput(f.code, x.value as string) : (x.value as string);
    } else if (x.type === 'back') f.code = '';
    // A refusal that concerns the account sends the person back to step 1 with the code cleared.
    else if (x.type === 'xstate.done.actor.forgot' && [1002, 1044].includes(codeOf(x) ?? 0))
      f.code = '';
  }
  return f;
}
const sendCall = (f: { kind: 'E' | 'P' }) => (f.kind === 'P' ? 'sendPhone' : 'sendMail');
/** 111111 stands for the code the simulator just sent (shown in a notice at the foot of the page). */
const typeValue = (w: W, v: string, label: string) =>
  v === '111111'
    ? w.say(
        `Type the code shown in a notice at the foot of the page in ${w.q(label)}`,
        `ページ下部のお知らせに表示されたコードを${w.q(label)}に入力`,
      )
    : type(w, v, label);
const typed = (w: W) =>
  w.say('The field shows what was typed; no error', '入力した値が表示される。エラーなし');

export const forgotWords: Words = {
  machine: 'forgot',
  title: (w) => w.t('nav.forgot'),
  open: (w) =>
    w.say(
      `Open ${w.q('nav.login')} (address /login) and press ${w.q('login.forgot')} (address /forgot)`,
      `${w.q('nav.login')}（アドレス /login）を開き、${w.q('login.forgot')}を押す（アドレス /forgot）`,
    ),
  before: (w) => [...flagSteps(w, ['PHONE_REGISTER', true]), ...bothAccounts(w), logOut(w)],
  events: {
    'type.change': (w, e) => press(w, e.value === 'P' ? 'login.phone' : 'login.email'),
    'field.change': (w, e, c) => {
      const v = e.value as string;
      if (e.field === 'account') return typeValue(w, v, accountLabel(form(c, e)));
      return typeValue(w, v, e.field === 'code' ? 'login.code' : 'forgot.newPassword');
    },
    'code.send': (w) => press(w, 'register.getCode'),
    'form.submit': (w) => press(w, 'forgot.submit'),
    ...codeStep.events,
    'countdown.done': (w) => countdownEnds(w, RESEND_SECONDS),
  },
  actors: {
    sendCode: {
      done: (w, e, c) => {
        const code = codeOf(e);
        if (code === 1110)
          return w.say(
            `Less than ${RESEND_SECONDS} s before, ask for a reset code for ${EMAIL} in another tab`,
            `${RESEND_SECONDS}秒以内に別のタブで ${EMAIL} のリセットコードを要求しておく`,
          );
        // The blocked account: the console has no block, but it can force the answer.
        return code === 1044 ? w.fault(sendCall(form(c, e)), 'code', 1044) : '';
      },
    },
    resendCode: {
      done: (w, e, c) => (codeOf(e) === 1044 ? w.fault(sendCall(form(c, e)), 'code', 1044) : ''),
    },
    forgot: {
      done: (w, e) => {
        const code = codeOf(e);
        if (code === 1044) return w.fault('forgot', 'code', 1044);
        if (code === 1111)
          return w.say(
            `Before this, burn the code: type 000001 and press ${w.q('forgot.submit')} five times (each refused), then type the right code again`,
            `事前にコードを無効にする：000001 を入力して${w.q('forgot.submit')}を5回押し（毎回拒否）、正しいコードを入力し直す`,
          );
        return '';
      },
    },
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
      if (code && [1002, 1044, 1016, 23558].includes(code))
        return `${codeToast(w, code)}${sep(w)}${error(w, accountLabel(f), `code.${code}`)}`;
      if (code) return codeToast(w, code);
      if (e.type === 'field.change') return typed(w);
      if (e.type === 'type.change')
        return w.say(`An empty ${w.q(accountLabel(f))}`, `空の${w.q(accountLabel(f))}`);
      if (e.type === 'back')
        return w.say(
          `Step 1 again, with ${w.q(accountLabel(f))} “${f.account}”`,
          `ステップ1に戻り、${w.q(accountLabel(f))}は「${f.account}」`,
        );
      return w.say(
        `${w.q('nav.forgot')}: ${w.q('login.email')} / ${w.q('login.phone')}, ${w.q(accountLabel(f))} and ${w.q('register.getCode')}`,
        `${w.q('nav.forgot')}：${w.q('login.email')} / ${w.q('login.phone')}、${w.q(accountLabel(f))}と${w.q('register.getCode')}`,
      );
    },
    sendingCode: (w, e, c) => buttonLoading(w, sendCall(form(c, e))),
    details: () => '',
    'details.form': () => '',
    'details.form.editing': (w, e, c) => {
      const f = form(c, e);
      const code = codeOf(e);
      if (e.type === 'form.submit') {
        const k = checkCode(f.code);
        const p = checkNewPassword(f.password);
        return [k && error(w, 'login.code', k), p && error(w, 'forgot.newPassword', p)]
          .filter(Boolean)
          .join(sep(w));
      }
      if (e.type === 'xstate.done.actor.forgot' && code)
        return [1020, 1111].includes(code)
          ? `${codeToast(w, code)}${sep(w)}${error(w, 'login.code', `code.${code}`)}`
          : codeToast(w, code);
      if (e.type === 'field.change')
        return e.field === 'code' && f.code !== String(e.value).replace(/\D/g, '')
          ? w.say(
              `${w.q('login.code')} keeps “${f.code}” (more than 6 digits are refused)`,
              `${w.q('login.code')}は「${f.code}」のまま（7桁以上は受け付けない）`,
            )
          : typed(w);
      // Step 2 is described once, when it opens; the countdown's own steps say the rest.
      if (e.type !== 'xstate.done.actor.sendCode') return '';
      return w.say(
        `Step 2: ${w.q('register.sentTo', { account: f.account })}, ${w.q('login.code')}, ${w.q('forgot.newPassword')}, ${w.q('forgot.submit')} and ${w.q('common.back')}`,
        `ステップ2：${w.q('register.sentTo', { account: f.account })}、${w.q('login.code')}、${w.q('forgot.newPassword')}、${w.q('forgot.submit')}と${w.q('common.back')}`,
      );
    },
    'details.form.submitting': (w) => buttonLoading(w, 'forgot'),
    'details.verify': () => '',
    'details.verify.counting': (w, e) =>
      e.type === 'xstate.done.actor.sendCode' || e.type === 'xstate.done.actor.resendCode'
        ? w.say(
            `${w.q('register.resendIn', { seconds: RESEND_SECONDS })} counting down; the code shows in a notice at the foot of the page`,
            `${w.q('register.resendIn', { seconds: RESEND_SECONDS })}のカウントダウン。ページ下部のお知らせにコード`,
          )
        : '',
    'details.verify.canResend': (w, e) =>
      e.type === 'countdown.done'
        ? w.say(`The link ${w.q('register.resend')}`, `リンク${w.q('register.resend')}`)
        : e.type === 'xstate.done.actor.resendCode'
          ? `${codeToast(w, codeOf(e) ?? 0)}${sep(w)}${w.say(`the link ${w.q('register.resend')} again`, `リンク${w.q('register.resend')}が再び表示`)}`
          : '',
    'details.verify.resending': (w) =>
      w.say(
        `${w.q('register.resendIn', { seconds: 0 })} while the code is sent again`,
        `再送中は${w.q('register.resendIn', { seconds: 0 })}`,
      ),
    done: (w) =>
      w.say(
        `${toast(w, w.t('tips.update_success'))}; the page ${w.q('nav.login')} opens; the new password signs in, the old one does not`,
        `${toast(w, w.t('tips.update_success'))}。${w.q('nav.login')}ページが開く。新しいパスワードでログインでき、古いものではできない`,
      ),
  },
  names: {
    account: ['Account step', 'アカウント入力'],
    sendingCode: ['Sending the code', 'コードを送信中'],
    details: ['New password step', '新しいパスワード入力'],
    'details.form': ['Reset form', 'リセットフォーム'],
    'details.form.editing': ['Filling in the form', 'フォーム入力中'],
    'details.form.submitting': ['Resetting', 'リセット中'],
    'details.verify': ['Resend countdown', '再送信のカウントダウン'],
    'details.verify.counting': ['Waiting to resend', '再送信まで待機'],
    'details.verify.canResend': ['Can resend the code', 'コードを再送信できる'],
    'details.verify.resending': ['Resending the code', 'コードを再送信中'],
    done: ['Password reset', 'パスワード再設定済み'],
  },
  titles: {
    'account|code.send|1': (w) =>
      w.say('Ask for a code without a valid address', '有効なアドレスなしでコードを要求'),
    'account|type.change|0': (w) => w.say('Reset by phone', '電話番号でリセット'),
    ...codeStep.titles,
    'details.form.editing|form.submit|1': (w) =>
      w.say(
        'Reset with a missing or bad code or password',
        'コードまたはパスワードの不備でリセット',
      ),
    'details.form.submitting|xstate.done.actor.forgot|0': (w) =>
      w.say('Reset the password', 'パスワードをリセット'),
    'details.form.submitting|xstate.done.actor.forgot|1': (w) =>
      w.say('Account blocked while the form is open', 'フォーム入力中にアカウントがブロックされる'),
    'details.form.submitting|xstate.done.actor.forgot|2': (w, e) =>
      w.say(
        `Reset refused: ${w.t(`code.${codeOf(e)}`)}`,
        `リセット拒否：${w.t(`code.${codeOf(e)}`)}`,
      ),
    'details.verify.resending|xstate.done.actor.resendCode|1': (w) =>
      w.say('Resend refused: account blocked', '再送拒否：アカウントがブロック済み'),
  },
};

/**
 * The password machine in a person's words (tests/flows/password/paths.ts,
 * screen src/ui/flows/password/change.tsx).
 */
import { checkPasswordLength, checkRepeat } from '../../../src/machines/validation/account.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  buttonLoading,
  codeOf,
  codeToast,
  press,
  signIn,
  toast,
  type,
} from '../../paths/words/common.ts';

const LABEL = {
  old: 'changePassword.old',
  password: 'changePassword.new',
  repeat: 'changePassword.repeat',
};
function form(c: StepCtx, e: AnyEvent) {
  const f = { old: '', password: '', repeat: '' };
  for (const x of [...c.history, e])
    if (x.type === 'field.change') f[x.field as keyof typeof f] = x.value as string;
  return f;
}
const error = (w: W, field: string, key: string) =>
  w.say(`under ${w.q(field)} the error ${w.q(key)}`, `${w.q(field)}の下にエラー${w.q(key)}`);

export const passwordWords: Words = {
  machine: 'password',
  title: (w) => w.t('profile.changePassword'),
  open: (w) =>
    w.say(
      `Open ${w.q('my.account')} ▸ ${w.q('profile.changePassword')} (address /user/changePassword)`,
      `${w.q('my.account')} ▸ ${w.q('profile.changePassword')}を開く（アドレス /user/changePassword）`,
    ),
  before: (w) => [signIn(w, 'pat@example.com', 'secret123')],
  events: {
    'field.change': (w, e) => type(w, e.value, LABEL[e.field as keyof typeof LABEL]),
    'form.submit': (w) => press(w, 'changePassword.submit'),
  },
  actors: { submitPassword: { done: () => '' } },
  delays: {},
  states: {
    editing: (w, e, c) => {
      const f = form(c, e);
      if (e.type === 'xstate.done.actor.submitPassword') return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'form.submit')
        return [
          checkPasswordLength(f.old) && error(w, LABEL.old, 'password_limit'),
          checkPasswordLength(f.password) && error(w, LABEL.password, 'password_limit'),
          checkRepeat(f.password, f.repeat) && error(w, LABEL.repeat, 'confirmPsdTip'),
        ]
          .filter(Boolean)
          .join(w.say('; ', '。'));
      if (e.type === 'field.change')
        return w.say(
          'The field shows what was typed (hidden); no error',
          '入力した値（伏せ字）が表示される。エラーなし',
        );
      return w.say(
        `${w.q(LABEL.old)}, ${w.q(LABEL.password)}, ${w.q(LABEL.repeat)}, ${w.q('changePassword.signInAgain')} and ${w.q('changePassword.submit')}`,
        `${w.q(LABEL.old)}、${w.q(LABEL.password)}、${w.q(LABEL.repeat)}、${w.q('changePassword.signInAgain')}と${w.q('changePassword.submit')}`,
      );
    },
    submitting: (w) => buttonLoading(w, 'passwordSubmit'),
    done: (w) =>
      w.say(
        `${toast(w, w.t('tips.update_success'))}; the page ${w.q('nav.login')} opens (signed out); the new password signs in, the old one does not`,
        `${toast(w, w.t('tips.update_success'))}。${w.q('nav.login')}ページが開く（ログアウト済み）。新しいパスワードでログインでき、古いものではできない`,
      ),
  },
  names: {
    editing: ['Password form', 'パスワードフォーム'],
    submitting: ['Saving the password', 'パスワードを保存中'],
    done: ['Password changed', 'パスワード変更済み'],
  },
  titles: {
    'editing|form.submit|1': (w) => w.say('Save with missing or bad fields', '入力不備で保存'),
    'submitting|xstate.done.actor.submitPassword|0': (w) =>
      w.say('Change the password', 'パスワードを変更'),
    'submitting|xstate.done.actor.submitPassword|1': (w) =>
      w.say('Wrong old password', '旧パスワードの誤り'),
  },
};

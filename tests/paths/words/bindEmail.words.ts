/**
 * The bindEmail machine in a person's words (tests/paths/specs/bindEmail.paths.ts,
 * screen src/ui/screens/user/bind-email.tsx).
 */
import { checkBindEmail } from '../../../src/machines/validation/account.ts';
import type { AnyEvent, StepCtx, W, Words } from '../plan/words.ts';
import { codeOf, codeToast, signIn, toast, type, flagSteps } from './common.ts';

/** The typed address and the bound one, as the path has left them. */
function form(c: StepCtx, e: AnyEvent) {
  let email = '';
  let current = '';
  for (const x of [...c.history, e]) {
    if (x.type === 'field.change') email = x.value as string;
    if (x.type === 'xstate.done.actor.submitEmail' && codeOf(x) === 0) current = email;
  }
  return { email, current };
}
const shows = (w: W, current: string) =>
  w.say(
    `${w.q('bindEmail.current')} ${current ? `“${current}”` : w.q('bindEmail.none')}`,
    `${w.q('bindEmail.current')} ${current ? `「${current}」` : w.q('bindEmail.none')}`,
  );

export const bindEmailWords: Words = {
  machine: 'bindEmail',
  title: (w) => w.t('profile.bindEmail'),
  open: (w) =>
    w.say(
      `Open ${w.q('my.account')} ▸ ${w.q('profile.bindEmail')} (address /user/bindEmail)`,
      `${w.q('my.account')} ▸ ${w.q('profile.bindEmail')}を開く（アドレス /user/bindEmail）`,
    ),
  before: (w, spec) => [
    signIn(w, 'taken@example.com', 'secret123'),
    signIn(
      w,
      spec.includes('e-mail user')
        ? 'mail@example.com'
        : w.say('with the phone +1 4155552671', '電話番号 +1 4155552671'),
      'secret123',
    ),
    ...(spec.includes('binding off') ? flagSteps(w, ['user/bindEmail', false]) : []),
  ],
  events: {
    'field.change': (w, e) => type(w, e.value, 'login.email'),
    'form.submit': (w) =>
      w.say(`Press ${w.q('bindEmail.submit')}`, `${w.q('bindEmail.submit')}を押す`),
    'info.reload': (w) => w.say(`Press ${w.q('common.retry')}`, `${w.q('common.retry')}を押す`),
  },
  actors: {
    loadUser: {
      done: (w, e) => (codeOf(e) === 1012 ? w.fault('userInfo', 'code', 1012) : ''),
    },
    submitEmail: { done: () => '' },
  },
  delays: {},
  states: {
    loading: (w) => w.say('A loading placeholder', '読み込み中の表示'),
    failed: (w) =>
      w.say(
        `${w.q('profile.loadFailed')} with ${w.q('common.retry')}; ${codeToast(w, 1012)}`,
        `${w.q('profile.loadFailed')}と${w.q('common.retry')}。${codeToast(w, 1012)}`,
      ),
    editing: (w, e, c) => {
      const f = form(c, e);
      if (e.type === 'xstate.done.actor.submitEmail')
        return codeOf(e)
          ? codeToast(w, codeOf(e) ?? 0)
          : `${toast(w, w.t('tips.update_success'))}${w.say('; ', '。')}${shows(w, f.current)}`;
      if (e.type === 'form.submit') {
        const k = checkBindEmail(f.email);
        return k
          ? w.say(
              `under ${w.q('login.email')} the error ${w.q(k)}`,
              `${w.q('login.email')}の下にエラー${w.q(k)}`,
            )
          : '';
      }
      if (e.type === 'field.change')
        return f.email === f.current
          ? w.say(
              `${w.q('bindEmail.submit')} is disabled (the same address)`,
              `${w.q('bindEmail.submit')}は無効（同じアドレス）`,
            )
          : w.say('The field shows what was typed; no error', '入力した値が表示される。エラーなし');
      return w.say(
        `${shows(w, f.current)}, ${w.q('bindEmail.hint')}, ${w.q('login.email')} and ${w.q('bindEmail.submit')}`,
        `${shows(w, f.current)}、${w.q('bindEmail.hint')}、${w.q('login.email')}と${w.q('bindEmail.submit')}`,
      );
    },
    submitting: (w) =>
      w.say(`The button shows ${w.q('common.loading')}`, `ボタンが${w.q('common.loading')}になる`),
    sentAway: (w) =>
      w.say(
        `The page leaves for ${w.q('nav.user')} (/user)`,
        `${w.q('nav.user')}（/user）に移動する`,
      ),
  },
  titles: {
    'loading|xstate.done.actor.loadUser|1': (w) =>
      w.say('Nothing to bind: sent away', '紐付け不可：移動する'),
    'loading|xstate.done.actor.loadUser|2': (w) =>
      w.say('Account details cannot be read, then Retry', 'アカウント情報の取得失敗と再試行'),
    'editing|form.submit|1': (w) => w.say('Bind an invalid address', '不正なアドレスで紐付け'),
    'submitting|xstate.done.actor.submitEmail|0': (w) => w.say('Bind an e-mail', 'メールを紐付け'),
    'submitting|xstate.done.actor.submitEmail|1': (w, e) =>
      w.say(`Refused: ${w.t(`code.${codeOf(e)}`)}`, `拒否：${w.t(`code.${codeOf(e)}`)}`),
  },
};

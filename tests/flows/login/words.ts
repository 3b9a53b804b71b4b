/**
 * The login machine in a person's words (paths.ts beside it,
 * screen src/ui/flows/login/login.tsx). 111111 in the samples stands for
 * the code the simulator just sent (shown in a notice at the foot of the page).
 */
import {
  checkCode,
  checkLoginPassword,
  checkLoginUsername,
} from '../../../src/machines/validation/access.ts';
import {
  atStart,
  type AnyEvent,
  type StepCtx,
  type W,
  type Words,
} from '../../paths/plan/words.ts';
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
import { bothAccounts, EMAIL, PHONE } from '../../paths/words/access.screen.ts';

const RIGHT_CODE = '111111';

/** The form as the path has left it (the UI driver, ui.ts beside it, reads it too). */
export function form(c: StepCtx, e?: AnyEvent) {
  let kind: 'E' | 'P' = 'E';
  let username = '';
  let password = '';
  let code = '';
  let second = false;
  for (const x of e ? [...c.history, e] : c.history) {
    if (x.type === 'type.change') [kind, username] = [x.value as 'E' | 'P', ''];
    else if (x.type === 'field.change' && x.field === 'username') username = x.value as string;
    else if (x.type === 'field.change' && x.field === 'password') password = x.value as string;
    else if (x.type === 'field.change' && x.field === 'code') code = x.value as string;
    else if (x.type === 'xstate.done.actor.signIn')
      second = (x.output as { data?: { qrcodeStatus?: number } }).data?.qrcodeStatus === 0;
    else if (x.type === 'back') second = false;
    else if (x.type === 'xstate.done.actor.verify' && codeOf(x) !== 0) code = '';
    if (x.type === 'back' || x.type === 'xstate.done.actor.signIn') code = '';
  }
  return { kind, username, password, code, second };
}
export const account = (f: ReturnType<typeof form>) => f.username === EMAIL || f.username === PHONE;
const codeText = (w: W, v: string) =>
  v === RIGHT_CODE
    ? w.say(
        'the code shown in the notice at the foot of the page',
        'ページ下部のお知らせに表示されたコード',
      )
    : v;

export const loginWords: Words = {
  machine: 'login',
  title: (w) => w.t('nav.login'),
  open: (w) => openSignedOut(w, 'nav.login', '/login'),
  before: (w) => [
    ...flagSteps(w, ['PHONE_REGISTER', true]),
    ...bothAccounts(w),
    w.say(
      `Log out (${w.q('my.logout')}) and stay signed out`,
      `ログアウト（${w.q('my.logout')}）したままにする`,
    ),
  ],
  events: {
    'field.change': (w, e, c) => {
      const f = form(c);
      if (e.field === 'code') return type(w, codeText(w, e.value as string), 'login.code');
      if (e.field === 'password') return type(w, e.value, 'login.password');
      return type(w, e.value, f.kind === 'P' ? 'login.phone' : 'login.email');
    },
    'type.change': (w, e) => press(w, e.value === 'P' ? 'login.phone' : 'login.email'),
    'remember.toggle': (w) => press(w, 'login.remember'),
    'rememberPassword.toggle': (w) => press(w, 'login.rememberPassword'),
    'form.submit': (w, e, c) => press(w, form(c).second ? 'login.verify' : 'nav.login'),
    back: (w) => press(w, 'common.back'),
  },
  actors: {
    signIn: {
      done: (w, e, c) => {
        const f = form(c);
        // The console's Account pane acts on the signed-in user: set it before signing out,
        // before the path's first step (signing out empties the form the steps fill in).
        if ((e.output as { data?: { qrcodeStatus?: number } }).data?.qrcodeStatus === 0)
          return atStart(
            w.say(
              `sign in as ${f.kind === 'P' ? PHONE : EMAIL}; ${w.console('account', w.q('console.twoFactor'))}; log out and come back to ${w.q('nav.login')}`,
              `${f.kind === 'P' ? PHONE : EMAIL} でログインし、${w.console('account', w.q('console.twoFactor'))}。ログアウトして${w.q('nav.login')}に戻る`,
            ),
          );
        if (codeOf(e) === 1108 && account(f) && f.password === 'secret123')
          return w.fault('login', 'code', 1108);
        return '';
      },
    },
    verify: {
      done: (w, e, c) =>
        codeOf(e) === 1020 && form(c).code === RIGHT_CODE ? w.fault('login', 'code', 1020) : '',
    },
  },
  delays: {},
  states: {
    credentials: (w, e, c) => {
      const f = form(c, e);
      if (e.type === 'xstate.done.actor.signIn') return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'form.submit') {
        const field = f.kind === 'P' ? 'login.phone' : 'login.email';
        const u = checkLoginUsername(f.kind, f.username);
        const p = checkLoginPassword(f.password);
        return [u && error(w, field, u), p && error(w, 'login.password', p)]
          .filter(Boolean)
          .join(w.say('; ', '。'));
      }
      if (e.type === 'field.change')
        return w.say(
          'The field shows what was typed; no error',
          '入力した値が表示される。エラーなし',
        );
      return w.say(
        `The form ${w.q('nav.login')} with ${w.q(f.kind === 'P' ? 'login.phone' : 'login.email')} and ${w.q('login.password')}; no error`,
        `フォーム${w.q('nav.login')}、${w.q(f.kind === 'P' ? 'login.phone' : 'login.email')}と${w.q('login.password')}。エラーなし`,
      );
    },
    signingIn: (w) => buttonLoading(w, 'login'),
    secondFactor: (w, e, c) => {
      const f = form(c, e);
      if (e.type === 'xstate.done.actor.verify')
        return `${codeToast(w, 1020)}${w.say('; the code field is empty', '。コード欄は空')}`;
      if (e.type === 'form.submit') {
        const k = checkCode(f.code);
        return k ? error(w, 'login.code', k) : '';
      }
      if (e.type === 'field.change')
        return w.say(
          'The code field shows the digits; no error',
          'コード欄に数字が表示される。エラーなし',
        );
      return w.say(
        `${w.q('login.secondFactorHint')} with ${w.q('login.code')}, ${w.q('login.verify')} and ${w.q('common.back')}; a new code shows in a notice at the foot of the page`,
        `${w.q('login.secondFactorHint')}、${w.q('login.code')}、${w.q('login.verify')}と${w.q('common.back')}。ページ下部のお知らせに新しいコード`,
      );
    },
    verifying: (w) => buttonLoading(w, 'login'),
    signedIn: (w) =>
      w.say(
        `${toast(w, w.t('login_success'))}; the home page opens`,
        `${toast(w, w.t('login_success'))}。ホーム画面が開く`,
      ),
  },
  names: {
    credentials: ['Sign-in form', 'ログインフォーム'],
    signingIn: ['Signing in', 'ログイン中'],
    secondFactor: ['Code asked for', '認証コード入力'],
    verifying: ['Checking the code', 'コード確認中'],
    signedIn: ['Signed in', 'ログイン済み'],
  },
  titles: {
    'credentials|form.submit|1': (w) =>
      w.say('Sign in with missing or bad fields', '入力不備でログイン'),
    'credentials|remember.toggle|0': (w) =>
      w.say(`Tick ${w.q('login.remember')}`, `${w.q('login.remember')}にチェック`),
    'credentials|rememberPassword.toggle|0': (w) =>
      w.say(`Tick ${w.q('login.rememberPassword')}`, `${w.q('login.rememberPassword')}にチェック`),
    'credentials|type.change|0': (w, e) =>
      w.say(
        `Switch to ${w.t(e.value === 'P' ? 'login.phone' : 'login.email')}`,
        `${w.t(e.value === 'P' ? 'login.phone' : 'login.email')}に切り替え`,
      ),
    'signingIn|xstate.done.actor.signIn|0': (w) =>
      w.say('Sign in with a second factor', '二段階認証でログイン'),
    'signingIn|xstate.done.actor.signIn|1': (w) => w.say('Sign in', 'ログイン'),
    'signingIn|xstate.done.actor.signIn|2': (w) =>
      w.say(
        'Sign in refused: wrong account or password',
        'ログイン拒否：アカウントかパスワードの誤り',
      ),
    'secondFactor|back|0': (w) =>
      w.say('Leave the second factor with Back', '二段階認証を「戻る」で離れる'),
    'secondFactor|form.submit|1': (w) =>
      w.say('Verify a malformed code', '不正な形式のコードで認証'),
    'verifying|xstate.done.actor.verify|1': (w) =>
      w.say('Wrong second-factor code', '二段階認証コードの誤り'),
  },
};

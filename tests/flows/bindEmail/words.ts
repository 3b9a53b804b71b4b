/**
 * The bindEmail machine in a person's words (tests/flows/bindEmail/paths.ts,
 * screens src/ui/flows/bindEmail/bind.tsx and code.tsx). In the
 * samples 111111 stands for the code just mailed to the address.
 */
import { checkBindEmail } from '../../../src/machines/validation/account.ts';
import { checkCode, codeInput } from '../../../src/machines/validation/access.ts';
import { RESEND_SECONDS } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import { countdownEnds } from '../../paths/words/access.screen.ts';
import {
  logOut,
  buttonLoading,
  codeOf,
  codeToast,
  fieldError,
  press,
  signIn,
  toast,
  type,
  flagSteps,
} from '../../paths/words/common.ts';

interface Info {
  email?: string;
  emailPending?: boolean;
}
const infoOf = (x: AnyEvent) => (x.output as { data?: Info | null } | undefined)?.data;

/** The form as the path has left it (this step included). */
function form(c: StepCtx, e: AnyEvent) {
  const f = { email: '', current: '', pending: false, code: '' };
  for (const x of [...c.history, e]) {
    const info = infoOf(x);
    if (x.type === 'field.change' && x.field === 'email') f.email = x.value as string;
    else if (x.type === 'field.change') f.code = codeInput(f.code, x.value as string);
    else if (/^xstate\.done\.actor\.(loadUser|checkUser)$/.test(x.type) && info) {
      f.current = info.email ?? '';
      f.pending = info.emailPending === true;
      f.email = f.current;
      f.code = '';
    } else if (x.type === 'xstate.done.actor.confirmCode' && codeOf(x) === 0) {
      f.pending = false;
      f.code = '';
    } else if (x.type === 'back') [f.email, f.code] = [f.current, ''];
  }
  return f;
}
const sep = (w: W) => w.say('; ', '。');
const shows = (w: W, f: { current: string; pending: boolean }) =>
  w.say(
    `${w.q('bindEmail.current')} ${f.current ? `“${f.current}”` : w.q('bindEmail.none')}${f.pending ? ` with ${w.q('bindEmail.pending')} and the button ${w.q('bindEmail.enterCode')}` : ''}`,
    `${w.q('bindEmail.current')} ${f.current ? `「${f.current}」` : w.q('bindEmail.none')}${f.pending ? `、${w.q('bindEmail.pending')}とボタン${w.q('bindEmail.enterCode')}` : ''}`,
  );
/** The code step as it opens. */
const codeStep = (w: W, email: string, counting: boolean) => {
  const resend = counting
    ? w.q('register.resendIn', { seconds: RESEND_SECONDS })
    : w.say(`the link ${w.q('register.resend')}`, `リンク${w.q('register.resend')}`);
  return w.say(
    `The code step: ${w.q('bindEmail.codeSent', { email })}, ${w.q('login.code')}, ${resend}, ${w.q('bindEmail.confirm')} and ${w.q('bindEmail.changeAddress')}`,
    `コード入力画面：${w.q('bindEmail.codeSent', { email })}、${w.q('login.code')}、${resend}、${w.q('bindEmail.confirm')}と${w.q('bindEmail.changeAddress')}`,
  );
};
const typed = (w: W) =>
  w.say('The field shows what was typed; no error', '入力した値が表示される。エラーなし');
/** Is the person on the code step at this event (before it)? */
const onCodeStep = (c: StepCtx) => {
  let on = false;
  for (const x of c.history) {
    if (x.type === 'code.enter') on = true;
    else if (x.type === 'xstate.done.actor.checkUser') on = infoOf(x)?.emailPending === true;
    else if (x.type === 'back' || x.type === 'xstate.done.actor.loadUser') on = false;
    else if (x.type === 'xstate.done.actor.confirmCode' && [0, 1045].includes(codeOf(x) ?? 0))
      on = false;
  }
  return on;
};

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
    logOut(w),
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
    'field.change': (w, e) => {
      if (e.field === 'email') return type(w, e.value, 'login.email');
      return e.value === '111111'
        ? w.say(
            `Type the code shown in the notice at the foot of the page in ${w.q('login.code')}`,
            `ページ下部のお知らせに表示されたコードを${w.q('login.code')}に入力`,
          )
        : type(w, e.value, 'login.code');
    },
    'form.submit': (w, _e, c) => press(w, onCodeStep(c) ? 'bindEmail.confirm' : 'bindEmail.submit'),
    'info.reload': (w) => press(w, 'common.retry'),
    'code.enter': (w) => press(w, 'bindEmail.enterCode'),
    'code.resend': (w) => press(w, 'register.resend'),
    back: (w) => press(w, 'bindEmail.changeAddress'),
    'countdown.tick': (w) => w.say('Wait one second', '1秒待つ'),
    'countdown.done': (w) => countdownEnds(w, RESEND_SECONDS),
  },
  actors: {
    loadUser: {
      done: (w, e) => (codeOf(e) === 1012 ? w.fault('userInfo', 'code', 1012) : ''),
    },
    checkUser: {
      done: (w, e) => (codeOf(e) === 1012 ? w.fault('userInfo', 'code', 1012) : ''),
    },
    submitEmail: { done: () => '' },
    confirmCode: {
      done: (w, e) => {
        const code = codeOf(e);
        if (code === 1111)
          return w.say(
            `Before pressing, let the code expire (10 minutes): ${w.q('console.tab_market')} ▸ ${w.q('console.skip', { min: 60 })} in the console`,
            `押す前にコードを失効させる（10分）：コンソールの${w.q('console.tab_market')} ▸ ${w.q('console.skip', { min: 60 })}`,
          );
        if (code === 1045)
          return w.say(
            `Before pressing, in a private window register a new account with new@example.com (someone else takes the address)`,
            `押す前に、プライベートウィンドウで new@example.com の新しいアカウントを登録する（他人がアドレスを取得）`,
          );
        return '';
      },
    },
    resendCode: {
      done: (w, e) =>
        codeOf(e) === 1110
          ? w.say(
              `Less than ${RESEND_SECONDS} s before, in another tab open ${w.q('profile.bindEmail')} ▸ ${w.q('bindEmail.enterCode')} ▸ ${w.q('register.resend')}`,
              `${RESEND_SECONDS}秒以内に別のタブで${w.q('profile.bindEmail')} ▸ ${w.q('bindEmail.enterCode')} ▸ ${w.q('register.resend')}を押しておく`,
            )
          : '',
    },
  },
  delays: {},
  states: {
    loading: (w, e) => {
      const placeholder = w.transient(
        w.say('A loading placeholder', '読み込み中の表示'),
        'userInfo',
      );
      // The binding was dropped: the account is read again.
      return e.type === 'xstate.done.actor.confirmCode'
        ? `${codeToast(w, codeOf(e) ?? 0)}${sep(w)}${placeholder}`
        : placeholder;
    },
    failed: (w) =>
      w.say(
        `${w.q('profile.loadFailed')} with ${w.q('common.retry')}; ${codeToast(w, 1012)}`,
        `${w.q('profile.loadFailed')}と${w.q('common.retry')}。${codeToast(w, 1012)}`,
      ),
    editing: (w, e, c) => {
      const f = form(c, e);
      const code = codeOf(e);
      if (e.type === 'xstate.done.actor.submitEmail') return codeToast(w, code ?? 0);
      if (e.type === 'xstate.done.actor.confirmCode')
        return `${toast(w, w.t('bindEmail.confirmed'))}${sep(w)}${shows(w, f)}${sep(w)}${w.say(
          `signing in with “${f.current}” and the password now works`,
          `「${f.current}」とパスワードでログインできるようになる`,
        )}`;
      if (e.type === 'xstate.done.actor.checkUser')
        return `${toast(w, w.t('tips.update_success'))}${sep(w)}${shows(w, f)}`;
      if (e.type === 'form.submit') {
        const k = checkBindEmail(f.email);
        return k ? fieldError(w, 'login.email', k) : '';
      }
      if (e.type === 'field.change')
        return f.email === f.current
          ? w.say(
              `${w.q('bindEmail.submit')} is disabled (the same address)`,
              `${w.q('bindEmail.submit')}は無効（同じアドレス）`,
            )
          : typed(w);
      const pendingNote = f.pending
        ? `${sep(w)}${w.say(
            `signing in with “${f.current}” is refused until it is confirmed`,
            `確認されるまで「${f.current}」ではログインできない`,
          )}`
        : '';
      return `${w.say(
        `${shows(w, f)}, ${w.q('bindEmail.hint')}, ${w.q('login.email')} and ${w.q('bindEmail.submit')}`,
        `${shows(w, f)}、${w.q('bindEmail.hint')}、${w.q('login.email')}と${w.q('bindEmail.submit')}`,
      )}${pendingNote}`;
    },
    submitting: (w) => buttonLoading(w, 'bindEmailSubmit'),
    checking: (w) => buttonLoading(w, 'userInfo'),
    proving: () => '',
    'proving.form': () => '',
    'proving.form.typing': (w, e, c) => {
      const f = form(c, e);
      const code = codeOf(e);
      if (e.type === 'xstate.done.actor.checkUser') return codeStep(w, f.current, true);
      if (e.type === 'code.enter') return codeStep(w, f.current, false);
      if (e.type === 'form.submit') {
        const k = checkCode(f.code);
        return k ? fieldError(w, 'login.code', k) : '';
      }
      if (e.type === 'xstate.done.actor.confirmCode' && code)
        return [1020, 1111].includes(code)
          ? `${codeToast(w, code)}${sep(w)}${fieldError(w, 'login.code', `code.${code}`)}`
          : codeToast(w, code);
      if (e.type === 'field.change')
        return f.code !== String(e.value).replace(/\D/g, '')
          ? w.say(
              `${w.q('login.code')} keeps “${f.code}” (more than 6 digits are refused)`,
              `${w.q('login.code')}は「${f.code}」のまま（7桁以上は受け付けない）`,
            )
          : typed(w);
      return '';
    },
    'proving.form.confirming': (w) => buttonLoading(w, 'bindEmailConfirm'),
    'proving.verify': () => '',
    'proving.verify.counting': (w, e) =>
      e.type === 'xstate.done.actor.resendCode'
        ? w.say(
            `${w.q('register.resendIn', { seconds: RESEND_SECONDS })} counting down; the new mail shows in the notice at the foot of the page`,
            `${w.q('register.resendIn', { seconds: RESEND_SECONDS })}のカウントダウン。新しいメールはページ下部のお知らせに表示`,
          )
        : '',
    'proving.verify.canResend': (w, e) =>
      e.type === 'countdown.done'
        ? w.say(`The link ${w.q('register.resend')}`, `リンク${w.q('register.resend')}`)
        : e.type === 'xstate.done.actor.resendCode'
          ? `${codeToast(w, codeOf(e) ?? 0)}${sep(w)}${w.say(`the link ${w.q('register.resend')} again`, `リンク${w.q('register.resend')}が再び表示`)}`
          : '',
    'proving.verify.resending': (w) =>
      w.transient(
        w.say(
          `${w.q('common.loading')} in place of the resend link`,
          `再送リンクの代わりに${w.q('common.loading')}`,
        ),
        'bindEmailSubmit',
      ),
    sentAway: (w) =>
      w.say(
        `The page leaves for ${w.q('nav.user')} (/user)`,
        `${w.q('nav.user')}（/user）に移動する`,
      ),
  },
  names: {
    loading: ['Loading the account', 'アカウントを読み込み中'],
    failed: ['Account failed to load', 'アカウントの読み込み失敗'],
    editing: ['E-mail form', 'メールアドレス入力'],
    submitting: ['Sending the e-mail', 'メールアドレスを送信中'],
    checking: ['Checking the e-mail', 'メールアドレスを確認中'],
    proving: ['Proving it is you', '本人確認'],
    'proving.form': ['Code form', 'コード入力フォーム'],
    'proving.form.typing': ['Typing the code', 'コードを入力中'],
    'proving.form.confirming': ['Confirming the code', 'コードを確認中'],
    'proving.verify': ['Resend countdown', '再送信のカウントダウン'],
    'proving.verify.counting': ['Waiting to resend', '再送信まで待機'],
    'proving.verify.canResend': ['Can resend the code', 'コードを再送信できる'],
    'proving.verify.resending': ['Resending the code', 'コードを再送信中'],
    sentAway: ['Sent to Mine', 'マイページへ移動'],
  },
  titles: {
    'loading|xstate.done.actor.loadUser|1': (w) =>
      w.say('Nothing to bind: sent away', '紐付け不可：移動する'),
    'loading|xstate.done.actor.loadUser|2': (w) =>
      w.say('Account details cannot be read, then Retry', 'アカウント情報の取得失敗と再試行'),
    'editing|form.submit|1': (w) => w.say('Bind an invalid address', '不正なアドレスで紐付け'),
    'editing|code.enter|0': (w) =>
      w.say('Come back to a pending address', '確認待ちのアドレスに戻る'),
    'submitting|xstate.done.actor.submitEmail|1': (w, e) =>
      w.say(`Refused: ${w.t(`code.${codeOf(e)}`)}`, `拒否：${w.t(`code.${codeOf(e)}`)}`),
    'checking|xstate.done.actor.checkUser|0': (w) =>
      w.say('Bind an e-mail: a code goes to it', 'メールを紐付け：コードが送られる'),
    'checking|xstate.done.actor.checkUser|1': (w) =>
      w.say('Back to the confirmed address: no code', '確認済みのアドレスに戻す：コード不要'),
    'checking|xstate.done.actor.checkUser|2': (w) =>
      w.say('The bind is done but cannot be read back', '紐付け後に情報を取得できない'),
    'proving.form.typing|back|0': (w) => w.say('Change the address', 'アドレスを変更'),
    'proving.form.confirming|xstate.done.actor.confirmCode|0': (w) =>
      w.say('Confirm the e-mail with its code', 'コードでメールを確認'),
    'proving.form.confirming|xstate.done.actor.confirmCode|1': (w) =>
      w.say('Someone else took the address meanwhile', 'その間に他人がアドレスを取得'),
    'proving.form.confirming|xstate.done.actor.confirmCode|2': (w, e) =>
      w.say(`Code refused: ${w.t(`code.${codeOf(e)}`)}`, `コード拒否：${w.t(`code.${codeOf(e)}`)}`),
    'proving.verify.counting|countdown.done|0': (w) =>
      w.say('The countdown ends', 'カウントダウン終了'),
    'proving.verify.resending|xstate.done.actor.resendCode|0': (w) =>
      w.say('Resend the code', 'コードを再送'),
    'proving.verify.resending|xstate.done.actor.resendCode|1': (w) =>
      w.say('Resend too soon', '再送が早すぎる'),
  },
};

/**
 * What the sign-in, sign-up and password-reset words share
 * (tests/flows/login/words.ts, tests/flows/register/words.ts,
 * tests/flows/forgot/words.ts; screens src/ui/flows/login/,
 * src/ui/flows/register/, src/ui/flows/forgot/ and src/ui/forms/code-steps.tsx):
 * the two accounts the specs sign in with, the
 * account field's label, and the code step (send, resend, countdown, back).
 */
import type { AnyEvent, W } from '../plan/words.ts';
import { codeOf, logOut, press, signIn } from './common.ts';

export const EMAIL = 'ann@example.com';
export const PHONE = '+1 415 555 2671';

/**
 * The phone account and the e-mail account, both registered; ann is left
 * signed in (a signed-in user cannot reach the sign-up form: log out between).
 */
export const bothAccounts = (w: W) => [
  signIn(w, w.say(`with the phone ${PHONE}`, `電話番号 ${PHONE}`), 'secret123'),
  logOut(w),
  signIn(w, EMAIL, 'secret123'),
];

/**
 * The resend countdown ends by waiting: it runs on the page's own clock, so the console's
 * Skip (the server's clock) does not shorten it (followed by hand: it still said 52 s).
 */
export const countdownEnds = (w: W, seconds: number) =>
  w.say(
    `Wait until the countdown ends (${seconds} s, on the page's own clock: the console cannot shorten it)`,
    `カウントダウン終了まで待つ（${seconds}秒。画面の時計で進むため、コンソールでは短縮できない）`,
  );

export const accountLabel = (f: { kind: 'E' | 'P' }) =>
  f.kind === 'P' ? 'login.phone' : 'login.email';
export const sep = (w: W) => w.say('; ', '。');

/** The code step's events and titles, alike for sign-up and reset. */
export const codeStep = {
  events: {
    'code.resend': (w: W) => press(w, 'register.resend'),
    back: (w: W) => press(w, 'common.back'),
    'countdown.tick': (w: W) => w.say('Wait one second', '1秒待つ'),
  },
  titles: {
    'details.form.editing|back|0': (w: W) => w.say('Back to step 1', 'ステップ1に戻る'),
    'details.verify.counting|countdown.done|0': (w: W) =>
      w.say('The countdown ends', 'カウントダウン終了'),
    'details.verify.resending|xstate.done.actor.resendCode|0': (w: W) =>
      w.say('Resend the code', 'コードを再送'),
    'sendingCode|xstate.done.actor.sendCode|1': (w: W, e: AnyEvent) =>
      w.say(
        `Code refused: ${w.t(`code.${codeOf(e)}`)}`,
        `コード送信拒否：${w.t(`code.${codeOf(e)}`)}`,
      ),
  },
};

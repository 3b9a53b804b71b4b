/**
 * The countdown machine in a person's words (tests/flows/countdown/paths.ts):
 * the resend countdown of sign-up step 2 (src/ui/forms/code-steps.tsx).
 */
import type { StepCtx, W, Words } from '../../paths/plan/words.ts';
import { openSignedOut, press, wait } from '../../paths/words/common.ts';

/** Seconds left after the path so far: 60, one less per tick, 60 again on a restart. */
const left = (c: StepCtx) =>
  c.history.reduce(
    (n, x) =>
      x.type === 'countdown.restart' ? 60 : x.type.startsWith('xstate.after.') ? n - 1 : n,
    60,
  );
const running = (c: StepCtx) => left(c) > 0;
const resendIn = (w: W, n: number) => w.q('register.resendIn', { seconds: n });

export const countdownWords: Words = {
  machine: 'countdown',
  title: (w) => w.say('Resend countdown', '再送カウントダウン'),
  open: (w) =>
    w.say(
      `${openSignedOut(w, 'nav.register', '/register')}, type ${w.quote('countdown@example.com')} in ${w.q('login.email')} and press ${w.q('register.getCode')}`,
      `${openSignedOut(w, 'nav.register', '/register')}。${w.q('login.email')}に${w.quote('countdown@example.com')}と入力し${w.q('register.getCode')}を押す`,
    ),
  before: (w) => [w.say('Nothing to prepare (signed out)', '準備不要（ログアウト状態）')],
  events: {
    'countdown.restart': (w, e, c) =>
      running(c)
        ? w.automated(
            w.say(
              `(Automated run only: a restart while ${resendIn(w, left(c))} is shown; the screen offers no button then)`,
              `（自動テストのみ：${resendIn(w, left(c))}表示中の再開始。画面にボタンはありません）`,
            ),
          )
        : press(w, 'register.resend'),
  },
  actors: {},
  delays: { tick: (w) => wait(w, 1000) },
  states: {
    running: (w, e, c) => {
      const n =
        e.type === 'countdown.restart' ? 60 : e.type.startsWith('xstate.after.') ? left(c) - 1 : 60;
      return resendIn(w, n);
    },
    done: (w) => w.say(`The link ${w.q('register.resend')}`, `リンク${w.q('register.resend')}`),
  },
  names: {
    running: ['Counting down', 'カウントダウン中'],
    done: ['Countdown over', 'カウントダウン終了'],
  },
  titles: {
    'done|countdown.restart|0': (w) =>
      w.say('Resend after the countdown ends', 'カウントダウン終了後に再送'),
    'running|countdown.restart|0': (w) =>
      w.say('Restart while counting (automated only)', 'カウント中の再開始（自動のみ）'),
  },
};

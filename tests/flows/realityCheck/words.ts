/**
 * The reality check in a person's words (paths.ts beside it,
 * the dialog of src/ui/flows/realityCheck/dialog.tsx). The automated run uses a
 * 30-minute interval; by hand, the console's Site tab sets 1 minute.
 */
import type { W, Words } from '../../paths/plan/words.ts';
import { press, signIn } from '../../paths/words/common.ts';
import { siteSteps } from '../../paths/words/site.ts';

const dialog = (w: W) => w.q('reality.title');

export const realityCheckWords: Words = {
  machine: 'realityCheck',
  title: (w) => w.t('reality.title'),
  open: (w) =>
    w.say(
      'Stay on Home, signed in: the session began when you signed in',
      'ログインしたままホームにいる：セッションはログイン時に始まった',
    ),
  before: (w) => [
    // Reminders every minute: the automated run's 30 minutes are too long to wait by hand.
    siteSteps(w, { realityCheckMinutes: '1' }),
    signIn(w, 'reality@example.com', 'secret123'),
    w.say(
      `${w.console('account', `${w.q('console.amount')} = 10000`, w.q('console.credit'))}; then place a pending buy of 0.01 BTCUSDT at 1000 (far below the price: it stays pending): one trade this session`,
      `${w.console('account', `${w.q('console.amount')} = 10000`, w.q('console.credit'))}。次に BTCUSDT 0.01 を 1000 で指値買い（価格より十分低く約定しない）：このセッションの取引は1件`,
    ),
  ],
  events: {
    'reality.continue': (w) => press(w, 'reality.continue'),
    'reality.logout': (w) => press(w, 'reality.logout'),
  },
  actors: {
    summarise: {
      done: () => '',
      error: (w) =>
        w.say(
          `Before the reminder is due, make the session's lists fail: ${w.fault('userOrder', 'status', 500)} (twice) and ${w.fault('userOptionHistory', 'status', 500)} (twice)`,
          `通知の前にセッションの一覧を失敗させる：${w.fault('userOrder', 'status', 500)}（2回）と ${w.fault('userOptionHistory', 'status', 500)}（2回）`,
        ),
    },
  },
  delays: {
    interval: (w) =>
      w.say(
        'Wait for the next whole minute since sign-in (the reminder is due)',
        'ログインから次のちょうど1分まで待つ（通知の時刻）',
      ),
  },
  states: {
    waiting: (w) =>
      w.say(
        `No ${dialog(w)} dialog; the app is usable`,
        `${dialog(w)}は表示されない。アプリを操作できる`,
      ),
    summarising: (w) =>
      w.say(`The ${dialog(w)} dialog is about to open`, `${dialog(w)}がまもなく開く`),
    showing: (w, e) =>
      e.type.startsWith('xstate.error.actor.')
        ? w.say(
            `The ${dialog(w)} dialog: the time signed in, and ${w.q('reality.unavailable')}; ${w.q('reality.continue')} and ${w.q('reality.logout')}`,
            `${dialog(w)}：ログインしている時間と${w.q('reality.unavailable')}。${w.q('reality.continue')}と${w.q('reality.logout')}`,
          )
        : w.say(
            `The ${dialog(w)} dialog: the time signed in, ${w.q('reality.trades')} 1, ${w.q('reality.pnl')} 0.00; ${w.q('reality.continue')} and ${w.q('reality.logout')}`,
            `${dialog(w)}：ログインしている時間、${w.q('reality.trades')} 1、${w.q('reality.pnl')} 0.00。${w.q('reality.continue')}と${w.q('reality.logout')}`,
          ),
    loggedOut: (w) =>
      w.say(
        `The dialog closes, a toast says “${w.t('log_out_success')}”, and Home opens signed out`,
        `ダイアログが閉じ、トースト「${w.t('log_out_success')}」が表示され、ログアウト状態でホームが開く`,
      ),
  },
  names: {
    waiting: ['Playing', 'プレイ中'],
    summarising: ['Adding up the session', 'セッションを集計中'],
    showing: ['Reminder shown', 'リマインダーを表示'],
    loggedOut: ['Logged out', 'ログアウト済み'],
  },
  titles: {
    'summarising|xstate.error.actor.summarise|0': (w) =>
      w.say('The reminder still opens when the lists fail', '一覧が読めなくても通知は開く'),
    'showing|reality.continue|0': (w) =>
      w.say('Continue: the next reminder one interval later', '続ける：次の通知は1間隔後'),
    'showing|reality.logout|0': (w) => w.say('Log out from the reminder', '通知からログアウト'),
  },
};

/**
 * The session in a person's words (paths.ts beside it): sign
 * in, the user and unread count loads, the check every 60 s with its refresh,
 * a token renewed on arrival or after a call's 401, and every way a session
 * ends. The server's clock is moved with the console's Market ▸ Skip buttons
 * (a token lives 30 minutes); refusals are console faults.
 */
import { SESSION_CHECK_MS } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  automatedOnly,
  codeOf,
  codeToast,
  flagState,
  signIn,
  toast,
  wait,
} from '../../paths/words/common.ts';
import { loggedOut, logOut, signInAgain } from './screen.ts';

const WHO = 'ann@example.com';
type Check = 'fresh' | 'due' | 'expired' | 'invalid' | 'down';
/** The spec's check classes, read back from its sample (paths.ts CHECKS). */
const checkOf = (e: AnyEvent): Check => {
  const o = e.output as { code: number; fault?: string; now: number };
  if (o.fault === 'unauthorized') return 'expired';
  if (o.fault === 'http') return 'down';
  if (o.code === -1) return 'invalid';
  return (e.cls as Check | undefined) ?? 'fresh';
};
const skip = (w: W, min: number, times: number) =>
  w.console(
    'market',
    times > 1
      ? w.say(
          `${w.q('console.skip', { min })} ${times} times`,
          `${w.q('console.skip', { min })}を${times}回`,
        )
      : w.q('console.skip', { min }),
  );
const demo = (c: StepCtx) => c.history.filter((x) => x.type === 'session.signedIn').length > 1;
const signedOutBar = (w: W) =>
  w.say(
    `Signed out: the top bar shows ${w.q('nav.login')}`,
    `ログアウト状態：上部バーに${w.q('nav.login')}`,
  );

const stillIn = (w: W) => w.say('Still signed in (no message)', 'ログインのまま（表示なし）');
const markedRead = (w: W) =>
  w.say('The notification is marked read (its dot goes)', 'お知らせが既読になる（点が消える）');
const reloaded = (w: W) =>
  w.say('Still signed in; the balance is read again', 'ログインのまま。残高が再読み込みされる');
/** The token is being renewed now: the last step was a check that found it due. */
const renewing = (c: StepCtx) => {
  const last = c.history.at(-1);
  return last?.type === 'xstate.done.actor.check' && checkOf(last) === 'due';
};
type Outcome = 'renewed' | 'refused' | 'unreachable';
const outcomeOf = (e: AnyEvent) => (e.output as { outcome: Outcome }).outcome;
/** The renewal's outcome, as the person sees it (a refusal: see signedOut). */
const renewal = (w: W, e: AnyEvent) =>
  outcomeOf(e) === 'renewed'
    ? w.say('Still signed in (the session was renewed)', 'ログインのまま（セッションが更新された）')
    : stillIn(w);
/** The session ends at sign in, said once, in plain words. */
const expiredAtSignIn = (w: W) =>
  w.say(
    `${toast(w, w.t('tips.session_expired'))}; the sign-in page, nothing of the account shown`,
    `${toast(w, w.t('tips.session_expired'))}。ログイン画面（アカウントの情報は表示されない）`,
  );
const isLate = (e: AnyEvent) => (e as { at?: number }).at === 31 * 60_000;
const isRenewal = (e: AnyEvent) => (e as { renewed?: boolean }).renewed === true;

export const sessionWords: Words = {
  machine: 'session',
  title: (w) => w.say('Session', 'セッション'),
  open: (w) =>
    w.say('Open the sign-in page (address /login)', 'ログイン画面（アドレス /login）を開く'),
  before: (w) => [
    signIn(w, WHO, 'secret123'),
    logOut(w),
    w.console('flags', flagState(w, 'virtualTrading', true)),
    w.say(
      'Between paths: log out if still signed in, make sure virtualTrading is ticked and reload the page',
      'パスの合間に：ログイン中ならログアウトし、virtualTrading にチェックが入っていることを確認してページを再読み込み',
    ),
  ],
  events: {
    'session.signedIn': (w, e, c) => {
      if (isLate(e))
        return w.say(
          `${signInAgain(w, WHO)}; close the app's tab, and open the app again 31 minutes later (as after lunch: a token lives 30 minutes, so the stored one has expired)`,
          `${signInAgain(w, WHO)}。アプリのタブを閉じ、31分後にもう一度開く（昼休み明けと同じ：トークンの有効期間は30分なので、保存されたトークンは失効している）`,
        );
      if (isRenewal(e))
        return w.say(
          `Let the token expire between two checks: ${skip(w, 60, 1)}; within a second the balance is read again, and its 401 renews the session`,
          `確認の合間にトークンを失効させる：${skip(w, 60, 1)}。1秒以内に残高が再読み込みされ、その401でセッションが更新される`,
        );
      return c.history.some((x) => x.type === 'session.signedIn')
        ? w.say(
            `Switch to the demo account: press ${w.q('account.toDemo')}, then ${w.q('common.confirm')}`,
            `デモ口座に切り替える：${w.q('account.toDemo')}、続けて${w.q('common.confirm')}を押す`,
          )
        : signInAgain(w, WHO);
    },
    'session.cleared': (w) =>
      w.say(
        `End the session on the server's side: ${w.fault('unreadCount', 'status', 401)} and ${w.fault('refresh', 'code', 23519)}; then click outside the browser window and back into it (the app reloads the unread count; its 401 asks for a renewal, which is refused)`,
        `サーバー側でセッションを終わらせる：${w.fault('unreadCount', 'status', 401)}、${w.fault('refresh', 'code', 23519)}。ブラウザのウィンドウ外をクリックしてから戻る（未読数の401で更新が求められ、拒否される）`,
      ),
    'session.logout': (w) => logOut(w),
    'window.focus': (w) =>
      w.say(
        'Click outside the browser window, then back into it',
        'ブラウザのウィンドウ外をクリックしてから戻る',
      ),
    'unread.refresh': (w, _e, c) =>
      renewing(c)
        ? automatedOnly(
            w,
            w.say(
              'a notification read while the token is being renewed',
              'トークン更新中のお知らせの既読',
            ),
          )
        : w.say(
            'Open Notifications (address /user/notification) and open an unread one (from set-up: approve something in Reviews to get one)',
            'お知らせ（アドレス /user/notification）を開き、未読を1件開く（無い場合はコンソールの審査で何かを承認して作る）',
          ),
    'user.reload': (w, _e, c) =>
      renewing(c)
        ? automatedOnly(
            w,
            w.say('Refresh pressed while the token is being renewed', 'トークン更新中の更新ボタン'),
          )
        : w.say(
            `Open ${w.q('nav.user')} (address /user) and press ${w.q('common.refresh')}`,
            `マイページ（アドレス /user）を開き${w.q('common.refresh')}を押す`,
          ),
    'flags.change': (w) =>
      w.say(
        `${w.console('flags', flagState(w, 'virtualTrading', false))}; ${wait(w, 60_000)} (the app reads its config again)`,
        `${w.console('flags', flagState(w, 'virtualTrading', false))}。${wait(w, 60_000)}（アプリが設定を読み直す）`,
      ),
  },
  actors: {
    userInfo: {
      done: (w, e) => {
        const code = codeOf(e);
        if (code === 1002)
          return automatedOnly(
            w,
            w.say('the user deleted right after signing in', 'ログイン直後のユーザー削除'),
          );
        return code === -1 ? w.fault('userInfo', 'status', 500) : '';
      },
    },
    unreadCount: {
      done: (w, e) => (codeOf(e) === -1 ? w.fault('unreadCount', 'status', 500) : ''),
    },
    check: {
      done: (w, e) => {
        switch (checkOf(e)) {
          case 'due':
            return w.say(
              `Bring the token near its end (it lives 30 minutes): ${skip(w, 3, 9)}`,
              `トークンの期限直前にする（有効30分）：${skip(w, 3, 9)}`,
            );
          case 'expired':
            return w.say(
              `Let the token expire: ${skip(w, 60, 1)} (the next check meets a 401 and renews)`,
              `トークンを失効させる：${skip(w, 60, 1)}（次の確認で401となり更新される）`,
            );
          case 'invalid':
            return w.fault('sessionCheck', 'code', -1);
          case 'down':
            return w.fault('sessionCheck', 'status', 500);
          default:
            return '';
        }
      },
    },
    refresh: {
      done: (w, e) =>
        outcomeOf(e) === 'refused'
          ? w.fault('refresh', 'code', 1044)
          : outcomeOf(e) === 'unreachable'
            ? w.fault('refresh', 'status', 500)
            : '',
    },
  },
  delays: {
    checkInterval: (w) =>
      w.say(
        `${wait(w, SESSION_CHECK_MS)} (the session is checked)`,
        `${wait(w, SESSION_CHECK_MS)}（セッションが確認される）`,
      ),
  },
  states: {
    signedOut: (w, e, c) => {
      if (e.type === 'session.logout') return loggedOut(w);
      if (e.type === 'session.cleared' || e.type === 'xstate.done.actor.refresh')
        return expiredAtSignIn(w);
      if (e.type === 'xstate.done.actor.check' && checkOf(e) === 'invalid')
        return w.say(
          `${signedOutBar(w)}; the home page (address /)`,
          `${signedOutBar(w)}。ホーム画面（アドレス /）`,
        );
      if (e.type === 'flags.change')
        return w.say(
          `${signedOutBar(w)} (a demo session ends once demo trading is off)`,
          `${signedOutBar(w)}（デモ取引が無効になるとデモのセッションは終わる）`,
        );
      return c.history.length ? signedOutBar(w) : w.say('The sign-in form', 'ログインフォーム');
    },
    // Said by the child states, once each: the parent would repeat it at every step.
    signedIn: () => '',
    // A person's step that starts a load already shows its result: say it here too.
    'signedIn.loadingUser': (w, e, c) => {
      if (e.type === 'user.reload') return reloaded(w);
      // On arrival: the first load, once the token is renewed.
      if (e.type === 'xstate.done.actor.refresh' && c.history.some(isLate))
        return w.say(
          `Signed in, no ${w.q('tips.login_required')}: the account loads`,
          `ログイン状態、${w.q('tips.login_required')}は出ない：アカウントが読み込まれる`,
        );
      // Asked for during the renewal: done right after it.
      if (e.type === 'xstate.done.actor.refresh') return `${renewal(w, e)}; ${reloaded(w)}`;
      return '';
    },
    'signedIn.loadingUnread': (w, e) => {
      if (e.type === 'unread.refresh') return markedRead(w);
      if (e.type === 'xstate.done.actor.refresh') return `${renewal(w, e)}; ${markedRead(w)}`;
      if (e.type === 'window.focus') return stillIn(w);
      return e.type === 'xstate.done.actor.userInfo' && codeOf(e) === -1 ? codeToast(w, -1) : '';
    },
    'signedIn.idle': (w, e, c) => {
      if (e.type === 'xstate.done.actor.refresh') return renewal(w, e);
      if (e.type === 'xstate.done.actor.check')
        return checkOf(e) === 'down'
          ? w.say('Still signed in (no message)', 'ログインのまま（表示なし）')
          : w.say('Still signed in', 'ログインのまま');
      if (e.type === 'flags.change')
        return w.say(
          'Still signed in (a real-account session is not affected)',
          'ログインのまま（リアル口座のセッションは影響を受けない）',
        );
      if (e.type === 'window.focus') return stillIn(w);
      if (e.type === 'unread.refresh') return markedRead(w);
      if (e.type === 'user.reload') return reloaded(w);
      if (isRenewal(e))
        return w.say(
          `Still signed in, no ${w.q('tips.login_required')} (the session was renewed)`,
          `ログインのまま、${w.q('tips.login_required')}は出ない（セッションが更新された）`,
        );
      return demo(c)
        ? w.say(`The top bar shows ${w.q('top.demo')}`, `上部バーに${w.q('top.demo')}`)
        : w.say('Signed in: the top bar shows your account', 'ログイン状態：上部バーにアカウント');
    },
    'signedIn.checking': () => '',
    'signedIn.refreshing': (w, e) =>
      isLate(e)
        ? w.say(
            'Nothing of the account shown yet (the token is being renewed)',
            'アカウントの情報はまだ表示されない（トークンを更新中）',
          )
        : '',
  },
  names: {
    signedOut: ['Logged out', 'ログアウト済み'],
    signedIn: ['Signed in', 'ログイン済み'],
    'signedIn.loadingUser': ['Loading the account', 'アカウントを読み込み中'],
    'signedIn.loadingUnread': ['Loading unread count', '未読数を読み込み中'],
    'signedIn.idle': ['Session active', 'セッション有効'],
    'signedIn.checking': ['Checking the session', 'セッションを確認中'],
    'signedIn.refreshing': ['Refreshing the session', 'セッションを更新中'],
  },
  titles: {
    'signedIn.loadingUser|xstate.done.actor.userInfo|1': (w) =>
      w.say('User gone at sign-in (automated only)', 'ログイン時にユーザー消失（自動のみ）'),
    'signedIn.loadingUser|xstate.done.actor.userInfo|2': (w) =>
      w.say('User info fails; the session goes on', 'ユーザー情報の失敗：セッションは続く'),
    'signedIn|session.cleared|0': (w) =>
      w.say('Session ended on the server (401)', 'サーバー側でセッション終了（401）'),
    'signedIn|session.logout|0': (w) => w.say('Log out', 'ログアウト'),
    'signedIn.idle|unread.refresh|0': (w) =>
      w.say('Reading a notification refreshes the count', 'お知らせを読むと未読数が更新'),
    'signedIn.idle|user.reload|0': (w) => w.say('Reload the user', 'ユーザー情報の再読み込み'),
    'signedOut|session.signedIn|0': (w) =>
      w.say(
        'A token stored before lunch is renewed before anything is shown',
        '昼休み前に保存されたトークンは表示の前に更新',
      ),
    'signedIn|session.signedIn|0': (w) =>
      w.say('A read meets a 401: renewed, signed in', '読み込みで401：更新してログインのまま'),
    'signedIn.checking|xstate.done.actor.check|0': (w) =>
      w.say('The token expires: renewed', 'トークンの失効：更新'),
    'signedIn.checking|xstate.done.actor.check|1': (w) =>
      w.say('The server refuses the session: back home', 'サーバーがセッションを拒否：ホームへ'),
    'signedIn.checking|xstate.done.actor.check|3': (w) =>
      w.say('The session check every minute', '毎分のセッション確認'),
    'signedIn.refreshing|xstate.done.actor.refresh|0': (w) =>
      w.say('Renewal refused: sign in again', '更新拒否：再ログイン'),
    'signedIn.refreshing|xstate.done.actor.refresh|1': (w) =>
      w.say('The session is renewed before it ends', '期限前にセッションを更新'),
    'signedIn.refreshing|xstate.done.actor.refresh|2': (w) =>
      w.say(
        'Renewed on arrival, then the account loads',
        '到着時に更新してからアカウントを読み込み',
      ),
    'signedIn|always|0': (w) =>
      w.say(
        'Demo trading switched off ends a demo session',
        'デモ取引の無効化でデモのセッションが終了',
      ),
    'signedIn|user.reload|0': (w) =>
      w.say(
        'Refresh during the renewal: done right after it (automated only)',
        '更新中の再読み込み：直後に実行（自動のみ）',
      ),
    'signedIn|unread.refresh|0': (w) =>
      w.say(
        'A notification read during the renewal: counted right after it (automated only)',
        '更新中の既読：直後に未読数を更新（自動のみ）',
      ),
    'signedIn|flags.change|0': (w) =>
      w.say(
        'Demo trading switched off: a real session goes on',
        'デモ取引の無効化：リアルのセッションは継続',
      ),
  },
};

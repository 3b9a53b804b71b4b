/**
 * The notifications machine in a person's words
 * (tests/flows/notifications/paths.ts, screen
 * src/ui/flows/notifications/notifications.tsx). The spec's twelve messages come
 * from the back office; by hand they are made with the console's Reviews (a
 * rejected junior verification notifies the user), their reasons Message 1
 * … Message 12. Sample ids n0…n11 are the rows from the top (newest first).
 */
import { LIST_FAILURE_LIMIT } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import { codeOf, loading, open, signIn, toast } from '../../paths/words/common.ts';

const TOTAL = 12;
const fetched = (x: AnyEvent) =>
  x.type === 'xstate.done.actor.fetchPage' || x.type === 'xstate.done.actor.reloadFirstPage';
/** What the list holds and how many fetches failed since the last refresh. */
function list(e: AnyEvent, c: StepCtx) {
  let rows = 0;
  let failures = 0;
  let opened = false;
  for (const x of [...c.history, e]) {
    if (x.type === 'list.refresh') [rows, failures] = [0, 0];
    if (x.type === 'xstate.done.actor.markRead' && codeOf(x) === 0) opened = true;
    if (!fetched(x)) continue;
    if (codeOf(x) !== 0) failures += 1;
    else if (x.type === 'xstate.done.actor.reloadFirstPage') rows = 10;
    else rows = Math.min(rows + 10, TOTAL);
  }
  return { rows, failures, opened, stopped: failures > LIST_FAILURE_LIMIT };
}
const rowName = (w: W, id: string) => {
  const i = Number(id.slice(1));
  return w.say(
    `row ${i + 1} (“…: Message ${TOTAL - i}”)`,
    `${i + 1}行目（「…: Message ${TOTAL - i}」）`,
  );
};
const listEnd = (w: W, l: ReturnType<typeof list>) =>
  l.stopped
    ? w.say(
        `at the end ${w.q('notifications.loadFailed')} with ${w.q('common.retry')}`,
        `末尾に${w.q('notifications.loadFailed')}と${w.q('common.retry')}`,
      )
    : l.rows >= TOTAL
      ? w.say(`at the end ${w.q('list.end')}`, `末尾に${w.q('list.end')}`)
      : w.say(`at the end ${w.q('list.more')}`, `末尾に${w.q('list.more')}`);
const rowsShown = (w: W, l: ReturnType<typeof list>) => {
  if (l.rows === 0) return w.say('No rows yet', 'まだ行はない');
  const unread = l.opened
    ? w.say('rows 3 and on', '3行目以降')
    : w.say('rows 2 and on', '2行目以降');
  return w.say(
    `${l.rows} rows titled ${w.q('alarm.629007')}, newest first (“…: Message 12” at the top); ${unread} carry ${w.q('notifications.unread')}`,
    `${w.q('alarm.629007')}の${l.rows}行、新しい順（先頭は「…: Message 12」）。${unread}に${w.q('notifications.unread')}`,
  );
};
const serverError = (w: W) => toast(w, w.t('tips.server500'));

export const notificationsWords: Words = {
  machine: 'notifications',
  title: (w) => w.t('my.notifications'),
  open: (w) => open(w, 'my.notifications', '/user/notification'),
  before: (w) => [
    signIn(w, 'inbox@example.com', 'secret123'),
    w.say(
      `Use the real account (${w.q('account.toReal')} if the header shows ${w.q('top.demo')})`,
      `リアル口座を使う（ヘッダーが${w.q('top.demo')}なら${w.q('account.toReal')}）`,
    ),
    w.say(
      `Make twelve notifications: twelve times, submit ${w.q('verified.juniorTitle')} (${w.q('verified.realName')} Ann Lee, ${w.q('verified.idCard')} X1234567, ${w.q('verified.submit')}), then ${w.console('reviews', `${w.q('console.reason')} = Message 1, 2, … 12`, w.say('the juniorKyc entry', 'juniorKyc の項目'), w.q('console.reject'))}`,
      `通知を12件作る：12回、${w.q('verified.juniorTitle')}を申請し（${w.q('verified.realName')} Ann Lee、${w.q('verified.idCard')} X1234567、${w.q('verified.submit')}）、${w.console('reviews', `${w.q('console.reason')} = Message 1、2、… 12`, w.say('the juniorKyc entry', 'juniorKyc の項目'), w.q('console.reject'))}`,
    ),
    w.say(
      `Open ${w.q('my.notifications')}, open the top one (Message 12) so it is read, and close it`,
      `${w.q('my.notifications')}を開き、先頭（Message 12）を開いて既読にし、閉じる`,
    ),
  ],
  events: {
    'list.more': (w) =>
      w.say(
        `Scroll to the end of the list (or press ${w.q('list.more')})`,
        `一覧の末尾までスクロール（または${w.q('list.more')}を押す）`,
      ),
    // After more than five failed loads the list offers Retry; otherwise nothing refreshes it but a reload.
    'list.refresh': (w, _e, c) =>
      list({ type: 'none' }, c).stopped
        ? w.say(`Press ${w.q('common.retry')}`, `${w.q('common.retry')}を押す`)
        : w.say('Reload the page', 'ページを再読み込み'),
    'item.open': (w, e) =>
      w.say(`Press ${rowName(w, e.id as string)}`, `${rowName(w, e.id as string)}を押す`),
    'detail.close': (w) =>
      w.say(
        `Close the drawer (${w.q('common.close')})`,
        `ドロワーを閉じる（${w.q('common.close')}）`,
      ),
  },
  actors: {
    fetchPage: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('userNotification', 'status', 500)),
    },
    reloadFirstPage: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('userNotification', 'status', 500)),
    },
    markRead: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('userUpdateNotification', 'status', 500)),
    },
  },
  delays: {},
  states: {
    list: () => '',
    'list.loading': (w, e, c) =>
      list(e, c).rows === 0
        ? loading(w, 'userNotification')
        : w.transient(
            w.say('A spinner at the end of the list', '一覧の末尾にスピナー'),
            'userNotification',
          ),
    'list.idle': (w, e, c) => {
      const l = list(e, c);
      if (e.type === 'detail.close' || e.type === 'item.open') return '';
      const failed = codeOf(e) !== undefined && codeOf(e) !== 0;
      const shown = `${rowsShown(w, l)}${w.say('; ', '。')}${listEnd(w, l)}`;
      return failed ? `${serverError(w)}${w.say('; ', '。')}${shown}` : shown;
    },
    'list.marking': (w) =>
      w.transient(
        w.say('A spinner at the end of the list', '一覧の末尾にスピナー'),
        'userUpdateNotification',
      ),
    'list.reloading': (w) =>
      w.say(
        `The row loses ${w.q('notifications.unread')}; the unread count beside ${w.q('my.notifications')} on ${w.q('nav.user')} drops by one; the list reloads from the top`,
        `その行の${w.q('notifications.unread')}が消え、${w.q('nav.user')}の${w.q('my.notifications')}の横の未読数が1減り、一覧が先頭から再読み込みされる`,
      ),
    overlay: () => '',
    'overlay.closed': (w, e) =>
      e.type === 'detail.close' ? w.say('The drawer closes', 'ドロワーが閉じる') : '',
    'overlay.open': (w, e) =>
      e.type === 'item.open'
        ? w.say(
            `A drawer titled ${w.q('alarm.629007')} with the date and “Your identity verification was rejected: Message ${TOTAL - Number(String(e.id).slice(1))}”, ${w.q('notifications.reason')} Message ${TOTAL - Number(String(e.id).slice(1))}`,
            `タイトル${w.q('alarm.629007')}のドロワー：日時と「Your identity verification was rejected: Message ${TOTAL - Number(String(e.id).slice(1))}」、${w.q('notifications.reason')} Message ${TOTAL - Number(String(e.id).slice(1))}`,
          )
        : '',
  },
  names: {
    list: ['Notification list', 'お知らせ一覧'],
    'list.loading': ['Loading notifications', 'お知らせを読み込み中'],
    'list.idle': ['Notifications shown', 'お知らせを表示'],
    'list.marking': ['Marking as read', '既読にしている'],
    'list.reloading': ['Reloading', '再読み込み中'],
    overlay: ['Pop-up notice', 'ポップアップのお知らせ'],
    'overlay.closed': ['No pop-up', 'ポップアップなし'],
    'overlay.open': ['Pop-up shown', 'ポップアップを表示'],
  },
  titles: {
    'list.loading|xstate.done.actor.fetchPage|1': (w, e, c) =>
      list(e, c).failures > LIST_FAILURE_LIMIT
        ? w.say(
            'The list stops after six failed loads, then Retry',
            '6回の読み込み失敗で一覧が停止し、再試行',
          )
        : w.say('A page fails to load', 'ページの読み込み失敗'),
    'list.idle|list.more|0': (w) => w.say('Load the second page', '2ページ目を読み込む'),
    'list|list.refresh|0': (w) => w.say('Refresh the list', '一覧を更新'),
    'list.marking|xstate.done.actor.markRead|0': (w) =>
      w.say('Open an unread notification: it is marked read', '未読の通知を開くと既読になる'),
    'list.marking|xstate.done.actor.markRead|1': (w) => w.say('Marking read fails', '既読化に失敗'),
    'list.reloading|xstate.done.actor.reloadFirstPage|1': (w) =>
      w.say('The reload after reading fails', '既読後の再読み込みに失敗'),
    'overlay.closed|item.open|0': (w) =>
      w.say('Open a notification already read', '既読の通知を開く'),
  },
};

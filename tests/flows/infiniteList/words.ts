/**
 * The infiniteList machine in a person's words
 * (paths.ts beside it, src/ui/components/infinite-list.tsx
 * as the History screen uses it, src/ui/trade/history.tsx). The spec's list
 * is a real account's 25 closed market orders (pages of 10, 10 and 5), and
 * the empty history of a demo account.
 */
import { LIST_FAILURE_LIMIT, MANUAL_CLOSE_AFTER_MS } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import { codeOf, open, press, signIn, toast } from '../../paths/words/common.ts';

const demo = (spec: string) => spec.includes('demo');
const isPage = (x: AnyEvent) => x.type === 'xstate.done.actor.page';
/** Rows shown and failed loads since the last restart, as the path has left them. */
function list(e: AnyEvent | undefined, c: StepCtx) {
  let rows = 0;
  let pages = 0;
  let failures = 0;
  for (const x of e ? [...c.history, e] : c.history) {
    // Retry restarts the same list (its rows stay until page 1 replaces them); by hand any
    // other restart is a page reload, which starts with no rows.
    if (x.type === 'list.reload') {
      if (failures <= LIST_FAILURE_LIMIT) rows = 0;
      [pages, failures] = [0, 0];
    }
    if (!isPage(x)) continue;
    if (codeOf(x) !== 0) failures += 1;
    else {
      const n = (x.output.data as { list: unknown[] }).list.length;
      pages += 1;
      rows = pages === 1 ? n : rows + n;
    }
  }
  return { rows, failures, stopped: failures > LIST_FAILURE_LIMIT };
}
/** While a page loads (`call`): a flash unless the console holds the reply back. */
const spinner = (w: W, call: string) =>
  w.transient(w.say('A spinner at the end of the list', '一覧の末尾にスピナー'), call);
const rowsShown = (w: W, rows: number) =>
  rows === 0
    ? w.say(
        `${w.q('history.today')} and ${w.q('history.total')}, no rows yet`,
        `${w.q('history.today')}と${w.q('history.total')}、行はまだない`,
      )
    : w.say(
        `${w.q('history.today')} and ${w.q('history.total')}, then ${rows} closed BTCUSDT orders`,
        `${w.q('history.today')}と${w.q('history.total')}、その下に決済済み BTCUSDT 注文 ${rows} 件`,
      );
const failed = (w: W) => toast(w, w.t('tips.server500'));
const sep = (w: W) => w.say('; ', '。');

export const infiniteListWords: Words = {
  machine: 'infiniteList',
  title: (w) => w.t('nav.history'),
  open: (w) => open(w, 'nav.history', '/history'),
  before: (w, spec) => [
    signIn(w, 'history@example.com', 'secret123'),
    ...(demo(spec)
      ? [
          w.say(
            `Use the demo account (${w.q('top.demo')} in the header), where nothing was ever traded`,
            `デモ口座を使う（ヘッダーに${w.q('top.demo')}）。取引したことがないもの`,
          ),
        ]
      : [
          w.say(
            `Use the real account (${w.q('account.toReal')} if the header shows ${w.q('top.demo')})`,
            `リアル口座を使う（ヘッダーが${w.q('top.demo')}なら${w.q('account.toReal')}）`,
          ),
          w.console('account', `${w.q('console.amount')} = 10000`, w.q('console.credit')),
          w.say(
            `In market mode, buy BTCUSDT at market 25 times (quantity 0.01, leverage 20); after ${MANUAL_CLOSE_AFTER_MS / 60_000} minutes (${w.q('console.tab_market')} ▸ ${w.q('console.skip', { min: 3 })} in the console is quicker) close all 25`,
            `マーケットモードで BTCUSDT を成行買い25回（数量 0.01、レバレッジ 20）。${MANUAL_CLOSE_AFTER_MS / 60_000}分後（コンソールの${w.q('console.tab_market')} ▸ ${w.q('console.skip', { min: 3 })}で早送り可）に25件すべて決済`,
          ),
        ]),
  ],
  events: {
    'list.more': (w) =>
      w.say(
        `Scroll to the end of the list (or press ${w.q('list.more')})`,
        `一覧の末尾までスクロール（または${w.q('list.more')}を押す）`,
      ),
    // A stopped list offers Retry; otherwise the list restarts when results change or the page reloads.
    'list.reload': (w, _e, c) =>
      list(undefined, c).stopped
        ? press(w, 'common.retry')
        : w.say('Reload the page', 'ページを再読み込み'),
  },
  actors: {
    page: {
      done: (w, e, c) =>
        codeOf(e) === 0 ? '' : w.fault(demo(c.spec) ? 'userOrderMock' : 'userOrder', 'status', 500),
    },
  },
  delays: {},
  states: {
    loading: (w, _e, c) => spinner(w, demo(c.spec) ? 'userOrderMock' : 'userOrder'),
    idle: (w, e, c) => {
      const l = list(e, c);
      const more = w.say(`at the end ${w.q('list.more')}`, `末尾に${w.q('list.more')}`);
      const shown = `${rowsShown(w, l.rows)}${sep(w)}${more}`;
      return isPage(e) && codeOf(e) !== 0 ? `${failed(w)}${sep(w)}${shown}` : shown;
    },
    ended: (w, e, c) => {
      const l = list(e, c);
      return l.rows
        ? `${rowsShown(w, l.rows)}${sep(w)}${w.say(`at the end ${w.q('list.end')}`, `末尾に${w.q('list.end')}`)}`
        : w.say(
            `${w.q('history.today')} and ${w.q('history.total')} at 0; ${w.q('list.empty')}`,
            `${w.q('history.today')}と${w.q('history.total')}は 0。${w.q('list.empty')}`,
          );
    },
    stopped: (w, e, c) =>
      `${failed(w)}${sep(w)}${rowsShown(w, list(e, c).rows)}${sep(w)}${w.say(`at the end ${w.q('common.retry')}`, `末尾に${w.q('common.retry')}`)}`,
  },
  names: {
    loading: ['Loading a page', 'ページを読み込み中'],
    idle: ['List shown', '一覧を表示'],
    ended: ['End of the list', '一覧の終わり'],
    stopped: ['Loading stopped', '読み込み停止'],
  },
  titles: {
    'loading|xstate.done.actor.page|0': (w) =>
      w.say(
        'Six failed loads stop the list, then Retry',
        '6回の読み込み失敗で一覧が停止し、再試行',
      ),
    'loading|xstate.done.actor.page|1': (w) =>
      w.say(
        'A page fails to load, then loads on the next try',
        'ページの読み込みに失敗し、次の試行で読み込む',
      ),
    'loading|xstate.done.actor.page|2': (w, e, c) =>
      demo(c.spec)
        ? w.say('An empty history', '空の履歴')
        : w.say('Scroll to the last page', '最後のページまでスクロール'),
    'idle|list.reload|0': (w) => w.say('Reload the list', '一覧を再読み込み'),
    'loading|list.reload|0': (w) =>
      w.say(
        'Reload the list while its next page loads',
        '次のページの読み込み中に一覧を再読み込み',
      ),
  },
};

/**
 * The option settlement in a person's words (tests/flows/optionSettlement/paths.ts):
 * an option's countdown and its settlement drawer (src/ui/trade/settlement.tsx),
 * right after placing it (src/ui/flows/optionOrder/form.tsx, "place view") or from
 * Positions in option mode (running-options.tsx, "list view").
 */
import {
  OPTION_TICK_MS,
  SETTLE_FIRST_POLL_MS,
  SETTLE_POLL_MS,
  SETTLE_TRIES_LIST,
  SETTLE_TRIES_PLACE,
} from '../../../src/config/constants.ts';
import type { StepCtx, W, Words } from '../../paths/plan/words.ts';
import { automatedOnly, codeOf, codeToast, signIn, toast, wait } from '../../paths/words/common.ts';

const place = (spec: string) => spec.includes('place view');
const term = (spec: string) => (place(spec) ? 30 : 60);
/** The delivery chip as the option form shows it (formatDuration · profitRate %). */
const chip = (spec: string) => (place(spec) ? '30s · 80%' : '60s · 85%');
const settling = (w: W) =>
  w.say(
    `The drawer ${w.q('option.settlement')}: a spinner and ${w.q('option.settling')}`,
    `ドロワー${w.q('option.settlement')}：スピナーと${w.q('option.settling')}`,
  );
/** Checks that answered "not settled yet" so far. */
const notYet = (c: StepCtx) =>
  c.history.filter(
    (x) =>
      x.type === 'xstate.done.actor.check' &&
      !(x.output as { data?: { completed?: boolean } }).data?.completed,
  ).length;

export const optionSettlementWords: Words = {
  machine: 'optionSettlement',
  title: (w) => w.say('Option countdown and settlement', 'オプションのカウントダウンと判定'),
  open: (w, spec) => {
    const placeIt = w.say(
      `Open the BTCUSDT option form (address /BTCUSDT/placeOption?direction=0), choose ${w.quote(chip(spec))} in ${w.q('option.deliveryTime')}, type ${w.quote('10')} in ${w.q('option.amount')} and press ${w.q('option.placeLong', { symbol: 'BTCUSDT' })}`,
      `BTCUSDT のオプション注文画面を開き（アドレス /BTCUSDT/placeOption?direction=0）、${w.q('option.deliveryTime')}で${w.quote(chip(spec))}を選び、${w.q('option.amount')}に${w.quote('10')}と入力して${w.q('option.placeLong', { symbol: 'BTCUSDT' })}を押す`,
    );
    return place(spec)
      ? w.say(
          `${placeIt}; watch the drawer ${w.q('option.placedTitle')} until it shows ${w.q('option.timeLeft', { seconds: 1 })}`,
          `${placeIt}。ドロワー${w.q('option.placedTitle')}が${w.q('option.timeLeft', { seconds: 1 })}になるまで見る`,
        )
      : w.say(
          `${placeIt}; close the drawer, open ${w.q('nav.position')} (address /position), tap the BTCUSDT option and wait until its time is up`,
          `${placeIt}。ドロワーを閉じ、${w.q('nav.position')}（アドレス /position）を開き、BTCUSDT のオプションをタップして満期まで待つ`,
        );
  },
  before: (w) => [
    signIn(w, 'settle@example.com', 'secret123'),
    w.say(
      `Use the real account (${w.q('account.toReal')} if the header shows ${w.q('top.demo')}); ${w.console('account', `${w.q('console.amount')} = 1000`, w.q('console.credit'))}`,
      `リアル口座を使う（ヘッダーが${w.q('top.demo')}なら${w.q('account.toReal')}）。${w.console('account', `${w.q('console.amount')} = 1000`, w.q('console.credit'))}`,
    ),
    w.say(
      `Trade mode ${w.q('top.mode_option')} (the mode switch)`,
      `取引モードは${w.q('top.mode_option')}（モード切替）`,
    ),
  ],
  events: {},
  actors: {
    check: {
      done: (w, e, c) => {
        if ((e.output as { data?: { completed?: boolean } }).data?.completed) return '';
        const max = place(c.spec) ? SETTLE_TRIES_PLACE : SETTLE_TRIES_LIST;
        // One "not yet" can be forced by hand; a run of them until the tries end cannot.
        return notYet(c) === 0
          ? w.say(
              `before the countdown ends, arm a refusal for the first check (it then counts as not settled yet): ${w.fault('checkOptionCompletion', 'code', 1000)}`,
              `カウントダウンが終わる前に、最初のチェックが拒否されるよう設定（未判定として扱われる）：${w.fault('checkOptionCompletion', 'code', 1000)}`,
            )
          : automatedOnly(
              w,
              w.say(
                `“not settled yet” again, ${max} checks in all`,
                `再び「未判定」、合計${max}回のチェック`,
              ),
            );
      },
    },
    result: {
      done: (w, e) =>
        codeOf(e) === 0
          ? ''
          : w.say(
              `before the countdown ends, arm a refusal for reading the result: ${w.fault('userOptionDetail', 'code', 402)}`,
              `カウントダウンが終わる前に、結果の読み取りが拒否されるよう設定：${w.fault('userOptionDetail', 'code', 402)}`,
            ),
    },
  },
  delays: {
    tick: (w) =>
      w.say(
        `${wait(w, OPTION_TICK_MS)} (one step of the countdown)`,
        `${wait(w, OPTION_TICK_MS)}（カウントダウン1刻み）`,
      ),
    firstPoll: (w) =>
      w.say(
        `${wait(w, SETTLE_FIRST_POLL_MS)} (the first settlement check)`,
        `${wait(w, SETTLE_FIRST_POLL_MS)}（最初の判定チェック）`,
      ),
    poll: (w) =>
      w.say(
        `${wait(w, SETTLE_POLL_MS)} (the next settlement check)`,
        `${wait(w, SETTLE_POLL_MS)}（次の判定チェック）`,
      ),
  },
  states: {
    running: (w, e, c) =>
      place(c.spec)
        ? w.say(
            `The drawer ${w.q('option.placedTitle')} with ${w.q('option.placedText', { time: `${term(c.spec)}s` })}, a progress bar and ${w.q('option.timeLeft', { seconds: 1 })}`,
            `ドロワー${w.q('option.placedTitle')}に${w.q('option.placedText', { time: `${term(c.spec)}s` })}、進捗バーと${w.q('option.timeLeft', { seconds: 1 })}`,
          )
        : w.say(
            `The drawer ${w.quote(`BTCUSDT · ${w.t('option.position')}`)} with a progress bar and the time left`,
            `ドロワー${w.quote(`BTCUSDT · ${w.t('option.position')}`)}に進捗バーと残り時間`,
          ),
    settling: settling,
    'settling.waiting': () => '',
    'settling.checking': () => '',
    'settling.pausing': () => '',
    'settling.fetching': () => '',
    settled: (w) =>
      w.say(
        `The drawer ${w.q('option.settlement')} shows the result: ${w.q('option.won')}, ${w.q('option.lost')} or ${w.q('option.tie')} with the amount, the open and close prices and ${w.q('option.settledAt')} with a time`,
        `ドロワー${w.q('option.settlement')}に結果：${w.q('option.won')}・${w.q('option.lost')}・${w.q('option.tie')}と金額、始値と終値、${w.q('option.settledAt')}と時刻`,
      ),
    failed: (w, e, c) => {
      const unread = e.type === 'xstate.done.actor.result' ? `${codeToast(w, 402)}; ` : '';
      const fail = toast(w, w.t('position.fail_result_check_history'));
      return place(c.spec)
        ? w.say(
            `${unread}${fail}; the app opens ${w.q('nav.history')} (address /history)`,
            `${unread}${fail}。${w.q('nav.history')}（アドレス /history）が開く`,
          )
        : w.say(
            `${unread}${fail}; the drawer closes and the option is no longer listed`,
            `${unread}${fail}。ドロワーが閉じ、オプションは一覧から消える`,
          );
    },
  },
  names: {
    running: ['Option running', 'オプション進行中'],
    settling: ['Settling', '決済処理中'],
    'settling.waiting': ['Waiting for the result', '結果を待機中'],
    'settling.checking': ['Asking for the result', '結果を問い合わせ中'],
    'settling.pausing': ['Pause before asking again', '再問い合わせまで待機'],
    'settling.fetching': ['Loading the result', '結果を読み込み中'],
    settled: ['Result shown', '結果を表示'],
    failed: ['Result not available', '結果を取得できない'],
  },
  titles: {
    'settling.fetching|xstate.done.actor.result|0': (w) =>
      w.say('The option settles and its result shows', 'オプションが判定され結果が表示される'),
    'settling.fetching|xstate.done.actor.result|1': (w) =>
      w.say('The result cannot be read', '結果を読めない'),
    'settling.checking|xstate.done.actor.check|1': (w) =>
      w.say('Not settled at the first check: checked again', '最初のチェックで未判定：再チェック'),
    'settling.checking|xstate.done.actor.check|2': (w, e, c) =>
      w.say(
        `No result after ${place(c.spec) ? SETTLE_TRIES_PLACE : SETTLE_TRIES_LIST} checks (automated only)`,
        `${place(c.spec) ? SETTLE_TRIES_PLACE : SETTLE_TRIES_LIST}回のチェックで結果なし（自動のみ）`,
      ),
  },
};

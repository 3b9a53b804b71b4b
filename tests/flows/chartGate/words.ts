/**
 * The chart gate in a person's words (paths.ts beside it):
 * Buy / Sell under the chart (src/ui/trade/trade-buttons.tsx, on the chart
 * screen src/ui/screens/chart.tsx). Every market condition is set in the
 * console's Market tab for BTCUSDT; an unknown symbol is a real 604.
 */
import { PRODUCT_INFO_REFRESH_MS } from '../../../src/config/constants.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  automatedOnly,
  codeToast,
  latest,
  press,
  signIn,
  toast,
} from '../../paths/words/common.ts';
import { delays, marketConsole as market, symbolOf } from '../../paths/words/trade.screen.ts';

type Kind = 'open' | 'closed' | 'early' | 'notTradable' | 'failed' | 'optionClosed';

/** What a gate check read, as the spec arranged it. */
function kindOf(e: AnyEvent): Kind {
  const o = e.output as {
    mode: string;
    status: { code: number; data: string | null };
    quote?: { data: { tradeStatus: number } | null };
    product?: { data: { optionsProducts: Array<{ tradeStatus: number }> } | null };
  };
  if (o.status.code !== 0) return 'failed';
  if (o.mode === 'option' && o.product?.data?.optionsProducts[0]?.tradeStatus !== 1)
    return 'optionClosed';
  if (o.status.data === 'closed') return 'closed';
  if (o.status.data === 'early_trading') return 'early';
  return o.quote?.data?.tradeStatus === 0 ? 'notTradable' : 'open';
}

const option = (spec: string) => spec.includes('(option)');
const visitor = (spec: string) => spec.includes('visitor') || spec.includes('unknown');
/** The two buttons as the mode labels them. */
const buttons = (w: W, spec: string) =>
  option(spec) ? [w.q('option.long'), w.q('option.short')] : [w.q('order.buy'), w.q('order.sell')];
const both = (w: W, spec: string) => {
  const [b, s] = buttons(w, spec);
  return w.say(`${b} and ${s}`, `${b}と${s}`);
};

/** The console steps that turn the previous check's market into this one's. */
function arrangeKind(w: W, e: AnyEvent, c: StepCtx): string {
  const now = kindOf(e);
  if (now === 'failed') return '';
  if (now === 'early')
    return automatedOnly(
      w,
      w.say('pre-market hours (early trading)', 'プレマーケット時間（early trading）'),
    );
  const before = latest(c.history, (x) => x.type === 'xstate.done.actor.gate');
  const was = before ? kindOf(before) : 'open';
  const closedHours = (k: Kind) => k === 'closed';
  const stopped = (k: Kind) => k === 'notTradable' || k === 'optionClosed';
  const steps: string[] = [];
  if (closedHours(was) && !closedHours(now)) steps.push(market(w, w.q('console.restoreHours')));
  if (!closedHours(was) && closedHours(now)) steps.push(market(w, w.q('console.closeMarket')));
  if (stopped(was) && !stopped(now)) steps.push(market(w, w.q('console.tradeOn')));
  if (!stopped(was) && stopped(now)) steps.push(market(w, w.q('console.tradeOff')));
  return steps.join(w.say('; ', '；'));
}

/** Whether the newest check on the path is still answering (a press then meets `loading`). */
const checking = (c: StepCtx) => {
  const last = latest(
    c.history,
    (x) =>
      x.type === 'xstate.done.actor.gate' ||
      x.type === 'gate.retry' ||
      x.type.startsWith('xstate.after.'),
  );
  return !last || last.type !== 'xstate.done.actor.gate';
};

const delayCheck = (w: W) => w.delay('marketStatus', 15000);

export const chartGateWords: Words = {
  machine: 'chartGate',
  title: (w) => w.say('Buy and Sell under the chart', 'チャート下の売買ボタン'),
  open: (w, spec) => {
    const s = symbolOf(spec);
    const mode = option(spec)
      ? w.say(
          `, then press ${w.q('top.mode_option')} in the mode switch beside the buttons`,
          `。ボタン横のモード切替で${w.q('top.mode_option')}を押す`,
        )
      : '';
    return w.say(
      `Open the ${s} chart (address /${s}/chart)${mode}`,
      `${s} のチャートを開く（アドレス /${s}/chart）${mode}`,
    );
  },
  before: (w, spec) => [
    visitor(spec)
      ? w.say('Stay signed out (a visitor)', 'ログアウトのまま（ゲスト）')
      : signIn(w, 'chart@example.com', 'secret123'),
    ...(spec.includes('unknown')
      ? []
      : [
          w.say(
            `Make BTCUSDT tradable: ${market(w, w.q('console.tradeOn'))}, then ${w.q('console.restoreHours')}`,
            `BTCUSDT を取引可能にする：${market(w, w.q('console.tradeOn'))}、続けて${w.q('console.restoreHours')}`,
          ),
        ]),
    // A wide window shows the desktop workspace, where Buy opens a side panel instead.
    w.say(
      'Use the phone layout: a narrow window (or the browser’s phone view)',
      'スマートフォン表示を使う：ウィンドウを狭くする（またはブラウザのモバイル表示）',
    ),
  ],
  events: {
    'trade.request': (w, e, c) => {
      const press = buttons(w, c.spec)[e.direction as number] as string;
      return checking(c)
        ? w.say(
            `Hold the next check: ${delayCheck(w)}. Wait until ${both(w, c.spec)} turn faint (the next check, within ${PRODUCT_INFO_REFRESH_MS / 1000} seconds) and press ${press} while they are faint`,
            `次のチェックを遅らせる：${delayCheck(w)}。${both(w, c.spec)}が薄くなるまで待ち（次のチェック、${PRODUCT_INFO_REFRESH_MS / 1000}秒以内）、薄いうちに${press}を押す`,
          )
        : w.say(`Press ${press}`, `${press}を押す`);
    },
    'gate.retry': (w) => press(w, 'common.retry'),
  },
  actors: { gate: { done: arrangeKind } },
  delays: { infoRefresh: delays.infoRefresh },
  states: {
    loading: (w, e, c) =>
      e.type === 'trade.request'
        ? toast(w, w.t('not_trade_for_current_mode'))
        : w.transient(
            w.say(
              `${both(w, c.spec)} are faint (the product is being checked)`,
              `${both(w, c.spec)}が薄くなる（銘柄のチェック中）`,
            ),
            'marketStatus',
          ),
    open: (w, e, c) => {
      if (e.type !== 'trade.request')
        return w.say(`${both(w, c.spec)} enabled`, `${both(w, c.spec)}が押せる`);
      if (visitor(c.spec)) return toast(w, w.t('tips.login_required'));
      const route = option(c.spec) ? 'placeOption' : 'place';
      const chosen = buttons(w, c.spec)[e.direction as number] as string;
      return w.say(
        `The order form opens with ${chosen} chosen (address /BTCUSDT/${route}?direction=${e.direction}); go back to the chart`,
        `${chosen}が選ばれた注文画面が開く（アドレス /BTCUSDT/${route}?direction=${e.direction}）。チャートに戻る`,
      );
    },
    historyOnly: (w, e, c) =>
      w.say(
        `${w.q('chart.historyOnly')} above ${both(w, c.spec)}, which are disabled`,
        `${both(w, c.spec)}の上に${w.q('chart.historyOnly')}。ボタンは押せない`,
      ),
    notTradable: (w, e, c) =>
      w.say(
        `${w.q('index.market_closed')} above ${both(w, c.spec)}, which are disabled`,
        `${both(w, c.spec)}の上に${w.q('index.market_closed')}。ボタンは押せない`,
      ),
    failed: (w, e, c) =>
      w.say(
        `${codeToast(w, 604)}; ${both(w, c.spec)} disabled, with ${w.q('common.retry')}`,
        `${codeToast(w, 604)}。${both(w, c.spec)}は押せず、${w.q('common.retry')}がある`,
      ),
    closed: (w) =>
      w.say(
        `${toast(w, w.t('index.closed'))}; the app leaves the chart (back to the page it came from, the home page when opened directly)`,
        `${toast(w, w.t('index.closed'))}。チャートを離れる（開いた元のページへ、直接開いた場合はホームへ）`,
      ),
  },
  names: {
    loading: ['Checking the product', '商品を確認中'],
    open: ['Trading open', '取引可能'],
    historyOnly: ['Chart history only', 'チャート履歴のみ'],
    notTradable: ['Not tradable', '取引不可'],
    failed: ['Product failed to load', '商品の読み込み失敗'],
    closed: ['Market closed', '市場休止中'],
  },
  titles: {
    'loading|trade.request|0': (w) =>
      w.say('A press while the product is being checked', '銘柄チェック中に押す'),
    'loading|xstate.done.actor.gate|0': (w) => w.say('Unknown product', '存在しない銘柄'),
    'loading|xstate.done.actor.gate|1': (w) =>
      w.say('Option not tradable: the chart closes', 'オプション取引不可：チャートが閉じる'),
    'loading|xstate.done.actor.gate|2': (w) =>
      w.say('Market closed: history only', '市場休止：履歴のみ'),
    'loading|xstate.done.actor.gate|3': (w) =>
      w.say('Trading stopped for the product', '銘柄の取引停止'),
    'open|trade.request|0': (w) =>
      w.say('A visitor is asked to sign in', 'ゲストはログインを求められる'),
    'open|trade.request|1': (w) => w.say('Buy opens the order form', '買いで注文画面が開く'),
    'failed|gate.retry|0': (w) => w.say('Retry after a failed check', 'チェック失敗後の再試行'),
  },
};

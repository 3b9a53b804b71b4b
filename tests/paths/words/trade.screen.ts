/**
 * What the market and option order forms share in the QA plans
 * (tests/flows/marketOrder/words.ts, tests/flows/optionOrder/words.ts): how
 * a product load's result is arranged in the console, the phone screen they
 * are tested on, the form's state as a path leaves it, and the words both
 * forms use alike (the chart gate, tests/flows/chartGate/words.ts, shares the console's
 * Market tab and its checks).
 *
 * Both forms are tested in the phone layout (/BTCUSDT/place, /BTCUSDT/placeOption):
 * there no chart gate shares the form's calls (an armed fault reaches the form),
 * and a closed option leaves for the chart (the desktop panel would open the
 * form again and again while the product stays closed).
 */
import {
  initialTransition,
  transition,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import {
  BALANCE_POLL_MS,
  DUPLICATE_CLICK_MS,
  PRODUCT_INFO_REFRESH_MS,
} from '../../../src/config/constants.ts';
import type { AnyEvent, Say, StateName, StepCtx, W } from '../plan/words.ts';
import { codeOf, codeText, codeToast, latest, press, signIn, toast, wait } from './common.ts';

export const SYMBOL = 'BTCUSDT';

/** The form as the path has left it: the machine replayed through the path's events. */
export function replay<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
  events: AnyEvent[],
): SnapshotFrom<M> {
  // Pure transitions: nothing is invoked or sent, the context is the view's.
  let [s] = initialTransition(machine, input);
  for (const e of events) [s] = transition(machine, s, e as EventFromLogic<M>);
  return s as SnapshotFrom<M>;
}

export type LoadKind = 'open' | 'closed' | 'notTradable' | 'failed';

interface LoadOut {
  status: { code: number; data: string | null };
  /** Market form: order info by symbol. */
  info?: { code: number; data: Record<string, { tradeStatus: number }> | null };
  /** Option form: the option product. */
  product?: { code: number; data: { optionsProducts: Array<{ tradeStatus: number }> } | null };
  quote: { code: number; data: { price: number } | null };
  balance: { code: number };
}
const LOADS = /^xstate\.done\.actor\.(load|reopen|refresh|recheck)$/;
export const isLoad = (e: AnyEvent) => LOADS.test(e.type);
const outOf = (e: AnyEvent) => e.output as LoadOut;

/** The first failing reply code of a load, as the forms read it. */
export const loadCode = (e: AnyEvent): number | undefined => {
  const o = outOf(e);
  return [o.info ?? o.product, o.status, o.quote, o.balance].find((r) => r && r.code !== 0)?.code;
};
export function loadKind(e: AnyEvent): LoadKind {
  const o = outOf(e);
  if (loadCode(e) !== undefined) return 'failed';
  if (o.status.data !== 'open') return 'closed';
  const status = o.info
    ? Object.values(o.info.data ?? {})[0]?.tradeStatus
    : o.product?.data?.optionsProducts[0]?.tradeStatus;
  return status === 0 ? 'notTradable' : 'open';
}
/** The price of the newest load on the path: what typed prices were chosen relative to. */
export const samplePrice = (c: StepCtx) => {
  const l = latest(c.history, (x) => isLoad(x) && loadKind(x) !== 'failed');
  return l ? (outOf(l).quote.data?.price ?? 0) : 0;
};

/**
 * The console steps that give this load its result. A server error is armed
 * for `failCall`, a call only the form makes; an unknown symbol needs nothing.
 * A path's first load sets both switches (an earlier path may have closed the
 * market); later ones change only what differs from the last answered load.
 */
export function arrangeLoad(w: W, e: AnyEvent, c: StepCtx, failCall: string): string {
  const now = loadKind(e);
  if (now === 'failed') return loadCode(e) === -1 ? w.fault(failCall, 'status', 500) : '';
  const before = latest(c.history, (x) => isLoad(x) && loadKind(x) !== 'failed');
  const was = before ? loadKind(before) : undefined;
  const controls: string[] = [];
  const hours = (k?: LoadKind) => k === 'closed';
  const stopped = (k?: LoadKind) => k === 'notTradable';
  if (was === undefined || hours(was) !== hours(now))
    controls.push(w.q(hours(now) ? 'console.closeMarket' : 'console.restoreHours'));
  if (was === undefined || stopped(was) !== stopped(now))
    controls.push(w.q(stopped(now) ? 'console.tradeOff' : 'console.tradeOn'));
  return controls.length ? marketConsole(w, ...controls) : '';
}

/** The console's Market tab for the spec's symbol. */
export const marketConsole = (w: W, ...controls: string[]) =>
  w.console('market', `${w.q('home.symbol')} = ${SYMBOL}`, ...controls);
/** An unknown symbol is a real 604 from the server. */
export const symbolOf = (spec: string) => (spec.includes('unknown') ? 'NOPE' : SYMBOL);
export const demoSpec = (spec: string) => spec.includes('demo');

/** Before a refused placement: the trade ban, undone when the path ends. */
export const banTrading = (w: W) =>
  w.say(
    `${w.console('account', w.q('console.ban'))} (when the path ends: ${w.q('console.tab_account')} ▸ ${w.q('console.unban')})`,
    `${w.console('account', w.q('console.ban'))}（パスの終了後に${w.q('console.tab_account')} ▸ ${w.q('console.unban')}）`,
  );

/** A failed load's toasts: the client shows each refused call's code (the same text once). */
export const failedLoad = (w: W, codes: number[]) => {
  const texts = codes.map((code) => codeText(w, code));
  return texts.length === 1
    ? toast(w, texts[0] as string)
    : w.say(
        `Toasts say ${texts.map(w.quote).join(' and ')}`,
        `トースト${texts.map(w.quote).join('と')}が表示される`,
      );
};

export const layout = (w: W) =>
  w.say(
    'Use the phone layout: a window narrower than 768 px (or the browser’s phone view)',
    'スマートフォン表示を使う：幅 768 px 未満のウィンドウ（またはブラウザのモバイル表示）',
  );
export const tradeMode = (w: W, mode: 'market' | 'option') =>
  w.say(
    `Trade mode ${w.q(`top.mode_${mode}`)}: on the ${SYMBOL} chart (address /${SYMBOL}/chart) press it in the mode switch beside the buttons`,
    `取引モードは${w.q(`top.mode_${mode}`)}：${SYMBOL} のチャート（アドレス /${SYMBOL}/chart）でボタン横のモード切替で押す`,
  );
export const realAccount = (w: W, demo: boolean) =>
  demo
    ? w.say(
        `Use the demo account (${w.q('account.toDemo')} if the header shows ${w.q('top.real')})`,
        `デモ口座を使う（ヘッダーが${w.q('top.real')}なら${w.q('account.toDemo')}）`,
      )
    : w.say(
        `Use the real account (${w.q('account.toReal')} if the header shows ${w.q('top.demo')}); ${w.console('account', `${w.q('console.amount')} = 1000`, w.q('console.credit'))}`,
        `リアル口座を使う（ヘッダーが${w.q('top.demo')}なら${w.q('account.toReal')}）。${w.console('account', `${w.q('console.amount')} = 1000`, w.q('console.credit'))}`,
      );
export const openForm = (w: W, route: string, symbol: string, direction: unknown, title: string) =>
  w.say(
    `Open the ${symbol} order form (address /${symbol}/${route}?direction=${direction})${title ? `: the title ${title}` : ''}`,
    `${symbol} の注文画面を開く（アドレス /${symbol}/${route}?direction=${direction}）${title ? `。タイトルは${title}` : ''}`,
  );

/**
 * The direction tab exists only in the desktop panel: widen the window, the
 * form opens again there (the paths change direction on an untouched form only).
 */
export const directionTab = (w: W, tab: string) =>
  w.say(
    `Widen the window to the desktop layout (768 px or more): the form opens again in the panel ${w.q('top.placeOrder')} on the right; press its tab ${tab}`,
    `ウィンドウをデスクトップ表示（768 px 以上）に広げる：右側のパネル${w.q('top.placeOrder')}にフォームが開き直るので、そのタブ${tab}を押す`,
  );

export const delays = {
  balancePoll: (w: W) =>
    w.say(
      `${wait(w, BALANCE_POLL_MS)} (the balance is read again)`,
      `${wait(w, BALANCE_POLL_MS)}（残高が再取得される）`,
    ),
  // The minute runs from the product's last read (the form's loading), not from the step:
  // followed by hand, a tester who armed a fault first and then waited a full minute
  // looked for the result after its toast had gone.
  infoRefresh: (w: W) =>
    w.say(
      `Keep the screen open and watch it for up to ${PRODUCT_INFO_REFRESH_MS / 1000} seconds (the product is checked again ${PRODUCT_INFO_REFRESH_MS / 1000} s after it was last read: the time runs from when the screen loaded it, not from this step)`,
      `画面を開いたまま最大${PRODUCT_INFO_REFRESH_MS / 1000}秒見守る（銘柄は最後に読み込まれてから${PRODUCT_INFO_REFRESH_MS / 1000}秒後に再チェックされる。時間はこの手順からではなく、画面が読み込んだ時から数える）`,
    ),
  duplicateClick: (w: W) =>
    w.say(
      `${wait(w, DUPLICATE_CLICK_MS)} (the button rests after a refused press)`,
      `${wait(w, DUPLICATE_CLICK_MS)}（拒否の後、ボタンが休止している）`,
    ),
};
/** The order button while `call` runs: a flash unless held back (W.transient). */
export const busy = (w: W, call: string) =>
  w.transient(
    w.say(`The button shows ${w.q('common.loading')}`, `ボタンが${w.q('common.loading')}になる`),
    call,
  );
export const serverError = (w: W) => toast(w, w.t('tips.server500'));
/** Where the form leaves to: the chart it came from. */
export const toChart = (w: W) =>
  w.say(
    `the app goes to the ${SYMBOL} chart (address /chart/${SYMBOL})`,
    `${SYMBOL} のチャートへ移動（アドレス /chart/${SYMBOL}）`,
  );
export const backToChart = (w: W) =>
  w.say(`No form: ${toChart(w)}`, `フォームは出ず、${toChart(w)}`);
/** What both order forms (market and option) say alike. */
export const orderForm = {
  events: {
    'balance.update': (w: W) =>
      w.say(
        'Nothing: the balance reads itself every second',
        '操作なし：残高は毎秒自動で読み込まれる',
      ),
    'load.retry': (w: W) => press(w, 'common.retry'),
  },
  loadFailed: (w: W, codes: number[]) =>
    w.say(
      `${failedLoad(w, codes)}; the page says ${w.q('tips.incorrect_data')} with ${w.q('common.retry')}`,
      `${failedLoad(w, codes)}。画面に${w.q('tips.incorrect_data')}と${w.q('common.retry')}`,
    ),
  balanceError: (w: W, err: string) =>
    w.say(`above the button the error ${w.q(err)}`, `ボタンの上にエラー${w.q(err)}`),
  pressButton: (w: W, button: string) => w.say(`Press ${button}`, `${button}を押す`),
  titles: {
    'loadFailed|load.retry|0': (w: W) =>
      w.say('Unknown product: Retry does not help', '存在しない銘柄：再試行しても同じ'),
    'editing.refreshing|xstate.done.actor.refresh|0': (w: W) =>
      w.say('A failed background check changes nothing', '裏のチェック失敗では何も変わらない'),
    'checking|xstate.done.actor.recheck|0': (w: W) =>
      w.say('Submit meets a server error', '送信時にサーバーエラー'),
    'placing|xstate.done.actor.place|1': (w: W, e: AnyEvent) =>
      w.say(`Refused: ${w.t(`code.${codeOf(e)}`)}`, `拒否：${w.t(`code.${codeOf(e)}`)}`),
  },
  /** The title of a submit the form refused, `mistakes` in a few words. */
  refused: (w: W, mistakes: string) =>
    w.say(`The form refuses: ${mistakes}`, `フォームが拒否：${mistakes}`),
  /** The set-up: the spec's user signed in, its book, the form's trade mode, the phone. */
  before: (w: W, spec: string, email: string, mode: 'market' | 'option') => [
    signIn(w, email, 'secret123'),
    realAccount(w, demoSpec(spec)),
    tradeMode(w, mode),
    layout(w),
  ],
  /** The product loads (load, refresh, recheck) arranged by `arrange`; placing's ban. */
  actors: (arrange: Say) => ({
    load: { done: arrange },
    refresh: { done: arrange },
    recheck: { done: arrange },
    place: { done: (w: W, e: AnyEvent) => (codeOf(e) === 405 ? banTrading(w) : '') },
  }),
  /** “Available” beside the form; `before` says before what (en, ja). */
  available: (w: W, spec: string, before: readonly [string, string]) =>
    w.say(
      `${w.q('order.available')} shows the account’s cash (${demoSpec(spec) ? 'the demo money' : `1000.00 before any ${before[0]}`})`,
      `${w.q('order.available')}は口座の現金（${demoSpec(spec) ? 'デモ資金' : `${before[1]}前は 1000.00`}）`,
    ),
  /**
   * The open form after a background step (the minute's refresh, the
   * balance poll), its button reading `button`; undefined for any other.
   */
  background: (w: W, e: AnyEvent, button: string): string | undefined => {
    if (e.type === 'xstate.done.actor.refresh')
      return loadKind(e) === 'failed'
        ? w.say(
            `${serverError(w)}; the form stays as it was`,
            `${serverError(w)}。フォームはそのまま`,
          )
        : w.say(
            `Nothing changes: the button still reads ${button}`,
            `変化なし：ボタンは${button}のまま`,
          );
    if (e.type.startsWith('xstate.after.balancePoll'))
      return w.say(
        `${w.q('order.available')} still shows the same cash`,
        `${w.q('order.available')}は同じ金額のまま`,
      );
    return undefined;
  },
  /**
   * A refused attempt: the server's refusal as a toast, a failed re-check
   * with the button `held` for a second (en, ja), else the form's `errors`.
   */
  cooling: (w: W, e: AnyEvent, held: readonly [string, string], errors: () => string) => {
    if (e.type === 'xstate.done.actor.place') return codeToast(w, codeOf(e) ?? 0);
    if (loadKind(e) === 'failed')
      return w.say(`${serverError(w)}; ${held[0]}`, `${serverError(w)}。${held[1]}`);
    return errors();
  },
  /** The states both forms show alike (the background ones quiet); checking and placing name their own call. */
  states: {
    'editing.ready': () => '',
    'editing.ready.polling': () => '',
    'editing.refreshing': () => '',
    left: backToChart,
  },
  /** The short names both forms' states share. */
  names: {
    loading: ['Loading the product', '商品を読み込み中'],
    loadFailed: ['Product failed to load', '商品の読み込み失敗'],
    'editing.ready': ['Form ready', 'フォーム入力可'],
    'editing.ready.polling': ['Prices updating', '価格を更新中'],
    'editing.refreshing': ['Refreshing the product', '商品を更新中'],
    'editing.cooling': ['Short pause after an order', '注文後の待機'],
    checking: ['Checking the order', '注文を確認中'],
    placing: ['Placing the order', '注文中'],
    placed: ['Order placed', '注文済み'],
    left: ['Left the screen', '画面を離れた'],
  } satisfies Record<string, StateName>,
};

/** The toggles and typed values before this step (for “tick” or “untick”). */
export const count = (c: StepCtx, type: string) => c.history.filter((x) => x.type === type).length;

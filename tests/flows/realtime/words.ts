/**
 * The real-time connections in a person's words (paths.ts beside it):
 * the market channel (prices, connected from start-up) and the exchange
 * channel (your orders, connected while signed in), src/ui/boot/*-data.ts.
 * Drops and silence come from the console's Faults tab (Drop / Freeze /
 * Stall / Resume a channel: Stall holds the channel's next connection
 * unopened, and is kept across a reload); what shows is the offline banner
 * (src/ui/components/offline-banner.tsx) and, after 10 failed reconnects,
 * the "Connection failed" alert and a page reload (src/ui/boot/services.ts).
 */
import {
  RECONNECT_MAX_ATTEMPTS,
  RECONNECT_STEP_MS,
  STALE_AFTER_MS,
} from '../../../src/config/constants.ts';
import type { AnyEvent, Say, StateName, StepCtx, W, Words } from '../../paths/plan/words.ts';
import { automatedOnly, signIn, wait } from '../../paths/words/common.ts';
import { logOut, signInAgain } from '../session/screen.ts';

type Ch = 'market' | 'exchange';
const chOf = (e: AnyEvent) => e.channel as Ch;
const faults = (w: W, key: string, ch: Ch) => w.console('faults', w.q(key, { ch }));
/** The channel an event is about (delays carry it in their state path). */
const chanOf = (x: AnyEvent): Ch =>
  (x.channel as Ch | undefined) ?? (x.type.includes('.realtime.market.') ? 'market' : 'exchange');
const isStale = (x: AnyEvent) => x.type.startsWith('xstate.after.staleTimeout.');
const starts = (x: AnyEvent) => x.type === 'channel.activate' || x.type.includes('ReconnectDelay');
/** Reconnect attempts since the last message, after `history` (what the machine counts). */
const attemptsOf = (history: AnyEvent[], ch: Ch) => {
  let n = 0;
  for (const x of history.filter((y) => chanOf(y) === ch)) {
    if (x.type === 'channel.message' || x.type === 'channel.activate') n = 0;
    else if (x.type === 'channel.closed' || isStale(x)) n++;
  }
  return n;
};
const attempts = (c: StepCtx, ch: Ch) => attemptsOf(c.history, ch);
/** The connection a step starts, from the events after it: does it open, does a message come? */
const aheadOf = (later: AnyEvent[], ch: Ch) => {
  let opens = false;
  let hears = false;
  for (const x of later.filter((y) => chanOf(y) === ch)) {
    if (starts(x)) break;
    if (x.type === 'channel.open') opens = true;
    if (x.type === 'channel.message') hears = true;
  }
  return { opens, hears };
};
const ahead = (c: StepCtx, ch: Ch) => aheadOf(c.later ?? [], ch);
/** The channel's connection has not opened since it last started, after `history`. */
const unopenedOf = (history: AnyEvent[], ch: Ch) => {
  const mine = history.filter((x) => chanOf(x) === ch);
  const start = mine.findLastIndex(starts);
  return start >= 0 && !mine.slice(start).some((x) => x.type === 'channel.open');
};
const unopened = (c: StepCtx, ch: Ch) => unopenedOf(c.history, ch);
/**
 * Frozen in the console by an earlier step and not resumed since: the
 * earlier steps' instructions replayed (each is decided as below, from the
 * path around it; a message step resumes).
 */
const frozen = (c: StepCtx, ch: Ch, e: AnyEvent) => {
  const all = [...c.history, e, ...(c.later ?? [])];
  let on = false;
  c.history.forEach((x, j) => {
    if (chanOf(x) !== ch) return;
    const before = all.slice(0, j);
    if (x.type === 'channel.message') on = false;
    else if (x.type === 'channel.closed')
      on ||= attemptsOf(before, ch) === 1 && !unopenedOf(before, ch);
    else if (isStale(x)) on ||= !unopenedOf(before, ch);
    else if (starts(x)) {
      const { opens, hears } = aheadOf(all.slice(j + 1), ch);
      on ||= opens && !hears;
    }
  });
  return on;
};
/** How many connections in a row, from the one this step starts, do not open. */
const heldInARow = (c: StepCtx, ch: Ch) => {
  const later = (c.later ?? []).filter((x) => chanOf(x) === ch);
  let n = 0;
  for (let from = 0; from <= later.length;) {
    if (aheadOf(later.slice(from), ch).opens) break;
    n++;
    const next = later.findIndex((x, i) => i >= from && starts(x));
    if (next < 0) break;
    from = next + 1;
  }
  return n;
};
/** Stall is pressed once per connection to hold, all before the first (reconnects come too fast to press between). */
const stall = (w: W, c: StepCtx, ch: Ch) => {
  const n = heldInARow(c, ch);
  return n === 1
    ? faults(w, 'console.stall', ch)
    : w.say(
        `${faults(w, 'console.stall', ch)} ${n} times (the next ${n} connections do not open)`,
        `${faults(w, 'console.stall', ch)}を${n}回（次の${n}回の接続は開かない）`,
      );
};
/** Before a connection starts: hold it unopened, or keep it silent once open, as the path needs. */
const arrangeConnection = (w: W, e: AnyEvent, c: StepCtx, ch: Ch) => {
  const { opens, hears } = ahead(c, ch);
  // Held already: the stall was pressed for it with the first of the row.
  if (!opens) return unopened(c, ch) ? '' : `${stall(w, c, ch)}, then `;
  if (!hears && !frozen(c, ch, e)) return `${faults(w, 'console.freeze', ch)}, then `;
  return '';
};

const banner = (w: W) =>
  w.say(
    `A red banner: ${w.quote(`${w.t('tips.network_abnormal')} · ${w.t('tips.reconnecting')}`)}`,
    `赤いバナー：${w.quote(`${w.t('tips.network_abnormal')} · ${w.t('tips.reconnecting')}`)}`,
  );

const staleFrom: Say = (w, e, c) => {
  const ch = chanOf(e);
  if (unopened(c, ch))
    return w.say(
      `${wait(w, STALE_AFTER_MS)} (the connection does not open)`,
      `${wait(w, STALE_AFTER_MS)}（接続は開かない）`,
    );
  const freeze = !frozen(c, ch, e);
  return freeze
    ? w.say(
        `Silence the channel: ${faults(w, 'console.freeze', ch)}; ${wait(w, STALE_AFTER_MS)}`,
        `チャネルを無音にする：${faults(w, 'console.freeze', ch)}。${wait(w, STALE_AFTER_MS)}`,
      )
    : w.say(
        `${wait(w, STALE_AFTER_MS)} (still silent)`,
        `${wait(w, STALE_AFTER_MS)}（無音のまま）`,
      );
};
const reconnect: Say = (w, e, c) => {
  const ch = chanOf(e);
  const n = Math.max(1, attempts(c, ch));
  const first = arrangeConnection(w, e, c, ch);
  return w.say(
    `${first}${wait(w, RECONNECT_STEP_MS * n)} (reconnect attempt ${n})`,
    `${first}${wait(w, RECONNECT_STEP_MS * n)}（再接続 ${n} 回目）`,
  );
};
/** What shows for one channel's silence: prices stop; the banner once every active channel is silent. */
const silent = (w: W, ch: Ch) =>
  ch === 'market'
    ? w.say(`Prices stop moving; ${banner(w)}`, `価格が止まる。${banner(w)}`)
    : w.say(
        'Nothing shows while prices still move (the banner needs every channel silent)',
        '価格が動いている間は表示なし（バナーはすべてのチャネルが無音のときのみ）',
      );

export const realtimeWords: Words = {
  machine: 'realtime',
  title: (w) => w.say('Real-time connections', 'リアルタイム接続'),
  open: (w, spec) =>
    spec.includes('exchange')
      ? w.say(
          'Open the home page (address /), signed out',
          'ホーム画面（アドレス /）をログアウト状態で開く',
        )
      : w.say(
          'Have a new browser tab ready (the app not open yet)',
          '新しいブラウザタブを用意する（アプリはまだ開かない）',
        ),
  before: (w, spec) => [
    ...(spec.includes('exchange') ? [signIn(w, 'rt@example.com', 'secret123'), logOut(w)] : []),
    w.say(
      `Between paths: ${faults(w, 'console.resume', spec.includes('exchange') ? 'exchange' : 'market')} and reload the page`,
      `パスの合間に：${faults(w, 'console.resume', spec.includes('exchange') ? 'exchange' : 'market')}、ページを再読み込み`,
    ),
  ],
  events: {
    'channel.activate': (w, e, c) => {
      const ch = chOf(e);
      // The stall is kept across the reload: the reload's connection is the one held.
      if (ch === 'market' && !ahead(c, ch).opens)
        return w.say(
          `Open the home page (address /); ${stall(w, c, ch)}; reload the page`,
          `ホーム画面（アドレス /）を開く。${stall(w, c, ch)}。ページを再読み込み`,
        );
      const first = arrangeConnection(w, e, c, ch);
      if (ch === 'exchange') return `${first}${signInAgain(w, 'rt@example.com')}`;
      return first
        ? w.say(
            `Open the home page (address /); at once ${faults(w, 'console.freeze', ch)}`,
            `ホーム画面（アドレス /）を開き、すぐに${faults(w, 'console.freeze', ch)}`,
          )
        : w.say('Open the home page (address /)', 'ホーム画面（アドレス /）を開く');
    },
    'channel.deactivate': (w, e) =>
      chOf(e) === 'market'
        ? automatedOnly(w, w.say('the price channel switched off', '価格チャネルの停止'))
        : logOut(w),
    // Raised by the machine itself when a channel goes silent: never a step of its own.
    'channel.stale': () => '',
    'channel.open': (w) => w.say('Nothing to do: the connection opens', '操作なし：接続が開く'),
    'channel.message': (w, e, c) => {
      const ch = chOf(e);
      const resume = frozen(c, ch, e)
        ? w.say(
            `${faults(w, 'console.resume', ch)}, then `,
            `${faults(w, 'console.resume', ch)}、続けて`,
          )
        : '';
      return ch === 'market'
        ? w.say(`${resume}Wait for the next price tick`, `${resume}次の価格更新を待つ`)
        : w.say(
            `${resume}Buy 0.01 BTCUSDT at market (the server sends your orders)`,
            `${resume}BTCUSDT を 0.01 成行買い（サーバーが注文を送る）`,
          );
    },
    'channel.closed': (w, e, c) => {
      const ch = chOf(e);
      // A price between drops would reset the count: the channel must stay silent.
      const keep =
        attempts(c, ch) === 1 && !unopened(c, ch) && !frozen(c, ch, e)
          ? w.say(
              ` (first ${faults(w, 'console.freeze', ch)}, so no message resets the count; then drop it each time it reconnects)`,
              `（先に${faults(w, 'console.freeze', ch)}。メッセージで回数がリセットされないように。以後は再接続のたびに切断）`,
            )
          : '';
      return `${faults(w, 'console.drop', ch)}${keep}`;
    },
  },
  actors: {},
  delays: {
    marketReconnectDelay: reconnect,
    exchangeReconnectDelay: reconnect,
    staleTimeout: staleFrom,
  },
  states: {},
  names: {},
  titles: {},
};

for (const ch of ['market', 'exchange'] as const) {
  const s = realtimeWords.states;
  s[ch] = () => '';
  s[`${ch}.idle`] = () => '';
  s[`${ch}.active`] = () => '';
  s[`${ch}.active.conn`] = () => '';
  s[`${ch}.active.conn.live`] = () => '';
  s[`${ch}.active.conn.live.connecting`] = (w, e) =>
    e.type !== 'channel.activate'
      ? ''
      : ch === 'market'
        ? w.say('The home page loads', 'ホーム画面が表示される')
        : w.say('Signed in', 'ログイン済み');
  s[`${ch}.active.conn.live.open`] = (w, e, c) =>
    e.type === 'channel.open' && !frozen(c, ch, e)
      ? ch === 'market'
        ? w.say('Prices start moving', '価格が動き出す')
        : w.say('Your orders and balance show', '注文と残高が表示される')
      : '';
  s[`${ch}.active.conn.reconnecting`] = (w, e) =>
    e.type === 'channel.closed'
      ? w.say(
          'A moment without updates; the app reconnects by itself',
          '一瞬更新が止まり、アプリが自動で再接続する',
        )
      : '';
  s[`${ch}.active.conn.failed`] = (w) =>
    w.say(
      `After ${RECONNECT_MAX_ATTEMPTS} failed reconnects: an alert ${w.q('tips.connection_failed')}; after OK the page reloads`,
      `再接続に${RECONNECT_MAX_ATTEMPTS}回失敗：アラート${w.q('tips.connection_failed')}。OK の後ページが再読み込みされる`,
    );
  s[`${ch}.active.watch`] = () => '';
  s[`${ch}.active.watch.fresh`] = (w, e) =>
    e.type === 'channel.message' && ch === 'market'
      ? w.say('Prices move; no banner', '価格が動く。バナーなし')
      : '';
  // Said when the channel turns silent, not again at each later check.
  s[`${ch}.active.watch.stale`] = (w, e) => (e.type.endsWith('.watch.fresh') ? silent(w, ch) : '');
  const [en, ja] = ch === 'market' ? ['Prices', '価格'] : ['Account updates', '口座の更新'];
  Object.assign(realtimeWords.names as Record<string, StateName>, {
    [ch]: [`${en} channel`, `${ja}チャネル`],
    [`${ch}.idle`]: [`${en}: not needed`, `${ja}：不要`],
    [`${ch}.active`]: [`${en}: in use`, `${ja}：使用中`],
    [`${ch}.active.conn`]: [`${en}: connection`, `${ja}：接続`],
    [`${ch}.active.conn.live`]: [`${en}: connected`, `${ja}：接続中`],
    [`${ch}.active.conn.live.connecting`]: [`${en}: connecting`, `${ja}：接続処理中`],
    [`${ch}.active.conn.live.open`]: [`${en}: open`, `${ja}：受信可能`],
    [`${ch}.active.conn.reconnecting`]: [`${en}: reconnecting`, `${ja}：再接続中`],
    [`${ch}.active.conn.failed`]: [`${en}: connection failed`, `${ja}：接続失敗`],
    [`${ch}.active.watch`]: [`${en}: watching for silence`, `${ja}：無音の監視`],
    [`${ch}.active.watch.fresh`]: [`${en}: arriving`, `${ja}：受信中`],
    [`${ch}.active.watch.stale`]: [`${en}: silent`, `${ja}：無音`],
  } satisfies Record<string, StateName>);
  const t = realtimeWords.titles as Record<string, Say>;
  t[`${ch}.active.conn.live|channel.closed|1`] = (w) =>
    w.say(`${ch}: reconnects give up after drops`, `${ch}：切断が続き再接続を断念`);
  t[`${ch}.active.conn.live|channel.stale|1`] = (w) =>
    w.say(`${ch}: reconnects give up while silent`, `${ch}：無音が続き再接続を断念`);
  t[`${ch}.active.watch.stale|channel.message|0`] = (w) =>
    w.say(`${ch}: silent, then back`, `${ch}：無音の後に復帰`);
  t[`${ch}.active.conn.live.connecting|channel.open|0`] = (w) =>
    w.say(`${ch}: connects and receives`, `${ch}：接続して受信`);
  if (ch === 'exchange')
    t[`${ch}|channel.deactivate|0`] = (w) =>
      w.say('exchange: signing out closes it', 'exchange：ログアウトで閉じる');
}

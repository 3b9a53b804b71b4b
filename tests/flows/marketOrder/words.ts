/**
 * The market order form in a person's words (tests/flows/marketOrder/paths.ts;
 * screen src/ui/flows/marketOrder/place.tsx, form src/ui/flows/marketOrder/form.tsx).
 * What the form shows is read from the machine replayed through the path
 * (screen.ts); market conditions are set in the console's Market
 * tab, the trade ban in its Account tab.
 */
import { mockVariant } from '../../../src/api/contract.ts';
import type { OrderField } from '../../../src/machines/marketOrder/machine.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  directionOf,
  errorsShown,
  fieldShown,
  formOf,
  label,
  margin,
  mistakes,
  placeButton,
  typedPrice,
} from './screen.ts';
import {
  arrangeLoad,
  busy,
  count,
  demoSpec,
  delays,
  directionTab,
  isLoad,
  loadKind,
  openForm,
  orderForm,
  samplePrice,
  serverError,
  symbolOf,
} from '../../paths/words/trade.screen.ts';

// Only the form calls productOrderInfo on this screen, so the armed fault reaches it.
const arrange = (w: W, e: AnyEvent, c: StepCtx) => arrangeLoad(w, e, c, 'productOrderInfo');
const available = (w: W, spec: string) => orderForm.available(w, spec, ['order', '注文']);
const toggle = (w: W, c: StepCtx, type: string, key: string) =>
  count(c, type) % 2 === 0
    ? w.say(`Tick ${w.q(key)}`, `${w.q(key)}にチェック`)
    : w.say(`Untick ${w.q(key)}`, `${w.q(key)}のチェックを外す`);
const shown = (w: W, key: string, on: boolean) =>
  on
    ? w.say(`The field ${w.q(key)} appears, empty`, `入力欄${w.q(key)}が空で表示される`)
    : w.say(`The field ${w.q(key)} goes away`, `入力欄${w.q(key)}が消える`);
const closedButton = (w: W) =>
  w.say(
    `the button reads ${w.q('order.marketClosed')} and cannot be pressed; the fields are read-only`,
    `ボタンは${w.q('order.marketClosed')}で押せない。入力欄は読み取り専用`,
  );

/** What the open form shows after this step (the refusals are under editing.cooling). */
function editing(w: W, e: AnyEvent, c: StepCtx): string {
  const f = formOf(c, e);
  const field = e.field as OrderField;
  if (e.type === 'xstate.done.actor.load')
    return w.say(
      `The form: ${w.q('order.sellPrice')} and ${w.q('order.buyPrice')} with live prices, ${w.q('order.leverage')} 1:${f.info?.multiple}; ${fieldShown(w, f, 'volume')}; ${available(w, c.spec)}; the button ${placeButton(w, f)}`,
      `フォーム：${w.q('order.sellPrice')}と${w.q('order.buyPrice')}にライブ価格、${w.q('order.leverage')} 1:${f.info?.multiple}。${fieldShown(w, f, 'volume')}。${available(w, c.spec)}。ボタン${placeButton(w, f)}`,
    );
  if (e.type === 'xstate.done.actor.reopen')
    return w.say(
      `The market is open again: the button reads ${placeButton(w, f)} and the fields can be edited`,
      `市場が再開：ボタンは${placeButton(w, f)}になり、入力できる`,
    );
  const background = orderForm.background(w, e, placeButton(w, f));
  if (background !== undefined) return background;
  if (e.type === 'field.change') return fieldShown(w, f, field);
  if (e.type === 'field.blur') return fieldShown(w, f, field, formOf(c));
  if (e.type === 'pending.toggle')
    return [shown(w, 'order.pendingPrice', f.pending), margin(w, f)].join(w.say('; ', '。'));
  if (e.type === 'stopLoss.toggle') return shown(w, 'order.stopLoss', f.stopLossOn);
  if (e.type === 'takeProfit.toggle') return shown(w, 'order.takeProfit', f.takeProfitOn);
  if (e.type === 'direction.change')
    return w.say(
      `The tab ${w.q('order.sell')} is chosen; the button reads ${placeButton(w, f)}`,
      `タブ${w.q('order.sell')}が選ばれ、ボタンは${placeButton(w, f)}`,
    );
  if (e.type === 'price.update')
    return w.say(
      `${w.q('order.sellPrice')} and ${w.q('order.buyPrice')} follow the market, the buy price a little above the sell price`,
      `${w.q('order.sellPrice')}と${w.q('order.buyPrice')}が相場に合わせて動く。買値は売値より少し高い`,
    );
  if (e.type.startsWith('xstate.after.duplicateClick'))
    return w.say(
      `The button ${placeButton(w, f)} is no longer faint and takes a press again`,
      `ボタン${placeButton(w, f)}の薄い表示が戻り、再び押せる`,
    );
  return '';
}

export const marketOrderWords: Words = {
  machine: 'marketOrder',
  title: (w) => w.say('Market order form', '成行・指値注文フォーム'),
  open: (w, spec) => {
    const symbol = symbolOf(spec);
    const d = directionOf(spec);
    return openForm(w, 'place', symbol, d, d === 2 ? '' : w.quote(`${w.t('order.buy')} ${symbol}`));
  },
  before: (w, spec) => orderForm.before(w, spec, 'trader@example.com', 'market'),
  events: {
    'field.change': (w, e, c) =>
      e.field === 'volume'
        ? w.say(
            `Type “${e.value as string}” in ${label(w, 'volume')}`,
            `${label(w, 'volume')}に「${e.value as string}」と入力`,
          )
        : typedPrice(w, e.value as string, samplePrice(c), e.field as OrderField),
    'field.blur': (w, e) =>
      w.say(
        `Leave ${label(w, e.field as OrderField)} (press Tab or tap outside it)`,
        `${label(w, e.field as OrderField)}から離れる（Tab キーか欄の外をタップ）`,
      ),
    'direction.change': (w) => directionTab(w, w.q('order.sell')),
    'pending.toggle': (w, e, c) => toggle(w, c, e.type, 'order.pending'),
    'stopLoss.toggle': (w, e, c) => toggle(w, c, e.type, 'order.stopLoss'),
    'takeProfit.toggle': (w, e, c) => toggle(w, c, e.type, 'order.takeProfit'),
    'price.update': (w) =>
      w.say(
        'Watch the prices for a few seconds (the live feed moves them)',
        '数秒間価格を見る（ライブ配信で動く）',
      ),
    'form.submit': (w, e, c) => orderForm.pressButton(w, placeButton(w, formOf(c))),
    ...orderForm.events,
  },
  actors: { ...orderForm.actors(arrange), reopen: { done: arrange } },
  delays,
  states: {
    loading: (w) =>
      w.transient(
        w.say(
          `The form with — for the prices and the button ${w.q('common.loading')}`,
          `価格が — のフォームとボタン${w.q('common.loading')}`,
        ),
        'productOrderInfo',
      ),
    loadFailed: (w) => orderForm.loadFailed(w, [303, 604]),
    unavailable: (w, e) => {
      if (!isLoad(e)) return '';
      if (loadKind(e) === 'failed')
        return w.say(
          `${serverError(w)}; the button still reads ${w.q('order.marketClosed')}`,
          `${serverError(w)}。ボタンは${w.q('order.marketClosed')}のまま`,
        );
      return e.type === 'xstate.done.actor.reopen'
        ? w.say(
            `Still closed: the button reads ${w.q('order.marketClosed')}`,
            `休止のまま：ボタンは${w.q('order.marketClosed')}`,
          )
        : w.say(`The form, but ${closedButton(w)}`, `フォームは出るが、${closedButton(w)}`);
    },
    'unavailable.waiting': () => '',
    'unavailable.refreshing': () => '',
    editing,
    ...orderForm.states,
    'editing.cooling': (w, e, c) =>
      orderForm.cooling(w, e, ['the button is faint for a second', 'ボタンが1秒間薄くなる'], () =>
        errorsShown(w, formOf(c, e)),
      ),
    checking: (w) => busy(w, 'productOrderInfo'),
    placing: (w, _e, c) => busy(w, demoSpec(c.spec) ? mockVariant.addOrder : 'addOrder'),
    placed: (w) =>
      w.say(
        `The drawer ${w.q('order.placedTitle')}: ${w.q('order.placedText', { id: '…' })} with ${w.q('order.viewPositions')} and ${w.q('order.continue')}`,
        `ドロワー${w.q('order.placedTitle')}：${w.q('order.placedText', { id: '…' })}、${w.q('order.viewPositions')}と${w.q('order.continue')}`,
      ),
  },
  names: {
    ...orderForm.names,
    unavailable: ['Trading unavailable', '取引不可'],
    'unavailable.waiting': ['Waiting to check again', '再確認まで待機'],
    'unavailable.refreshing': ['Checking again', '再確認中'],
    editing: ['Order form', '注文フォーム'],
  },
  titles: {
    'loading|xstate.done.actor.load|1': (w) =>
      w.say('Market closed when the form opens', 'フォームを開いた時点で市場休止'),
    ...orderForm.titles,
    'unavailable.refreshing|xstate.done.actor.reopen|0': (w) =>
      w.say('A failed check keeps the market closed', 'チェック失敗では休止のまま'),
    'unavailable.refreshing|xstate.done.actor.reopen|1': (w) =>
      w.say('The market stays closed', '市場は休止のまま'),
    'unavailable.refreshing|xstate.done.actor.reopen|2': (w) =>
      w.say('The market reopens', '市場が再開する'),
    'editing.refreshing|xstate.done.actor.refresh|1': (w) =>
      w.say('The market closes while the form is open', 'フォーム表示中に市場が休止'),
    'editing.refreshing|form.submit|0': (w) =>
      w.say(
        'Place the order during the minute’s refresh of the product',
        '毎分の銘柄更新の最中に注文する',
      ),
    'checking|xstate.done.actor.recheck|1': (w) =>
      w.say('The market closes just before submit', '送信直前に市場が休止'),
    'checking|xstate.done.actor.recheck|2': (w, e, c) =>
      orderForm.refused(w, mistakes(w, formOf(c, e))),
    'placing|xstate.done.actor.place|0': (w, e, c) => {
      const f = formOf(c, e);
      const extras = [
        f.pending ? w.say('pending', '指値') : '',
        f.stopLossOn ? w.say('a stop loss', '損切り') : '',
        f.takeProfitOn ? w.say('a take profit', '利確') : '',
      ].filter(Boolean);
      return extras.length
        ? w.say(`Order placed with ${extras.join(', ')}`, `${extras.join('・')}付きで注文`)
        : w.say('Order placed', '注文成立');
    },
    'editing|direction.change|0': (w) => w.say('Switch to Sell', '売りに切り替え'),
    'editing|pending.toggle|0': (w) => w.say('Pending order', '指値注文'),
    'editing|stopLoss.toggle|0': (w) => w.say('Stop loss', '損切り'),
    'editing|takeProfit.toggle|0': (w) => w.say('Take profit field', '利確の入力欄'),
    'editing|price.update|0': (w) => w.say('Prices follow the market', '価格が相場に追随'),
    'editing|field.blur|0': (w, e) =>
      e.field === 'volume'
        ? w.say('Volume raised to the minimum', '数量が最小値に補正される')
        : e.field === 'price'
          ? w.say('Pending price checked on leaving it', '指値価格は離れた時にチェック')
          : w.say(
              `${w.t(`order.${e.field as string}`)} moved to the allowed side`,
              `${w.t(`order.${e.field as string}`)}が許される側へ補正される`,
            ),
  },
};

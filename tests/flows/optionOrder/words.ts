/**
 * The option order form in a person's words (tests/flows/optionOrder/paths.ts;
 * screen src/ui/flows/optionOrder/place.tsx, form src/ui/flows/optionOrder/form.tsx).
 * What the form shows is read from the machine replayed through the path;
 * market conditions are set in the console's Market tab, the trade ban in its
 * Account tab (trade.screen.ts).
 */
import { mockVariant } from '../../../src/api/contract.ts';
import {
  optionOrderMachine,
  type OptionOrderContext,
} from '../../../src/machines/optionOrder/machine.ts';
import { formatDuration } from '../../../src/ui/format.ts';
import { profitIfWon } from '../../../src/machines/validation/options.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import { toast, type } from '../../paths/words/common.ts';
import {
  arrangeLoad,
  busy,
  delays,
  demoSpec,
  directionTab,
  loadKind,
  openForm,
  orderForm,
  replay,
  symbolOf,
  toChart,
} from '../../paths/words/trade.screen.ts';

const modeOf = (spec: string) => (spec.includes('market mode') ? 'market' : 'option');

/** The form's context after the path so far (this step included when `e` is given). */
const formOf = (c: StepCtx, e?: AnyEvent): OptionOrderContext =>
  replay(
    optionOrderMachine,
    { symbol: symbolOf(c.spec), demo: demoSpec(c.spec), direction: 0, tradeMode: modeOf(c.spec) },
    e ? [...c.history, e] : c.history,
  ).context;

const termOf = (f: OptionOrderContext) =>
  f.delivery === undefined ? undefined : f.deliveries[f.delivery];
/** A delivery choice as the form labels it. */
const choice = (w: W, d: OptionOrderContext['deliveries'][number]) =>
  w.quote(`${d.name || formatDuration(d.timeLong)} · ${d.profitRate}%`);
const button = (w: W, f: OptionOrderContext) =>
  w.q(f.direction === 0 ? 'option.placeLong' : 'option.placeShort', { symbol: f.symbol });
const amountLabel = (w: W) => w.q('option.amount');
const available = (w: W, spec: string) => orderForm.available(w, spec, ['option', '購入']);
const amountShown = (w: W, f: OptionOrderContext) =>
  f.amount === ''
    ? w.say(`${amountLabel(w)} is empty`, `${amountLabel(w)}は空`)
    : w.say(`${amountLabel(w)} shows ${f.amount}`, `${amountLabel(w)}は ${f.amount}`);

/** Every error the form shows, in screen order. */
function errorsShown(w: W, f: OptionOrderContext): string {
  const under = (key: string, err: string) =>
    w.say(`under ${w.q(key)} the error ${w.q(err)}`, `${w.q(key)}の下にエラー${w.q(err)}`);
  const out: string[] = [];
  if (f.errors.delivery) out.push(under('option.deliveryTime', f.errors.delivery));
  if (f.errors.amount) out.push(under('option.amount', f.errors.amount));
  if (f.errors.balance) out.push(orderForm.balanceError(w, f.errors.balance));
  return out.join(w.say('; ', '。'));
}

/** Why the form refused a submit, in a few words (for titles). */
function mistakes(w: W, f: OptionOrderContext): string {
  const names: Record<string, [string, string]> = {
    delivery_empty_rule: ['no delivery time', '満期未選択'],
    amount_empty_rule: ['no amount', '金額なし'],
    amount_positive_int_rule: ['amount not a whole number', '金額が整数でない'],
    amount_range_rule: ['amount out of range', '金額が範囲外'],
    insufficient_balance: ['balance too low', '残高不足'],
  };
  return Object.values(f.errors)
    .filter((k): k is string => !!k)
    .map((k) => w.say(...(names[k] ?? [k, k])))
    .join(w.say(', ', '、'));
}

/** What the open form shows after this step (the refusals are under editing.cooling). */
function editing(w: W, e: AnyEvent, c: StepCtx): string {
  const f = formOf(c, e);
  const term = termOf(f);
  if (e.type === 'xstate.done.actor.load')
    return w.say(
      `The form: ${w.q('option.deliveryTime')} offers ${f.deliveries.map((d) => choice(w, d)).join(', ')}, none chosen; ${amountShown(w, f)}; ${w.q('option.payout')} shows —; ${available(w, c.spec)}; the button ${button(w, f)}`,
      `フォーム：${w.q('option.deliveryTime')}は${f.deliveries.map((d) => choice(w, d)).join('、')}で未選択。${amountShown(w, f)}。${w.q('option.payout')}は —。${available(w, c.spec)}。ボタン${button(w, f)}`,
    );
  const background = orderForm.background(w, e, button(w, f));
  if (background !== undefined) return background;
  if (e.type === 'delivery.select' && term) {
    const hint = w.q('option.range', { min: term.min, max: term.max });
    return w.say(
      `${choice(w, term)} is chosen; under ${amountLabel(w)} the hint ${hint} and the shortcuts ${term.chips.join(' ')}; ${w.q('option.payout')} ${term.profitRate}%`,
      `${choice(w, term)}が選ばれ、${amountLabel(w)}の下にヒント${hint}とショートカット ${term.chips.join(' ')}。${w.q('option.payout')} ${term.profitRate}%`,
    );
  }
  if (e.type === 'field.change' || e.type === 'chip.select') return amountShown(w, f);
  if (e.type === 'field.blur' && term)
    return w.say(
      `${errorsShown(w, f)}, with the hint ${w.q('option.range', { min: term.min, max: term.max })} still under it`,
      `${errorsShown(w, f)}。その下にヒント${w.q('option.range', { min: term.min, max: term.max })}が残る`,
    );
  if (e.type === 'direction.change')
    return w.say(
      `The tab ${w.q('option.short')} is chosen; the button reads ${button(w, f)}`,
      `タブ${w.q('option.short')}が選ばれ、ボタンは${button(w, f)}`,
    );
  if (e.type === 'price.update')
    return w.say(
      'Nothing on the form changes (it keeps the newest price for the order)',
      'フォームの表示は変わらない（注文用に最新価格を保持）',
    );
  if (e.type.startsWith('xstate.after.duplicateClick'))
    return w.say(
      `The button ${button(w, f)} can be pressed again`,
      `ボタン${button(w, f)}が再び押せる`,
    );
  return '';
}

/** The drawer of a placed option, and the stake gone from the cash behind it. */
function placed(w: W, e: AnyEvent, c: StepCtx): string {
  const f = formOf(c, e);
  const term = termOf(f);
  if (e.type.startsWith('xstate.after.balancePoll'))
    return w.say(
      `Behind the drawer, ${w.q('order.available')} is ${f.amount} lower than before the purchase`,
      `ドロワーの後ろで${w.q('order.available')}が購入前より ${f.amount} 少ない`,
    );
  const time = formatDuration(term?.timeLong ?? 0);
  const side = w.t(f.direction === 0 ? 'option.long' : 'option.short');
  const win = term ? profitIfWon(Number(f.amount), term.profitRate) : '';
  const facts = w.say(
    `${w.q('position.direction')} ${side} ${f.symbol}, ${w.q('option.amount')} ${f.amount}, ${w.q('option.openPrice')} (the server's), ${w.q('option.payout')} ${term?.profitRate}%, ${w.q('option.ifWon')} ${win}`,
    `${w.q('position.direction')} ${side} ${f.symbol}、${w.q('option.amount')} ${f.amount}、${w.q('option.openPrice')}（サーバーの価格）、${w.q('option.payout')} ${term?.profitRate}%、${w.q('option.ifWon')} ${win}`,
  );
  return w.say(
    `The drawer ${w.q('option.placedTitle')}: ${w.q('option.placedText', { time })}, ${facts}, a progress bar and ${w.q('option.timeLeft', { seconds: term?.timeLong })} counting down`,
    `ドロワー${w.q('option.placedTitle')}：${w.q('option.placedText', { time })}、${facts}、進捗バーと${w.q('option.timeLeft', { seconds: term?.timeLong })}のカウントダウン`,
  );
}

// On the phone screen only the form asks for the option product: the armed fault reaches it.
const arrange = (w: W, e: AnyEvent, c: StepCtx) => arrangeLoad(w, e, c, 'findOptionsProduct');

export const optionOrderWords: Words = {
  machine: 'optionOrder',
  title: (w) => w.say('Option order form', 'オプション注文フォーム'),
  open: (w, spec) => {
    const symbol = symbolOf(spec);
    const title = w.quote(`${w.t('option.long')} ${symbol}`);
    return openForm(w, 'placeOption', symbol, 0, modeOf(spec) === 'option' ? title : '');
  },
  before: (w, spec) => orderForm.before(w, spec, 'options@example.com', modeOf(spec)),
  events: {
    'delivery.select': (w, e, c) => {
      const d = formOf(c).deliveries[e.index as number];
      const shown = d ? choice(w, d) : `#${e.index}`;
      return w.say(
        `Under ${w.q('option.deliveryTime')} press ${shown}`,
        `${w.q('option.deliveryTime')}で${shown}を押す`,
      );
    },
    'field.change': (w, e) => type(w, e.value, 'option.amount'),
    'field.blur': (w) =>
      w.say(
        `Leave ${amountLabel(w)} (press Tab or tap outside it)`,
        `${amountLabel(w)}から離れる（Tab キーか欄の外をタップ）`,
      ),
    'chip.select': (w, e) =>
      w.say(
        `Press the amount shortcut “${e.value as number}” under ${amountLabel(w)}`,
        `${amountLabel(w)}の下の金額ショートカット「${e.value as number}」を押す`,
      ),
    'direction.change': (w) => directionTab(w, w.q('option.short')),
    'price.update': (w) =>
      w.say('Wait a few seconds (the live price moves on)', '数秒待つ（ライブ価格が動く）'),
    'form.submit': (w, e, c) => orderForm.pressButton(w, button(w, formOf(c))),
    ...orderForm.events,
  },
  actors: orderForm.actors(arrange),
  delays,
  states: {
    loading: (w) =>
      w.transient(
        w.say(
          `The form with no delivery times yet and the button ${w.q('common.loading')}`,
          `満期がまだないフォームとボタン${w.q('common.loading')}`,
        ),
        'findOptionsProduct',
      ),
    loadFailed: (w) => orderForm.loadFailed(w, [604]),
    editing,
    ...orderForm.states,
    'editing.cooling': (w, e, c) =>
      orderForm.cooling(
        w,
        e,
        ['the button cannot be pressed for a second', 'ボタンは1秒間押せない'],
        () => errorsShown(w, formOf(c, e)),
      ),
    checking: (w) => busy(w, 'findOptionsProduct'),
    placing: (w, _e, c) =>
      busy(w, demoSpec(c.spec) ? mockVariant.addOrderOption : 'addOrderOption'),
    placed,
    'placed.polling': () => '',
    closed: (w, e) => {
      // The chart checks the product in turn: closed hours leave it showing history only.
      const chart =
        loadKind(e) === 'closed'
          ? w.say(
              `, where ${w.q('chart.historyOnly')} shows above the disabled buttons`,
              `。ボタンは押せず、その上に${w.q('chart.historyOnly')}`,
            )
          : '';
      return w.say(
        `${toast(w, w.t('index.closed'))}; ${toChart(w)}${chart}`,
        `${toast(w, w.t('index.closed'))}。${toChart(w)}${chart}`,
      );
    },
  },
  names: {
    ...orderForm.names,
    editing: ['Option form', 'オプション注文フォーム'],
    'placed.polling': ['Following the order', '注文を追跡中'],
    closed: ['Trading closed', '取引終了'],
  },
  titles: {
    'loading|xstate.done.actor.load|1': (w) =>
      w.say('Product closed when the form opens', 'フォームを開いた時点で銘柄が休止'),
    ...orderForm.titles,
    'editing.refreshing|xstate.done.actor.refresh|1': (w) =>
      w.say('The product closes while the form is open', 'フォーム表示中に銘柄が休止'),
    'editing.refreshing|form.submit|0': (w) =>
      w.say(
        'Place the option during the minute’s refresh of the product',
        '毎分の銘柄更新の最中にオプションを注文する',
      ),
    'checking|xstate.done.actor.recheck|1': (w) =>
      w.say('The product closes just before submit', '送信直前に銘柄が休止'),
    'checking|xstate.done.actor.recheck|2': (w, e, c) =>
      orderForm.refused(w, mistakes(w, formOf(c, e))),
    'placing|xstate.done.actor.place|0': (w, e, c) => {
      const f = formOf(c, e);
      const side = w.t(f.direction === 0 ? 'option.long' : 'option.short');
      const term = termOf(f);
      const time = term ? term.name || formatDuration(term.timeLong) : '';
      return w.say(`${side} for ${time} placed`, `${time}の${side}を購入`);
    },
    'editing|direction.change|0': (w) =>
      w.say(`Switch to ${w.t('option.short')}`, `${w.t('option.short')}に切り替え`),
    'editing|chip.select|0': (w) => w.say('Amount from a shortcut', 'ショートカットで金額'),
    'editing|field.blur|0': (w) =>
      w.say('Amount checked on leaving it', '金額は離れた時にチェック'),
    'editing|price.update|0': (w) =>
      w.say('Live prices leave the form alone', 'ライブ価格でフォームは変わらない'),
  },
};

/**
 * The closeOrder machine in a person's words (tests/flows/closeOrder/paths.ts,
 * the order sheet of src/ui/trade/positions.tsx and src/ui/flows/closeOrder/close.tsx).
 */
import type { W, Words } from '../../paths/plan/words.ts';
import { mockVariant } from '../../../src/api/contract.ts';
import { buttonLoading, codeOf, codeToast, signIn, toast } from '../../paths/words/common.ts';

const closing = (spec: string) => spec.includes('(close)');
const button = (w: W, spec: string) => w.q(closing(spec) ? 'position.cover' : 'position.cancel');

export const closeOrderWords: Words = {
  machine: 'closeOrder',
  title: (w) => w.say('Close or cancel an order', '注文の決済・取消'),
  // A pending order is listed under its own tab (“Pending (1)”), not with the positions.
  open: (w, spec) =>
    closing(spec)
      ? w.say(
          `Open ${w.q('nav.position')} and tap the BTCUSDT position`,
          `${w.q('nav.position')}を開き、BTCUSDT のポジションをタップ`,
        )
      : w.say(
          `Open ${w.q('nav.position')}, press its tab ${w.q('position.tab_pending')} (1) and tap the BTCUSDT pending order`,
          `${w.q('nav.position')}を開き、タブ${w.q('position.tab_pending')}（1）を押して BTCUSDT の指値注文をタップ`,
        ),
  before: (w, spec) => [
    signIn(w, 'closer@example.com', 'secret123'),
    spec.includes('demo')
      ? w.say(
          `Use the demo account (${w.q('account.toDemo')})`,
          `デモ口座を使う（${w.q('account.toDemo')}）`,
        )
      : w.say(
          `Use the real account (${w.q('account.toReal')}); ${w.console('account', `${w.q('console.amount')} = 10000`, w.q('console.credit'))}`,
          `リアル口座を使う（${w.q('account.toReal')}）。${w.console('account', `${w.q('console.amount')} = 10000`, w.q('console.credit'))}`,
        ),
    closing(spec)
      ? spec.includes('after the countdown')
        ? w.say(
            'Buy 0.01 BTCUSDT at market, leverage 20 (an open position)',
            'BTCUSDT を 0.01、レバレッジ20で成行買い（未決済ポジション）',
          )
        : // A position opens its sheet with Close enabled only 3 minutes after the fill.
          w.say(
            `Buy 0.01 BTCUSDT at market, leverage 20 (an open position), then let 3 minutes pass (${w.console('market', w.q('console.skip', { min: 3 }))})`,
            `BTCUSDT を 0.01、レバレッジ20で成行買い（未決済ポジション）し、3分経過させる（${w.console('market', w.q('console.skip', { min: 3 }))}）`,
          )
      : w.say(
          'Place a pending buy of 0.01 BTCUSDT at 55000, leverage 20 (far below the price: it stays pending)',
          'BTCUSDT 0.01 を 55000 で指値買い、レバレッジ20（価格より十分低く、約定しない）',
        ),
  ],
  events: {
    'confirm.open': (w, e, c) => w.say(`Press ${button(w, c.spec)}`, `${button(w, c.spec)}を押す`),
    'confirm.request': (w, e, c) =>
      w.say(
        `On the desktop, close the order's details (×) and press ${button(w, c.spec)} on its row in the table (the details open on their confirm, or once the 3 minutes are over)`,
        `デスクトップで注文の詳細を閉じ（×）、表の注文の行にある${button(w, c.spec)}を押す（詳細が確認画面で開く。3分経過前なら経過後に開く）`,
      ),
    'confirm.cancel': (w) =>
      w.say(`Press ${w.q('common.cancel')}`, `${w.q('common.cancel')}を押す`),
    'confirm.accept': (w) =>
      w.say(`Press ${w.q('common.confirm')}`, `${w.q('common.confirm')}を押す`),
    'price.update': (w) =>
      w.say(
        'Wait for the next price tick (the confirm shows the live closing price)',
        '次の価格更新を待つ（確認画面には最新の決済価格が表示される）',
      ),
    'clock.tick': (w, e) =>
      (e as unknown as { now: number }).now > 0
        ? w.say(
            `Wait until 3 minutes have passed since the fill (${w.console('market', w.q('console.skip', { min: 3 }))})`,
            `約定から3分経つまで待つ（${w.console('market', w.q('console.skip', { min: 3 }))}）`,
          )
        : w.say('Wait a second', '1秒待つ'),
  },
  actors: {
    submit: {
      done: (w, e, c) => {
        const code = codeOf(e);
        if (code === 404 || code === 408)
          return w.say(
            `In a second browser tab, ${closing(c.spec) ? 'close' : 'cancel'} the same order first`,
            `別のタブで同じ注文を先に${closing(c.spec) ? '決済' : '取消'}しておく`,
          );
        // The button waits out the 3 minutes on the page's clock: only a server that disagrees
        // says 409, and the console's reply is how a person sees that.
        if (code === 409)
          return w.fault(closing(c.spec) ? 'closeOrder' : 'cancelOrder', 'code', 409);
        return closing(c.spec)
          ? w.say(
              `Wait until 3 minutes have passed since the fill (${w.console('market', w.q('console.skip', { min: 3 }))})`,
              `約定から3分経つまで待つ（${w.console('market', w.q('console.skip', { min: 3 }))}）`,
            )
          : '';
      },
    },
  },
  delays: {},
  states: {
    waiting: (w, e, c) =>
      w.say(
        `The button ${button(w, c.spec)} is disabled with the time left, and beside it ${w.q('position.closeAfter', { minutes: 3, time: '2:59' })} (counting down)`,
        `ボタン${button(w, c.spec)}は無効で残り時間付き、その下に${w.q('position.closeAfter', { minutes: 3, time: '2:59' })}（カウントダウン）`,
      ),
    idle: (w, e, c) =>
      e.type === 'xstate.done.actor.submit'
        ? codeToast(w, codeOf(e) ?? 0)
        : w.say(
            `The order's details with the button ${button(w, c.spec)}`,
            `注文の詳細とボタン${button(w, c.spec)}`,
          ),
    confirming: (w, e, c) =>
      w.say(
        `${w.q(closing(c.spec) ? 'position.confirmCover' : 'position.confirmCancel')} with ${w.q('position.volume')} 0.01, ${w.q('position.direction')} ${w.q('order.buy')}, ${w.q('common.cancel')} and ${w.q('common.confirm')}`,
        `${w.q(closing(c.spec) ? 'position.confirmCover' : 'position.confirmCancel')}、${w.q('position.volume')} 0.01、${w.q('position.direction')} ${w.q('order.buy')}、${w.q('common.cancel')}と${w.q('common.confirm')}`,
      ),
    submitting: (w, _e, c) => {
      const call = closing(c.spec) ? 'closeOrder' : 'cancelOrder';
      return buttonLoading(w, c.spec.includes('demo') ? mockVariant[call] : call);
    },
    done: (w, e, c) => {
      // A close says where it closed and the P&L it realised (issue 25); a cancel that it went.
      const said = closing(c.spec)
        ? toast(w, w.t('position.result_manual', { symbol: 'BTCUSDT', price: '…', pnl: '…' }))
        : toast(w, w.t('tips.operation_success'));
      return w.say(
        `${said}; the sheet closes and the order leaves the list`,
        `${said}。シートが閉じ、注文が一覧から消える`,
      );
    },
  },
  names: {
    waiting: ['Too early to close', '決済まで待機'],
    idle: ['Position shown', 'ポジションを表示'],
    confirming: ['Asked to confirm closing', '決済の確認'],
    submitting: ['Closing the position', 'ポジションを決済中'],
    done: ['Position closed', '決済済み'],
  },
  titles: {
    'confirming|confirm.cancel|0': (w) => w.say('Change your mind: Cancel', '確認で取りやめる'),
    'submitting|xstate.done.actor.submit|0': (w, e, c) =>
      closing(c.spec)
        ? w.say('Close a position', 'ポジションを決済')
        : w.say('Cancel a pending order', '指値注文を取消'),
    'submitting|xstate.done.actor.submit|1': (w, e) =>
      w.say(`Refused: ${w.t(`code.${codeOf(e)}`)}`, `拒否：${w.t(`code.${codeOf(e)}`)}`),
  },
};

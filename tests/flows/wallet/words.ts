/**
 * The wallet machine in a person's words (tests/paths/specs/network.ts,
 * screen src/ui/flows/wallet/wallet.tsx).
 */
import type { Words } from '../../paths/plan/words.ts';
import { codeOf, loading, open, toast, wait, signIn } from '../../paths/words/common.ts';

export const walletWords: Words = {
  machine: 'wallet',
  title: (w) => w.t('my.wallet'),
  open: (w) => open(w, 'my.wallet', '/user/wallet'),
  before: (w) => [
    signIn(w, 'wallet@example.com', 'secret123'),
    w.say(
      `Use the real account (${w.q('account.toReal')})`,
      `リアル口座を使う（${w.q('account.toReal')}）`,
    ),
    w.console('account', `${w.q('console.amount')} = 2000`, w.q('console.credit')),
  ],
  events: {
    'tab.select': (w, e) =>
      w.say(
        `Press the tab ${w.q(`wallet_ui.tab_${e.tab as string}`)}`,
        `タブ${w.q(`wallet_ui.tab_${e.tab as string}`)}を押す`,
      ),
    'balance.reload': (w) => w.say(`Press ${w.q('common.retry')}`, `${w.q('common.retry')}を押す`),
    'records.filter': (w, e) =>
      w.say(
        `Press the filter ${w.q(`wallet_ui.record_type_${(e.recordType as number | undefined) ?? 'all'}`)}`,
        `フィルター${w.q(`wallet_ui.record_type_${(e.recordType as number | undefined) ?? 'all'}`)}を押す`,
      ),
  },
  actors: {
    loadBalance: {
      done: (w, e) =>
        codeOf(e) !== 0
          ? w.fault('myWalletBalance', 'status', 500)
          : w.say(
              `To see the balance change: ${w.console('account', `${w.q('console.amount')} = 1`, w.q('console.credit'))}`,
              `残高の変化を見るには：${w.console('account', `${w.q('console.amount')} = 1`, w.q('console.credit'))}`,
            ),
    },
  },
  delays: {
    walletRefresh: (w) =>
      w.say(
        `${wait(w, 8000)} (the balances refresh by themselves)`,
        `${wait(w, 8000)}（残高が自動で更新される）`,
      ),
  },
  states: {
    myWallet: () => '',
    'myWallet.loading': (w) => loading(w, 'myWalletBalance'),
    'myWallet.idle': (w, e) =>
      codeOf(e) === 0
        ? w.say(
            `${w.q('wallet_ui.currencies')} lists USD with the newest balance (1 USD more after each credit)`,
            `${w.q('wallet_ui.currencies')}に最新残高の USD（入金のたびに 1 USD 増える）`,
          )
        : w.say(
            `${w.q('wallet_ui.load_failed')} with ${w.q('common.retry')}; ${toast(w, w.t('tips.server500'))}`,
            `${w.q('wallet_ui.load_failed')}と${w.q('common.retry')}。${toast(w, w.t('tips.server500'))}`,
          ),
    records: (w, e) =>
      e.type === 'records.filter'
        ? w.say('Only records of that type are listed', 'その種類の記録だけが表示される')
        : w.say(
            `The filters ${w.q('wallet_ui.record_type_all')}, ${w.q('wallet_ui.record_type_0')}, ${w.q('wallet_ui.record_type_1')}, ${w.q('wallet_ui.record_type_2')} and the records`,
            `フィルター${w.q('wallet_ui.record_type_all')}、${w.q('wallet_ui.record_type_0')}、${w.q('wallet_ui.record_type_1')}、${w.q('wallet_ui.record_type_2')}と記録一覧`,
          ),
  },
  names: {
    myWallet: ['My wallet', 'マイウォレット'],
    'myWallet.loading': ['Loading balances', '残高を読み込み中'],
    'myWallet.idle': ['Balances shown', '残高を表示'],
    records: ['Records', '記録'],
  },
  titles: {
    'myWallet.loading|xstate.done.actor.loadBalance|1': (w) =>
      w.say('The balances cannot be read, then Retry', '残高の取得失敗と再試行'),
    'myWallet.idle|xstate.after.walletRefresh.wallet.myWallet.idle|0': (w) =>
      w.say('The balances refresh every 8 seconds', '残高は8秒ごとに更新'),
    'records|records.filter|0': (w) =>
      w.say('Filter the wallet records', 'ウォレット記録を絞り込む'),
  },
};

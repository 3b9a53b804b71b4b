/**
 * The cryptoAddress machine in a person's words
 * (tests/flows/cryptoAddress/paths.ts, screens
 * src/ui/flows/cryptoAddress/*.tsx). The list, the add form and the delete
 * page are three addresses; each starts the machine on its part. The spec's
 * user has one saved address, USDT TRC20.
 */
import { coinNet } from '../../../src/simulator/modules/account/coins.ts';
import { SEED_ADDRESS } from '../../../src/config/path-setups.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  codeOf,
  done,
  latest,
  loading,
  open,
  press,
  realAccount,
  startPath,
  type,
} from '../../paths/words/common.ts';
import {
  backArrow,
  deleteDrawer,
  deleting,
  encodeFailedNote,
  inDrawer,
  listShows,
  loadFailed,
  loadingOrDone,
  reloadList,
  saveRefused,
  saving,
  sharedTitles,
  typedNoError,
} from '../../paths/words/cards.screen.ts';

const SEEDED = SEED_ADDRESS;
const LIST = '/user/wallet/crypto';
const netName = (id: unknown) => {
  const n = coinNet(id);
  return n ? `${n.coin} ${n.protocol}` : String(id);
};

interface Saved {
  walletId: string;
  currencyName: string;
  protocol: string;
  address: string;
}
/** The addresses of the newest list read. */
const saved = (e: AnyEvent, c: StepCtx) =>
  (latest([...c.history, e], (x) => done(x, 'loadWallets'))?.output.wallets ?? []) as Saved[];
const rowOf = (s: Saved) => `${s.currencyName} ${s.protocol} ${s.address}`;
/** The form as the path has left it since the add form opened. */
function form(e: AnyEvent, c: StepCtx) {
  const all = [...c.history, e];
  const from = all.findLastIndex((x) => x.type === 'add.open' || done(x, 'loadWallets'));
  const now = all.slice(from + 1);
  return {
    coin: latest(now, (x) => x.type === 'coin.select')?.id as string | undefined,
    address: (latest(now, (x) => x.type === 'field.change')?.value as string | undefined) ?? '',
  };
}
const fieldError = (w: W, field: string, key: string) =>
  w.say(`under ${w.q(field)} the error ${w.q(key)}`, `${w.q(field)}の下にエラー${w.q(key)}`);

export const cryptoAddressWords: Words = {
  machine: 'cryptoAddress',
  title: (w) => w.t('cards.crypto.title'),
  open: (w, spec) => {
    if (spec.includes('add route'))
      return w.say(
        'Open the address /user/wallet/addCrypto',
        'アドレス /user/wallet/addCrypto を開く',
      );
    if (spec.includes('delete route'))
      return w.say(
        `Open ${w.q('my.cryptoWallets')} (address ${LIST}) and press the row “USDT TRC20 ${SEEDED}”`,
        `${w.q('my.cryptoWallets')}（アドレス ${LIST}）を開き、行「USDT TRC20 ${SEEDED}」を押す`,
      );
    return open(w, 'my.cryptoWallets', LIST);
  },
  // The console makes the user and the one saved address (USDT TRC20 SEEDED) each path starts from.
  before: (w) => [...startPath(w, 'cryptoAddress'), realAccount(w)],
  events: {
    'list.reload': reloadList('loadWallets'),
    'add.open': (w) => press(w, 'add_crypto_wallet'),
    'item.open': (w, e, c) => {
      const s = saved(e, c).find((x) => x.walletId === e.walletId);
      const row = s ? rowOf(s) : e.walletId;
      return w.say(`Press the row “${row}”`, `行「${row}」を押す`);
    },
    'coins.reload': (w) => press(w, 'common.retry'),
    back: (w) => backArrow(w),
    'field.change': (w, e) => type(w, e.value, 'cards.crypto.address'),
    'picker.open': (w) =>
      w.say(
        `Press ${w.q('cards.crypto.coinNetwork')} (it shows ${w.q('cards.crypto.choose')} or the chosen one)`,
        `${w.q('cards.crypto.coinNetwork')}を押す（${w.q('cards.crypto.choose')}または選択済みのもの）`,
      ),
    'coin.select': (w, e) =>
      w.say(`In the drawer press “${netName(e.id)}”`, `ドロワーで「${netName(e.id)}」を押す`),
    'picker.close': (w) => inDrawer(w, 'common.close'),
    'form.submit': (w) => press(w, 'cards.save'),
    'delete.open': (w) => press(w, 'cards.delete'),
    'delete.cancel': (w) => inDrawer(w, 'common.cancel'),
    'delete.confirm': (w) => inDrawer(w, 'common.confirm'),
  },
  actors: {
    loadWallets: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('userWallet', 'code', codeOf(e) ?? 0)),
    },
    loadCoins: {
      done: (w, e) =>
        codeOf(e) === 0 ? '' : w.fault('currencySimpleCoinNet', 'code', codeOf(e) ?? 0),
    },
    // 1016 (not an address) and 1031 (a network already saved) are the server's own answers.
    addWallet: { done: encodeFailedNote },
    deleteWallet: {
      done: (w, e) =>
        codeOf(e) === 1037
          ? w.say(
              `In a second tab delete this address (${w.q('my.cryptoWallets')} ▸ the row ▸ ${w.q('cards.delete')} ▸ ${w.q('common.confirm')}); come back to this tab`,
              `別のタブでこのアドレスを削除し（${w.q('my.cryptoWallets')} ▸ 行 ▸ ${w.q('cards.delete')} ▸ ${w.q('common.confirm')}）、このタブに戻る`,
            )
          : '',
    },
  },
  delays: {},
  states: {
    loading: (w, e) =>
      loadingOrDone(w, e, {
        save: 'addWallet',
        saved: 'tips.add_success',
        remove: 'deleteWallet',
        title: 'cards.crypto.title',
        route: LIST,
        list: 'userWallet',
      }),
    failed: (w, e) => loadFailed(w, e, 'cards.loadFailed'),
    list: (w, e, c) =>
      listShows(w, saved(e, c).map(rowOf), {
        empty: 'cards.crypto.empty',
        add: 'add_crypto_wallet',
      }),
    add: () => '',
    'add.loadingCoins': (w) => loading(w, 'currencySimpleCoinNet'),
    'add.coinsFailed': (w, e) => loadFailed(w, e, 'cards.crypto.coinsFailed'),
    'add.form': () => '',
    'add.form.idle': (w, e, c) => {
      const f = form(e, c);
      if (done(e, 'addWallet')) return saveRefused(w, e);
      if (e.type === 'form.submit')
        return [
          !f.coin && fieldError(w, 'cards.crypto.coinNetwork', 'p_choose_coin_network'),
          !f.address.trim() && fieldError(w, 'cards.crypto.address', 'p_t_crypto_address'),
        ]
          .filter(Boolean)
          .join(w.say('; ', '。'));
      if (e.type === 'coin.select')
        return w.say(
          `The drawer closes; ${w.q('cards.crypto.coinNetwork')} shows “${netName(e.id)}”`,
          `ドロワーが閉じ、${w.q('cards.crypto.coinNetwork')}に「${netName(e.id)}」と表示`,
        );
      if (e.type === 'picker.close')
        return w.say(
          'The drawer closes; nothing chosen changes',
          'ドロワーが閉じ、選択は変わらない',
        );
      if (e.type === 'field.change') return typedNoError(w);
      return w.say(
        `The form ${w.q('add_crypto_wallet')}: ${w.q('cards.crypto.coinNetwork')} shows ${w.q('cards.crypto.choose')}, an empty ${w.q('cards.crypto.address')} with the hint ${w.q('cards.crypto.addressHint')}, and ${w.q('cards.save')}`,
        `フォーム${w.q('add_crypto_wallet')}：${w.q('cards.crypto.coinNetwork')}は${w.q('cards.crypto.choose')}、空の${w.q('cards.crypto.address')}とヒント${w.q('cards.crypto.addressHint')}、${w.q('cards.save')}`,
      );
    },
    'add.form.picking': (w) =>
      w.say(
        `A drawer ${w.q('cards.crypto.choose')} listing USDT TRC20, USDT ERC20, BTC BTC, ETH ERC20, TRX TRC20`,
        `ドロワー${w.q('cards.crypto.choose')}に USDT TRC20、USDT ERC20、BTC BTC、ETH ERC20、TRX TRC20 が並ぶ`,
      ),
    'add.saving': (w) => saving(w, 'addUserWallet'),
    detail: () => '',
    'detail.idle': (w, e, c) => {
      if (e.type === 'delete.cancel')
        return w.say(
          'The drawer closes; the address is still shown',
          'ドロワーが閉じ、アドレスは表示されたまま',
        );
      const s = saved(e, c)[0];
      return w.say(
        `The page ${w.q('cards.crypto.deleteTitle')}: ${w.q('cards.crypto.coin')} ${s?.currencyName}, ${w.q('cards.crypto.network')} ${s?.protocol}, ${w.q('cards.crypto.address')} ${s?.address}; the button ${w.q('cards.delete')}`,
        `ページ${w.q('cards.crypto.deleteTitle')}：${w.q('cards.crypto.coin')} ${s?.currencyName}、${w.q('cards.crypto.network')} ${s?.protocol}、${w.q('cards.crypto.address')} ${s?.address}。ボタン${w.q('cards.delete')}`,
      );
    },
    'detail.confirm': (w) =>
      deleteDrawer(w, 'cards.crypto.deleteTitle', 'cards.crypto.deleteConfirm'),
    'detail.deleting': (w) => deleting(w, 'deleteUserWallet'),
  },
  names: {
    loading: ['Loading the wallets', 'ウォレットを読み込み中'],
    failed: ['Wallets failed to load', 'ウォレットの読み込み失敗'],
    list: ['Wallet list', 'ウォレット一覧'],
    add: ['Adding a wallet', 'ウォレットを追加'],
    'add.loadingCoins': ['Loading the networks', 'ネットワークを読み込み中'],
    'add.coinsFailed': ['Networks failed to load', 'ネットワークの読み込み失敗'],
    'add.form': ['Wallet form', 'ウォレットフォーム'],
    'add.form.idle': ['Filling in the wallet', 'ウォレット情報を入力中'],
    'add.form.picking': ['Choosing a network', 'ネットワークを選択中'],
    'add.saving': ['Saving the wallet', 'ウォレットを保存中'],
    detail: ['Wallet details', 'ウォレット詳細'],
    'detail.idle': ['Wallet shown', 'ウォレットを表示'],
    'detail.confirm': ['Asked to confirm deleting', '削除の確認'],
    'detail.deleting': ['Deleting the wallet', 'ウォレットを削除中'],
  },
  titles: {
    'loading|xstate.done.actor.loadWallets|3': (w) =>
      w.say('The addresses fail to load, then Retry', 'アドレスの読み込み失敗と再試行'),
    'list|list.reload|0': sharedTitles.reload,
    'add.loadingCoins|xstate.done.actor.loadCoins|1': (w) =>
      w.say('The coins and networks fail to load', 'コインとネットワークの読み込み失敗'),
    'add.coinsFailed|back|0': (w) =>
      w.say('Leave after the coins failed to load', 'コイン読み込み失敗後に戻る'),
    'add.form.idle|form.submit|1': (w) =>
      w.say('Save with no network or no address', 'ネットワークまたはアドレスなしで保存'),
    'add.form.picking|picker.close|0': (w) =>
      w.say('Close the picker without choosing', '選ばずにピッカーを閉じる'),
    'add.form|back|0': sharedTitles.leaveForm,
    'add.saving|xstate.done.actor.addWallet|0': (w) =>
      w.say('Add a crypto address', '暗号資産アドレスを追加'),
    'add.saving|xstate.done.actor.addWallet|1': (w) =>
      w.say('The address cannot be encrypted for sending', 'アドレスを送信用に暗号化できない'),
    'add.saving|xstate.done.actor.addWallet|2': (w, e) =>
      codeOf(e) === 1031
        ? w.say(
            'A second address on the same network is refused',
            '同じネットワークの2つ目のアドレスは拒否',
          )
        : w.say('Not an address: refused', 'アドレスではない：拒否'),
    'detail.confirm|delete.cancel|0': sharedTitles.deleteCancel,
    'detail.idle|back|0': (w) =>
      w.say('Leave the address with the back arrow', '戻る矢印でアドレスを離れる'),
    'detail.deleting|xstate.done.actor.deleteWallet|0': (w) =>
      w.say('Delete the address', 'アドレスを削除'),
    'detail.deleting|xstate.done.actor.deleteWallet|1': (w) =>
      w.say(
        'Delete an address already deleted in another tab',
        '別のタブで削除済みのアドレスを削除',
      ),
  },
};

/**
 * The deposit machine in a person's words (tests/flows/deposit/paths.ts,
 * screens src/ui/flows/deposit/). Coin ids are the simulator's
 * networks (101 USDT TRC20, 102 USDT ERC20…); proof.png is a real PNG image,
 * proof.pdf a PDF and fake.jpg a text file renamed.
 */
import { checkDepositAmount, checkImage } from '../../../src/machines/validation/wallet.ts';
import { coinNet } from '../../../src/simulator/modules/account/coins.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  buttonLoading,
  automatedOnly,
  codeOf,
  codeToast,
  loading,
  open,
  press,
  signIn,
  toast,
  type,
  flagSteps,
} from '../../paths/words/common.ts';
import { siteSteps } from '../../paths/words/site.ts';

const selfWallet = (spec: string) => spec.includes('self wallet');
const coinName = (id: string | undefined) => {
  const n = coinNet(id);
  return n ? `${n.coin} ${n.protocol}` : '—';
};
/** The form as the path has left it (this step included when `e` is given). */
export function form(c: StepCtx, e?: AnyEvent) {
  const restored = selfWallet(c.spec);
  const f = {
    tab: restored ? 'crypto' : 'bank',
    coin: restored ? '101' : (undefined as string | undefined),
    amount: restored ? '1500' : '',
    proof: restored,
    agreed: restored,
  };
  for (const x of e ? [...c.history, e] : c.history) {
    if (x.type === 'tab.select') f.tab = x.tab as string;
    else if (x.type === 'xstate.done.actor.loadCoins' && !f.coin)
      f.coin = (x.output as { data?: { dtoList?: Array<{ id: string }> } }).data?.dtoList?.[0]?.id;
    else if (x.type === 'coin.select') f.coin = x.id as string;
    else if (x.type === 'field.change') f.amount = String(x.value).replace(/^\./, '');
    else if (x.type === 'xstate.done.actor.prepareImage') f.proof = f.proof || x.output !== null;
    else if (x.type === 'proof.remove') f.proof = false;
    else if (x.type === 'agreement.toggle') f.agreed = !f.agreed;
    else if (x.type === 'xstate.done.actor.submit' && codeOf(x) === 0)
      Object.assign(f, { amount: '', proof: false, agreed: false });
  }
  return f;
}
const amountLabel = (w: W, f: ReturnType<typeof form>) =>
  w.q('wallet_ui.deposit_amount', { coin: coinNet(f.coin)?.coin ?? '' });
const error = (w: W, field: string, key: string) =>
  w.say(`under ${field} the error ${w.q(key)}`, `${field}の下にエラー${w.q(key)}`);
const PROOFS: Record<string, [string, string]> = {
  'proof.png': ['proof.png (a real PNG image)', 'proof.png（本物の PNG 画像）'],
  'proof.pdf': ['proof.pdf (a PDF)', 'proof.pdf（PDF）'],
  'fake.jpg': [
    'fake.jpg (a text file renamed .jpg)',
    'fake.jpg（拡張子を .jpg に変えたテキストファイル）',
  ],
};

export const depositWords: Words = {
  machine: 'deposit',
  title: (w) => w.t('my.deposit'),
  open: (w) => open(w, 'my.deposit', '/user/deposit'),
  before: (w, spec) => {
    // A site setting reloads the page: made first, before signing in.
    // The site's deposit types as the automated run serves them (paths.ts specs' `types`).
    const site =
      spec.includes('disabled') || spec.includes('banned')
        ? [siteSteps(w, { depositTypes: 'crypto' })]
        : selfWallet(spec)
          ? []
          : // The bank tab first (the default lists crypto first).
            [siteSteps(w, { depositTypes: 'bank, crypto' })];
    return [
      ...site,
      signIn(w, 'payer@example.com', 'secret123'),
      w.say(
        `Use the real account (${w.q('account.toReal')})`,
        `リアル口座を使う（${w.q('account.toReal')}）`,
      ),
      ...(spec.includes('disabled')
        ? flagSteps(w, ['depositHideCrypto', true])
        : spec.includes('banned')
          ? flagSteps(w, ['depositBanNewFlow', true])
          : selfWallet(spec)
            ? [
                w.say(
                  'The user deposits from an own wallet (wallet type 1, set by the back office)',
                  'ユーザーは自分のウォレットから入金する（ウォレットタイプ1、管理側で設定）',
                ),
                w.say(
                  `On ${w.q('my.deposit')} choose USDT TRC20, ${w.q('common.next')}, type 1500, choose proof.png, tick ${w.q('wallet_ui.agree')}, open ${w.q('wallet_ui.agreement')} and come back`,
                  `${w.q('my.deposit')}で USDT TRC20 を選び${w.q('common.next')}、1500 と入力、proof.png を選び、${w.q('wallet_ui.agree')}にチェック、${w.q('wallet_ui.agreement')}を開いて戻る`,
                ),
              ]
            : [w.say('Save a bank card (Bank of Test)', '銀行カードを保存（Bank of Test）')]),
    ];
  },
  events: {
    'tab.select': (w, e) => press(w, `wallet_ui.tab_${e.tab as string}`),
    'load.retry': (w) => press(w, 'common.retry'),
    'service.open': (w) => press(w, 'service.title'),
    'coin.select': (w, e) =>
      w.say(
        `Press ${w.q('wallet_ui.coin_network')} and choose “${coinName(e.id as string)}”`,
        `${w.q('wallet_ui.coin_network')}を押して「${coinName(e.id as string)}」を選ぶ`,
      ),
    'address.copy': (w) => press(w, 'wallet_ui.copy'),
    'step.next': (w) => press(w, 'common.next'),
    'step.back': (w) =>
      w.say(
        `Press the back arrow (${w.q('common.back')})`,
        `戻る矢印（${w.q('common.back')}）を押す`,
      ),
    'field.change': (w, e, c) =>
      type(w, e.value, 'wallet_ui.deposit_amount', { coin: coinNet(form(c).coin)?.coin ?? '' }),
    'proof.select': (w, e) => {
      const [en, ja] = PROOFS[(e.file as { name: string }).name] ?? [
        String((e.file as { name: string }).name),
        '',
      ];
      return w.say(
        `Under ${w.q('wallet_ui.deposit_proof')} choose the file ${en}`,
        `${w.q('wallet_ui.deposit_proof')}でファイル ${ja || en} を選ぶ`,
      );
    },
    'proof.remove': (w) => press(w, 'wallet_ui.remove_proof'),
    'agreement.toggle': (w) => press(w, 'wallet_ui.agree'),
    'agreement.open': (w) => press(w, 'wallet_ui.agreement'),
    'navigate.away': (w) =>
      w.say('Come back from the agreement (browser back)', '規約から戻る（ブラウザの戻る）'),
    'form.submit': (w) => press(w, 'wallet_ui.submit'),
    'status.refresh': (w) => press(w, 'common.refresh'),
    'deposit.new': (w) => press(w, 'wallet_ui.new_deposit'),
  },
  actors: {
    checkRecharge: {
      done: (w, e, c) => {
        const payState = (e.output as { data?: { payState?: number | null } }).data?.payState;
        const before = c.history.some((x) => x.type === 'xstate.done.actor.checkRecharge');
        if (payState === 0 && !before)
          return w.say(
            'Have a deposit in review: submit one (1500 USDT TRC20) first',
            '審査中の入金を用意する：先に1件（1500 USDT TRC20）申請',
          );
        if (payState === 1) return w.console('reviews', w.q('console.approve'));
        return '';
      },
    },
    loadCards: {
      done: (w, e) => (codeOf(e) !== 0 ? w.fault('userBankCardList', 'status', 500) : ''),
    },
    loadCoins: {
      done: (w, e) => {
        if (codeOf(e) !== 0) return w.fault('currencySimpleCoinNet', 'status', 500);
        const list = (e.output as { data?: { dtoList?: unknown[] } }).data?.dtoList ?? [];
        return list.length
          ? ''
          : automatedOnly(w, w.say('every deposit network switched off', '全入金ネットワーク停止'));
      },
    },
    prepareImage: { done: () => '' },
    submit: {
      done: (w, e, c) =>
        codeOf(e) === 1036
          ? w.fault('userDeposit', 'code', 1036)
          : codeOf(e) === 1018 && !c.history.some((x) => x.type === 'xstate.done.actor.submit')
            ? w.say(
                'Have a deposit of the same amount in review: submit one first',
                '同額の入金を審査中にしておく：先に1件申請',
              )
            : '',
    },
  },
  delays: {},
  states: {
    checking: (w) => loading(w, 'rechargeStatus'),
    banned: (w) =>
      w.say(
        `${w.q('wallet_ui.deposit_in_review')}: ${w.q('code.23552')}, with the buttons ${w.q('wallet_ui.deposit_records')} and ${w.q('common.refresh')}; no form`,
        `${w.q('wallet_ui.deposit_in_review')}：${w.q('code.23552')}、ボタン${w.q('wallet_ui.deposit_records')}と${w.q('common.refresh')}。フォームはない`,
      ),
    disabled: (w) =>
      w.say(
        `${toast(w, w.t('wallet_ui.unavailable'))}; ${w.q('nav.user')} opens`,
        `${toast(w, w.t('wallet_ui.unavailable'))}。マイページが開く`,
      ),
    bank: () => '',
    'bank.loading': (w) => loading(w, 'userBankCardList'),
    'bank.ready': (w, e) =>
      e.type === 'service.open'
        ? w.say('Online customer service opens', 'オンラインカスタマーサービスが開く')
        : w.say(
            `${w.q('bank_contact_service')} and the button ${w.q('service.title')}`,
            `${w.q('bank_contact_service')}とボタン${w.q('service.title')}`,
          ),
    'bank.loadFailed': (w) =>
      `${w.q('wallet_ui.load_failed')} ${w.q('common.retry')}; ${toast(w, w.t('tips.server500'))}`,
    crypto: () => '',
    'crypto.loading': (w, _e, c) =>
      loading(w, selfWallet(c.spec) ? 'userSelfWallet' : 'currencySimpleCoinNet'),
    'crypto.loadFailed': (w) =>
      `${w.q('wallet_ui.load_failed')} ${w.q('common.retry')}; ${toast(w, w.t('tips.server500'))}`,
    'crypto.empty': (w, e, c) =>
      w.q(selfWallet(c.spec) ? 'wallet_ui.no_own_wallet' : 'wallet_ui.no_coin'),
    'crypto.choosing': (w, e, c) => {
      if (e.type === 'address.copy') return toast(w, w.t('copy_success'));
      const fresh =
        e.type === 'deposit.new' ? w.say('Empty form again. ', '空のフォームに戻る。') : '';
      const name = coinName(form(c, e).coin);
      return w.say(
        `${fresh}Step 1: ${w.q('wallet_ui.coin_network')} “${name}”, ${w.q('wallet_ui.deposit_address')} with ${w.q('wallet_ui.copy')}, and ${w.q('common.next')}`,
        `${fresh}ステップ1：${w.q('wallet_ui.coin_network')}「${name}」、${w.q('wallet_ui.deposit_address')}と${w.q('wallet_ui.copy')}、${w.q('common.next')}`,
      );
    },
    'crypto.submitted': (w, e, c) => {
      // The form as it was sent (this step's event resets it).
      const f = form(c);
      const coin = coinNet(f.coin);
      const what = `${f.amount} ${coin?.coin ?? ''} ${coin?.protocol ?? ''}`.trim();
      return w.say(
        `The result: ${w.q('submit_success_please_wait')}, ${w.q('wallet_ui.amount')} ${what}, ${w.q('wallet_ui.status')} ${w.q('wallet_ui.pay_state_0')}, ${w.q('wallet_ui.time')} now (server time), and the buttons ${w.q('wallet_ui.deposit_records')} and ${w.q('wallet_ui.new_deposit')}; no toast`,
        `結果：${w.q('submit_success_please_wait')}、${w.q('wallet_ui.amount')} ${what}、${w.q('wallet_ui.status')} ${w.q('wallet_ui.pay_state_0')}、${w.q('wallet_ui.time')} 現在（サーバー時刻）、ボタン${w.q('wallet_ui.deposit_records')}と${w.q('wallet_ui.new_deposit')}。トーストなし`,
      );
    },
    'crypto.details': () => '',
    'crypto.details.idle': (w, e, c) => {
      const f = form(c, e);
      if (e.type === 'form.submit') {
        const a = checkDepositAmount(f.amount);
        return [
          a && error(w, amountLabel(w, f), a),
          !f.proof && error(w, w.q('wallet_ui.deposit_proof'), 'p_upload_deposit_proof'),
          !f.agreed && error(w, w.q('wallet_ui.agree'), 'p_read_agreement'),
        ]
          .filter(Boolean)
          .join(w.say('; ', '。'));
      }
      if (
        e.type === 'proof.select' ||
        (e.type === 'xstate.done.actor.prepareImage' && e.output === null)
      )
        return error(w, w.q('wallet_ui.deposit_proof'), 'illegal_extension');
      if (e.type === 'xstate.done.actor.prepareImage')
        return w.say(
          `The proof preview with ${w.q('wallet_ui.remove_proof')}`,
          `証明のプレビューと${w.q('wallet_ui.remove_proof')}`,
        );
      if (e.type === 'xstate.done.actor.submit') return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'agreement.toggle')
        return f.agreed
          ? w.say('The box is ticked; no error', 'チェックが入る。エラーなし')
          : w.say('The box is unticked', 'チェックが外れる');
      if (e.type === 'agreement.open')
        return w.say(
          `The page ${w.q('wallet_ui.agreement')} opens`,
          `${w.q('wallet_ui.agreement')}ページが開く`,
        );
      if (e.type === 'navigate.away')
        return w.say(
          'Step 2 again, with the amount, the proof and the tick as they were',
          'ステップ2に戻り、金額・証明・チェックはそのまま',
        );
      if (e.type === 'field.change')
        return w.say('The field shows the amount; no error', '金額が表示される。エラーなし');
      return w.say(
        `${w.q('wallet_ui.step_2')}: ${amountLabel(w, f)}, ${w.q('wallet_ui.deposit_proof')}, ${w.q('wallet_ui.agree')} and ${w.q('wallet_ui.submit')}`,
        `${w.q('wallet_ui.step_2')}：${amountLabel(w, f)}、${w.q('wallet_ui.deposit_proof')}、${w.q('wallet_ui.agree')}と${w.q('wallet_ui.submit')}`,
      );
    },
    'crypto.details.preparing': (w, e) => {
      const refused =
        e.type === 'proof.select'
          ? checkImage(e.file as { name: string; size: number; type: string })
          : undefined;
      // The image is read in the browser: no call the console could hold back.
      return refused
        ? `${w.transient(w.say('The proof is still being read', '証明はまだ読み込み中'))}${w.say('; ', '。')}${error(w, w.q('wallet_ui.deposit_proof'), refused)}`
        : w.transient(w.say('The proof is being read', '証明を読み込み中'));
    },
    'crypto.submitting': (w) => buttonLoading(w, 'userDeposit'),
  },
  names: {
    disabled: ['Deposits switched off', '入金は停止中'],
    checking: ['Checking the account', 'アカウント確認中'],
    banned: ['Deposits not allowed', '入金不可'],
    bank: ['Bank transfer', '銀行振込'],
    'bank.loading': ['Loading bank details', '振込先を読み込み中'],
    'bank.ready': ['Bank details shown', '振込先を表示'],
    'bank.loadFailed': ['Bank details failed', '振込先の読み込み失敗'],
    crypto: ['Crypto deposit', '暗号資産の入金'],
    'crypto.loading': ['Loading the networks', 'ネットワークを読み込み中'],
    'crypto.loadFailed': ['Networks failed to load', 'ネットワークの読み込み失敗'],
    'crypto.empty': ['No network to deposit on', '入金できるネットワークなし'],
    'crypto.choosing': ['Choosing a network', 'ネットワークを選択中'],
    'crypto.details': ['Deposit form', '入金フォーム'],
    'crypto.details.idle': ['Filling in the deposit', '入金情報を入力中'],
    'crypto.details.preparing': ['Preparing the proof', '証明を準備中'],
    'crypto.submitting': ['Submitting', '送信中'],
    'crypto.submitted': ['Deposit submitted', '入金申請済み'],
  },
  titles: {
    'crypto.details|step.back|0': (w) =>
      w.say('Back to step 1 and choose another network', 'ステップ1に戻り別のネットワークを選ぶ'),
    'crypto.details|proof.remove|0': (w) => w.say('Remove the proof', '証明を削除'),
    'crypto.choosing|step.next|0': (w) => w.say('Go on to step 2', 'ステップ2へ進む'),
    '|tab.select|0': (w) => w.say('Switch to crypto', '暗号資産に切り替え'),
    '|tab.select|1': (w) => w.say('Switch to bank', '銀行に切り替え'),
    'bank.ready|service.open|0': (w) =>
      w.say('Bank wire through customer service', '銀行振込はカスタマーサービス経由'),
    'crypto.loading|xstate.done.actor.loadCoins|2': (w) =>
      w.say('No network to deposit on', '入金ネットワークなし'),
    'crypto.choosing|address.copy|0': (w) =>
      w.say('Copy the deposit address', '入金アドレスをコピー'),
    'crypto.details.idle|form.submit|1': (w) =>
      w.say('Submit an incomplete deposit', '未完成の入金を送信'),
    'crypto.details.idle|proof.select|1': (w) =>
      w.say('A proof that is not an image', '画像でない証明'),
    'crypto.details.preparing|proof.select|0': (w) =>
      w.say(
        'Choose another proof while one is read: the new one is used',
        '読み込み中に別の証明を選ぶ：新しい方が使われる',
      ),
    'crypto.details.preparing|proof.select|1': (w) =>
      w.say('A proof that is not an image, while one is read', '読み込み中に画像でない証明'),
    'crypto.details.preparing|xstate.done.actor.prepareImage|1': (w) =>
      w.say('A renamed file is refused by its bytes', '拡張子を変えたファイルは内容で拒否'),
    '|agreement.open|0': (w) =>
      w.say(
        'The form is kept while the agreement is open',
        '規約を開いている間フォームは保持される',
      ),
    'crypto.submitting|xstate.done.actor.submit|0': (w) => w.say('Deposit submitted', '入金を申請'),
    'crypto.submitted|deposit.new|0': (w) =>
      w.say('Start a new deposit from the result', '結果から新しい入金を始める'),
    'crypto.submitting|xstate.done.actor.submit|1': (w, e) =>
      w.say(
        `Deposit refused: ${w.t(`code.${codeOf(e)}`)}`,
        `入金拒否：${w.t(`code.${codeOf(e)}`)}`,
      ),
  },
};

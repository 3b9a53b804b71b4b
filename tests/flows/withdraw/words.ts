/**
 * The withdraw machine in a person's words (tests/flows/withdraw/paths.ts,
 * screens src/ui/flows/withdraw/). Target ids are the spec's samples:
 * W1 and W2 the saved USDT and BTC wallets, C1 the bank card, 101…105 the
 * coin networks (no saved wallets).
 */
import type { Words } from '../../paths/plan/words.ts';
import { lockTitleKey } from '../../../src/machines/withdraw/machine.ts';
import {
  automatedOnly,
  codeOf,
  codeToast,
  loading,
  open,
  pasteInto,
  press,
  startPath,
  toast,
  type,
  realAccount,
  wait,
} from '../../paths/words/common.ts';
import {
  targetOf,
  form,
  amountLabel,
  limitMessage,
  outOfBounds,
  realFee,
  addressError,
  failed500,
} from './screen.ts';

/** The amount field drops a leading dot (the machine's field.change): say what it then shows. */
const dropsDot = (value: unknown, note: string) =>
  typeof value === 'string' && value.startsWith('.') ? note.replace('NUM', value.slice(1)) : '';

/** The call a tab's fee is worked out with. */
const calcCall = (tab: unknown) =>
  tab === 'bank_card' ? 'withdrawBankCardCalculate' : 'withdrawWalletCalculate';
/** The call that reads a tab's list (cards, saved wallets, or the networks when none is saved). */
const targetsCall = (tab: unknown, spec: string) =>
  tab === 'bank_card'
    ? 'userBankCardList'
    : spec.includes('no saved wallets')
      ? 'currencySimpleCoinNet'
      : 'userWallet';

export const withdrawWords: Words = {
  machine: 'withdraw',
  title: (w) => w.t('my.withdraw'),
  open: (w) => open(w, 'my.withdraw', '/user/withdraw'),
  before: (w, spec) => [
    ...startPath(w, spec.includes('no saved wallets') ? 'withdraw.noWallets' : 'withdraw'),
    realAccount(w),
  ],
  events: {
    'tab.select': (w, e) => press(w, `wallet_ui.tab_${e.tab as string}`),
    'load.retry': (w) => press(w, 'common.retry'),
    'status.refresh': (w) => press(w, 'common.refresh'),
    'target.select': (w, e, c) => {
      const card = form(e, c).tab === 'bank_card';
      const picker = w.q(card ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network');
      const name = targetOf(e.id as string).name;
      return w.say(`Press ${picker} and choose “${name}”`, `${picker}を押して「${name}」を選ぶ`);
    },
    'field.change': (w, e, c) =>
      e.field === 'address'
        ? type(w, e.value, 'wallet_ui.payment_address')
        : // Each key asks for the fee: the whole value goes in at once (pasteInto).
          pasteInto(w, e.value, amountLabel(w, form(e, c))) +
          w.say(
            dropsDot(e.value, '; the field drops the leading dot: it shows NUM'),
            dropsDot(e.value, '。先頭の点は消え、NUM と表示される'),
          ),
    'amount.max': (w, e, c) =>
      w.say(
        `Press ${w.q('wallet_ui.max')} beside ${amountLabel(w, form(e, c))}`,
        `${amountLabel(w, form(e, c))}の横の${w.q('wallet_ui.max')}を押す`,
      ),
    'form.submit': (w) =>
      w.say(
        `Press ${w.q('wallet_ui.continue')}; when ${w.q('wallet_ui.review_title')} opens (amount, fee, what arrives, the network and address), press ${w.q('common.confirm')}`,
        `${w.q('wallet_ui.continue')}を押す。${w.q('wallet_ui.review_title')}が開いたら（出金額・手数料・受取額・ネットワークとアドレス）${w.q('common.confirm')}を押す`,
      ),
  },
  actors: {
    checkStatus: {
      done: (w, e, c) => {
        const code = codeOf(e);
        if (code === 1067)
          return c.history.some((x) => x.type === 'xstate.done.actor.submit' && codeOf(x) === 0)
            ? ''
            : w.say(
                'Have a withdrawal in review: submit one (200 USDT to the USDT wallet) and leave it unreviewed',
                '審査中の出金を用意する：出金（USDT ウォレットへ 200 USDT）を申請し、審査しないでおく',
              );
        if (code === 1066) return w.fault('withdrawStatus', 'code', 1066);
        if (code === 1070)
          return w.say(
            'Have an open position: on the trade screen buy BTCUSDT at market with the smallest quantity and keep it open',
            '未決済ポジションを用意する：取引画面で BTCUSDT を最小数量で成行買いし、決済しない',
          );
        return '';
      },
    },
    loadTargets: {
      done: (w, e, c) => {
        const out = e.output as { code: number; data: unknown[] | null; metaMissing?: boolean };
        const bank = (e.output as { tab?: string }).tab === 'bank_card';
        const noWallet = c.spec.includes('no saved wallets');
        const call = targetsCall((e.output as { tab?: string }).tab, c.spec);
        if (out.code !== 0) return w.fault(call, 'status', 500);
        if (out.metaMissing) return w.fault('currencyBanckCardCoinNet', 'status', 500);
        if (out.data?.length) return '';
        if (bank)
          return w.say(
            `Delete the bank card (${w.q('my.bankCards')})`,
            `銀行カードを削除（${w.q('my.bankCards')}）`,
          );
        if (!noWallet)
          return w.say(
            `Delete both crypto wallets (${w.q('nav.user')} ▸ ${w.q('my.cryptoWallets')} ▸ a wallet ▸ ${w.q('cards.delete')} ▸ ${w.q('common.confirm')}, then the other; then close that screen with ×, which uncovers the account name)`,
            `暗号資産ウォレットを両方削除（${w.q('nav.user')} ▸ ${w.q('my.cryptoWallets')} ▸ ウォレット ▸ ${w.q('cards.delete')} ▸ ${w.q('common.confirm')}、もう一方も。その後 × でその画面を閉じると、アカウント名が見える）`,
          );
        return automatedOnly(
          w,
          w.say('every withdrawal network switched off', '全出金ネットワーク停止'),
        );
      },
    },
    calculate: {
      done: (w, e, c) => {
        const out = e.output as { code: number; data?: { feeType: string; practical: string } };
        const call = calcCall(form(e, c).tab);
        if (out.code !== 0) return w.fault(call, 'status', 500);
        if (out.data?.feeType === 'TIERED')
          return automatedOnly(w, w.say('a fee type the app does not know', '未知の手数料タイプ'));
        if (out.data?.practical === '0')
          return automatedOnly(w, w.say('a fee that leaves nothing', '受取額が0になる手数料'));
        return '';
      },
    },
    findMax: {
      done: (w, e, c) => {
        const out = e.output as { amount?: string; code: number };
        const call = calcCall(form(e, c).tab);
        if (out.code !== 0) return w.fault(call, 'status', 500);
        if (out.amount === '10')
          return automatedOnly(
            w,
            w.say('only 10 USD left on the real account', '実口座の残高が10 USDだけ'),
          );
        return '';
      },
    },
    submit: {
      done: (w, e) => {
        const code = codeOf(e);
        return code === 1066 || code === 1047 ? w.fault('userWithdraw', 'code', code) : '';
      },
    },
  },
  delays: {
    recheck: (w) =>
      w.say(
        `${wait(w, 1000)} (the fee is checked again)`,
        `${wait(w, 1000)}（手数料が再計算される）`,
      ),
  },
  states: {
    checking: (w, e) =>
      e.type === 'xstate.done.actor.submit'
        ? toast(w, w.t('submit_success_please_wait'))
        : loading(w, 'withdrawStatus'),
    locked: (w, e) => {
      const code = codeOf(e) ?? 1067;
      const way =
        code === 1066
          ? 'wallet_ui.contact_support'
          : code === 1070
            ? 'wallet_ui.open_positions'
            : 'wallet_ui.deposit_records';
      return w.say(
        `${w.q(lockTitleKey(code))} and ${w.q(`code.${code}`)}, with the buttons ${w.q(way)} and ${w.q('common.refresh')}; no form`,
        `${w.q(lockTitleKey(code))}と${w.q(`code.${code}`)}、ボタン${w.q(way)}と${w.q('common.refresh')}。フォームはない`,
      );
    },
    ready: () => '',
    'ready.loading': (w, e, c) => loading(w, targetsCall(form(e, c).tab, c.spec)),
    'ready.loadFailed': (w) =>
      w.say(
        `${w.q('wallet_ui.load_failed')} with ${w.q('common.retry')}; ${failed500(w)}`,
        `${w.q('wallet_ui.load_failed')}と${w.q('common.retry')}。${failed500(w)}`,
      ),
    'ready.metaMissing': (w) => w.q('bank_card_meta_not_found'),
    'ready.empty': (w, e, c) => {
      const bank = form(e, c).tab === 'bank_card';
      if (!bank && c.spec.includes('no saved wallets'))
        return w.say(
          `${w.q('wallet_ui.no_coin_withdraw')}; no button to add a wallet`,
          `${w.q('wallet_ui.no_coin_withdraw')}。ウォレット追加のボタンはない`,
        );
      return w.say(
        `${w.q(bank ? 'wallet_ui.no_bank_card' : 'wallet_ui.no_crypto_wallet')} and the button ${w.q(bank ? 'add_bank_card' : 'add_crypto_wallet')}`,
        `${w.q(bank ? 'wallet_ui.no_bank_card' : 'wallet_ui.no_crypto_wallet')}とボタン${w.q(bank ? 'add_bank_card' : 'add_crypto_wallet')}`,
      );
    },
    'ready.form': () => '',
    'ready.form.idle': (w, e, c) => {
      const f = form(e, c);
      const bank = f.tab === 'bank_card';
      if (!f.target)
        return w.say(
          `The form: ${w.q(bank ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network')} shows ${w.q('wallet_ui.none_chosen')}${f.amount ? `, the amount ${f.amount}` : ''}; ${w.q('position.fee')} shows —; no error`,
          `フォーム：${w.q(bank ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network')}は${w.q('wallet_ui.none_chosen')}${f.amount ? `、金額 ${f.amount}` : ''}。${w.q('position.fee')}は —。エラーなし`,
        );
      const shown = w.quote(f.target.name);
      const hint = w.q('wallet_ui.limits', {
        min: f.target.min,
        max: f.target.max,
        coin: f.target.coin,
      });
      // An empty amount shows its error only once the form is submitted.
      const error = outOfBounds(f) && (f.amount !== '' || e.type === 'form.submit');
      return (
        (error
          ? w.say(
              `${shown} chosen; under ${amountLabel(w, f)} the error ${limitMessage(w, f.target)}`,
              `${shown}を選択済み。${amountLabel(w, f)}の下にエラー${limitMessage(w, f.target)}`,
            )
          : w.say(`${shown} chosen; the hint ${hint}`, `${shown}を選択済み。ヒント${hint}`)) +
        addressError(w, f, e, c)
      );
    },
    'ready.form.maxing': (w, e, c) =>
      w.transient(
        w.say(
          'A small spinner next to the fee while the largest amount is worked out',
          '最大額を求める間、手数料の横に小さなスピナー',
        ),
        calcCall(form(e, c).tab),
      ),
    'ready.form.checking': (w, e, c) =>
      e.type === 'form.submit'
        ? // Confirm pressed while the fee is checked: the check panel covers the fee row,
          // and the submit is kept, so the withdrawal goes out once the fee is back. Said
          // when the path ends here (otherwise its next steps say what follows) and an
          // address is there to send to (without one the form asks for it instead).
          w.transient(
            w.say(
              `${w.q('common.confirm')} shows ${w.q('common.loading')}`,
              `${w.q('common.confirm')}が${w.q('common.loading')}になる`,
            ),
            calcCall(form(e, c).tab),
          ) +
          (c.later?.length || (form(e, c).typed && form(e, c).address === '')
            ? ''
            : w.say(
                '; when the fee is back, the withdrawal is sent as if Confirm were pressed then (it is not cancelled), and the server’s answer shows as after any Confirm',
                '。手数料が返ると、その時に確定を押したのと同じく出金が送信され（取り消されない）、確定後と同じくサーバーの応答が表示される',
              ))
        : w.transient(
            w.say(
              'A small spinner next to the fee (calculating)',
              '手数料の横に小さなスピナー（計算中）',
            ),
            calcCall(form(e, c).tab),
          ),
    'ready.form.valid': (w, e, c) => {
      const f = form(e, c);
      const d = realFee(f);
      const code = codeOf(e);
      const refused =
        e.type === 'xstate.done.actor.submit' && code
          ? `${codeToast(w, code)}${w.say('; ', '。')}`
          : '';
      return (
        w.say(
          `${refused}${w.q('position.fee')} ${d.fee} ${f.target?.coin}, ${w.q('wallet_ui.actual_amount')} ${d.practical} ${f.target?.coin}`,
          `${refused}${w.q('position.fee')} ${d.fee} ${f.target?.coin}、${w.q('wallet_ui.actual_amount')} ${d.practical} ${f.target?.coin}`,
        ) + addressError(w, f, e, c)
      );
    },
    'ready.form.invalid': (w, e, c) => {
      const f = form(e, c);
      const out = f.fee;
      if (!out || out.code !== 0) return failed500(w);
      const d = out.data as { feeType: string; practical: string; isOver: boolean };
      const key =
        d.feeType === 'TIERED'
          ? 'Not support feeType'
          : d.isOver
            ? 'insufficient_balance'
            : 'practicalNum_rule';
      return w.say(
        `Under ${amountLabel(w, f)} the error ${w.q(key)}`,
        `${amountLabel(w, f)}の下にエラー${w.q(key)}`,
      );
    },
    'ready.form.submitting': (w) =>
      w.transient(
        w.say(
          `${w.q('common.confirm')} shows ${w.q('common.loading')}; ${w.q('common.back')} and the tabs are disabled`,
          `${w.q('common.confirm')}が${w.q('common.loading')}になり、${w.q('common.back')}とタブは無効`,
        ),
        'userWithdraw',
      ),
  },
  names: {
    checking: ['Checking the account', 'アカウント確認中'],
    locked: ['Withdrawals locked', '出金ロック中'],
    ready: ['Withdraw screen', '出金画面'],
    'ready.loading': ['Loading the list', '一覧を読み込み中'],
    'ready.loadFailed': ['List failed to load', '一覧の読み込み失敗'],
    'ready.metaMissing': ['Bank-card limits missing', '銀行カードの上下限なし'],
    'ready.empty': ['Nothing to withdraw to', '出金先なし'],
    'ready.form': ['The form', 'フォーム'],
    'ready.form.idle': ['Form waiting for input', '入力待ち'],
    'ready.form.maxing': ['Finding the largest amount', '最大額を計算中'],
    'ready.form.checking': ['Calculating the fee', '手数料を計算中'],
    'ready.form.valid': ['Fee shown, ready to submit', '手数料表示・送信可'],
    'ready.form.invalid': ['Amount refused', '金額エラー'],
    'ready.form.submitting': ['Submitting', '送信中'],
  },
  titles: {
    'checking|xstate.done.actor.checkStatus|0': (w, e, c) =>
      c.history.some((x) => x.type === 'xstate.done.actor.submit')
        ? w.say(
            'Withdrawal submitted, then locked while it is in review',
            '出金を申請し、審査中はロックされる',
          )
        : w.say(`Locked: ${w.t(`code.${codeOf(e)}`)}`, `ロック：${w.t(`code.${codeOf(e)}`)}`),
    'ready.loading|xstate.done.actor.loadTargets|0': (w) =>
      w.say('The list fails to load', '一覧の読み込みに失敗'),
    'ready.loading|xstate.done.actor.loadTargets|1': (w) =>
      w.say('Bank-card limits missing', '銀行カードの上下限がない'),
    'ready.loading|xstate.done.actor.loadTargets|2': (w) =>
      w.say('Nothing to withdraw to', '出金先がない'),
    'ready.loadFailed|load.retry|0': (w) =>
      w.say('Retry after a failed load', '読み込み失敗後の再試行'),
    'ready|tab.select|0': (w, e) =>
      w.say(
        `Switch to the ${w.t(`wallet_ui.tab_${e.tab}`)} tab`,
        `${w.t(`wallet_ui.tab_${e.tab}`)}タブに切り替え`,
      ),
    'ready.form|target.select|1': (w) =>
      w.say('A target whose limits the amount misses', '金額が上下限外になる出金先'),
    'ready.form|field.change|2': (w, e, c) =>
      form(e, c).target
        ? w.say('Amount outside the limits', '上下限外の金額')
        : w.say('Amount typed before choosing where to', '出金先を選ぶ前に金額を入力'),
    'ready.form|field.change|0': (w) => w.say('Type a payment address', '送金先アドレスを入力'),
    'ready.form.idle|form.submit|0': (w) =>
      w.say('Submit an incomplete form', '未完成のフォームを送信'),
    'ready.form.valid|form.submit|1': (w) =>
      w.say('Submit without a payment address', '送金先アドレスなしで送信'),
    'ready.form.checking|xstate.done.actor.calculate|1': (w, e) => {
      const o = e.output as { code: number; data?: { feeType: string; isOver: boolean } };
      if (o.code !== 0) return w.say('The fee calculation fails', '手数料計算に失敗');
      if (o.data?.isOver) return w.say('Amount over the balance', '残高を超える金額');
      if (o.data?.feeType === 'TIERED')
        return w.say('Unknown fee type refused', '未知の手数料タイプを拒否');
      // Only a reply that leaves nothing earns this title; an ordinary fee here is a
      // submit pressed while the fee was being checked.
      return (o.data as { practical?: string } | undefined)?.practical === '0'
        ? w.say('Nothing left after the fee', '手数料で受取額が0')
        : w.say('Submit pressed while the fee is checked', '手数料の再計算中に送信');
    },
    'ready.form.valid|xstate.after.recheck.withdraw.ready.form.valid|0': (w) =>
      w.say('The fee is checked again every second', '手数料は毎秒再計算される'),
    'ready.form.submitting|xstate.done.actor.submit|0': (w) =>
      w.say(
        'Withdrawal submitted, then locked while it is in review',
        '出金を申請し、審査中はロックされる',
      ),
    'ready.form.submitting|xstate.done.actor.submit|1': (w) =>
      w.say('Submit refused: account flagged', '送信拒否：アカウント異常'),
    'ready.form.submitting|xstate.done.actor.submit|2': (w, e) =>
      w.say(`Submit refused: ${w.t(`code.${codeOf(e)}`)}`, `送信拒否：${w.t(`code.${codeOf(e)}`)}`),
  },
};

/**
 * The transfer machine in a person's words (tests/flows/transfer/paths.ts,
 * the transfer sheet of src/ui/flows/transfer/transfer.tsx).
 */
import { amountInput, checkTransferAmount } from '../../../src/machines/validation/wallet.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  buttonLoading,
  codeOf,
  codeToast,
  paste,
  signIn,
  toast,
} from '../../paths/words/common.ts';

/** As transfer/machine.ts keeps it (not exported). */
const TRANSFER_DECIMALS = 4;
const coinOf = (spec: string) => (spec.includes('BTC') ? 'BTC' : 'USDT');
const inward = (spec: string) => spec.includes('transfer in');
const amountNow = (c: StepCtx, e: AnyEvent) => {
  const x = [...c.history, e].reverse().find((y) => y.type === 'field.change');
  // The field keeps TRANSFER_DECIMALS decimals, as the machine does.
  return amountInput((x?.value as string | undefined) ?? '', TRANSFER_DECIMALS);
};
const quoted = (w: W) =>
  w.say(
    `${w.q('position.fee')} and ${w.q('wallet_ui.practical')} filled in; ${w.q('common.confirm')} enabled`,
    `${w.q('position.fee')}と${w.q('wallet_ui.practical')}が表示され、${w.q('common.confirm')}が押せる`,
  );

export const transferWords: Words = {
  machine: 'transfer',
  title: (w) => w.say('Wallet transfers', 'ウォレット振替'),
  open: (w, spec) =>
    w.say(
      `Open ${w.q('my.wallet')} and press ${w.q(inward(spec) ? 'wallet_ui.transfer_in' : 'wallet_ui.transfer_out')} on the ${coinOf(spec)} row`,
      `${w.q('my.wallet')}を開き、${coinOf(spec)} の行の${w.q(inward(spec) ? 'wallet_ui.transfer_in' : 'wallet_ui.transfer_out')}を押す`,
    ),
  before: (w, spec) => [
    signIn(w, 'fx@example.com', 'secret123'),
    w.say(
      `Use the real account (${w.q('account.toReal')})`,
      `リアル口座を使う（${w.q('account.toReal')}）`,
    ),
    w.console('account', `${w.q('console.amount')} = 2000`, w.q('console.credit')),
    ...(inward(spec)
      ? []
      : [
          w.say(
            `Transfer 500 USDT in first (${w.q('wallet_ui.transfer_in')} on the USDT row)`,
            `先に 500 USDT を振替入金する（USDT の行の${w.q('wallet_ui.transfer_in')}）`,
          ),
        ]),
  ],
  events: {
    // Each change asks for the fee: the value goes in at once.
    'field.change': (w, e, c) => paste(w, e.value, 'wallet_ui.amount_in', { coin: coinOf(c.spec) }),
    'form.submit': (w) => w.say(`Press ${w.q('common.confirm')}`, `${w.q('common.confirm')}を押す`),
  },
  actors: {
    calculate: {
      done: (w, e) => (codeOf(e) !== 0 ? w.fault('transformWalletCalculate', 'status', 500) : ''),
    },
    submit: { done: (w, e) => (codeOf(e) === -1 ? w.fault('transformWallet', 'status', 500) : '') },
    loadBalance: { done: () => '' },
  },
  delays: {},
  states: {
    editing: () => '',
    'editing.idle': (w, e, c) => {
      const k = e.type === 'form.submit' ? checkTransferAmount(amountNow(c, e)) : undefined;
      if (k)
        return w.say(
          `under ${w.q('wallet_ui.amount_in', { coin: coinOf(c.spec) })} the error ${w.q(k)}`,
          `${w.q('wallet_ui.amount_in', { coin: coinOf(c.spec) })}の下にエラー${w.q(k)}`,
        );
      return w.say(
        `${w.q('wallet_ui.available')}, ${w.q('wallet_ui.amount_in', { coin: coinOf(c.spec) })}; ${w.q('position.fee')} and ${w.q('wallet_ui.practical')} empty`,
        `${w.q('wallet_ui.available')}、${w.q('wallet_ui.amount_in', { coin: coinOf(c.spec) })}。${w.q('position.fee')}と${w.q('wallet_ui.practical')}は空`,
      );
    },
    'editing.calculating': (w) =>
      w.transient(
        w.say('A small spinner (calculating)', '小さなスピナー（計算中）'),
        'transformWalletCalculate',
      ),
    // After a refused or failed submit the balances reload first: that step shows the toast.
    'editing.quoted': (w, e) =>
      e.type === 'xstate.done.actor.submit'
        ? `${codeToast(w, codeOf(e) ?? 0)}${w.say('; ', '。')}${quoted(w)}`
        : quoted(w),
    'editing.failed': (w) => toast(w, w.t('tips.server500')),
    submitting: (w) => buttonLoading(w, 'transformWallet'),
    reloading: (w, e) =>
      codeOf(e) === 0
        ? toast(w, w.t('currency_conversion_successful'))
        : codeToast(w, codeOf(e) ?? 0),
    done: (w) =>
      w.say(
        'The sheet closes; the balances show the new amounts',
        'シートが閉じ、残高が更新される',
      ),
  },
  names: {
    editing: ['Transfer form', '振替フォーム'],
    'editing.idle': ['Filling in the transfer', '振替情報を入力中'],
    'editing.calculating': ['Calculating', '計算中'],
    'editing.quoted': ['Amount shown', '金額を表示'],
    'editing.failed': ['Calculation failed', '計算失敗'],
    submitting: ['Transferring', '振替中'],
    reloading: ['Reloading balances', '残高を再読み込み中'],
    done: ['Transfer done', '振替完了'],
  },
  titles: {
    'editing.idle|form.submit|0': (w) => w.say('Confirm without an amount', '金額なしで確定'),
    'editing|field.change|1': (w) => w.say('A zero amount', 'ゼロの金額'),
    'editing.calculating|xstate.done.actor.calculate|1': (w) =>
      w.say('The quote fails', '見積もりに失敗'),
    'editing.failed|form.submit|0': (w) =>
      w.say('Confirm after a failed quote: it is asked again', '見積もり失敗後に確定：再見積もり'),
    'submitting|xstate.done.actor.submit|0': (w) => w.say('Transfer', '振替'),
    'submitting|xstate.done.actor.submit|1': (w) =>
      w.say('More than the balance: refused', '残高超過で拒否'),
    'submitting|xstate.done.actor.submit|2': (w) =>
      w.say('The transfer call fails', '振替の呼び出しに失敗'),
  },
};

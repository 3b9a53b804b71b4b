/** The withdraw screen as a path leaves it, for the words (words.ts). */
import Big from 'big.js';
import { BANK_NET, coinNet, withdrawFee } from '../../../src/simulator/modules/account/coins.ts';
import { amountText } from '../../../src/ui/format.ts';
import type { AnyEvent, StepCtx, W } from '../../paths/plan/words.ts';
import { codeOf, latest, toast } from '../../paths/words/common.ts';

export interface Target {
  name: string;
  coin: string;
  min: number;
  max: number;
}
export const TARGETS: Record<string, Target> = {
  W1: { name: 'USDT TRC20', coin: 'USDT', min: 100, max: 10_000_000 },
  W2: { name: 'BTC BTC', coin: 'BTC', min: 0.002, max: 100 },
  C1: { name: 'Bank of Test •••• 6819', coin: 'USD', min: 50, max: 10_000_000 },
};
export const targetOf = (id: string): Target => {
  const n = coinNet(id);
  return (
    TARGETS[id] ?? {
      name: `${n?.coin ?? id} ${n?.protocol ?? ''}`.trim(),
      coin: n?.coin ?? '',
      min: Number(n?.min),
      max: Number(n?.max),
    }
  );
};

/** The form as the path has left it: tab, target, amount, address, newest fee reply. */
export function form(e: AnyEvent, c: StepCtx) {
  const all = [...c.history, e];
  // Switching tab, loading or submitting starts the form again.
  const from = all.findLastIndex(
    (x) =>
      x.type === 'tab.select' ||
      x.type === 'xstate.done.actor.loadTargets' ||
      (x.type === 'xstate.done.actor.submit' && codeOf(x) === 0),
  );
  const now = all.slice(from + 1);
  const tab = (latest(all, (x) => x.type === 'tab.select')?.tab as string) ?? 'crypto';
  const sel = latest(now, (x) => x.type === 'target.select')?.id as string | undefined;
  // Typed, or filled in by Max (its answer is the amount).
  const amount = latest(
    now,
    (x) =>
      (x.type === 'field.change' && x.field === 'amount') ||
      (x.type === 'xstate.done.actor.findMax' &&
        !!(x.output as { amount?: string } | undefined)?.amount),
  );
  const address = latest(now, (x) => x.type === 'field.change' && x.field === 'address');
  const calc = latest(now, (x) => x.type === 'xstate.done.actor.calculate');
  return {
    tab,
    /** A coin network (no saved wallets): the address is typed. */
    typed: !!sel && /^\d+$/.test(sel),
    targetId: sel,
    target: sel ? targetOf(sel) : undefined,
    amount: String(
      amount?.type === 'xstate.done.actor.findMax'
        ? (amount.output as { amount: string }).amount
        : (amount?.value ?? ''),
    ).replace(/^\./, ''),
    address: (address?.value as string | undefined) ?? '',
    fee:
      (calc?.output as { code: number; data?: Record<string, unknown> } | undefined) ?? undefined,
  };
}

export const amountLabel = (w: W, f: ReturnType<typeof form>) =>
  f.target
    ? w.q('wallet_ui.withdraw_amount', { coin: f.target.coin })
    : w.q('wallet_ui.withdraw_amount_bare');
export const limitMessage = (w: W, t: Target) =>
  w.q('wallet_ui.limit_message', {
    front: w.t('withdraw_amount_limit_front'),
    back: w.t('withdraw_amount_limit_back'),
    min: t.min,
    max: t.max,
    coin: t.coin,
  });
export const outOfBounds = (f: ReturnType<typeof form>) =>
  !!f.target && (Number(f.amount) < f.target.min || Number(f.amount) > f.target.max);
/**
 * Submitting without a typed address shows this under the payment address,
 * also when the submit was pressed during a fee check and the fee then lands.
 */
export const addressError = (w: W, f: ReturnType<typeof form>, e: AnyEvent, c: StepCtx) =>
  f.typed &&
  f.address === '' &&
  (e.type === 'form.submit' ||
    (e.type === 'xstate.done.actor.calculate' && c.history.at(-1)?.type === 'form.submit'))
    ? w.say(
        `; under ${w.q('wallet_ui.payment_address')} the error ${w.q('p_t_crypto_address')}`,
        `。${w.q('wallet_ui.payment_address')}の下にエラー${w.q('p_t_crypto_address')}`,
      )
    : '';
export const failed500 = (w: W) => toast(w, w.t('tips.server500'));

/** The fee and the actual amount the simulator computes (what the form then shows). */
export function realFee(f: ReturnType<typeof form>): { fee: string; practical: string } {
  const ids: Record<string, string> = { W1: '101', W2: '103' };
  const net = f.targetId === 'C1' ? BANK_NET : coinNet(ids[f.targetId ?? ''] ?? f.targetId);
  const num = new Big(f.amount || 0);
  const fee = net ? withdrawFee(net, num) : new Big(0);
  // As the screen shows them: in the coin's decimals (USD 2; other coins as computed).
  const coin = f.target?.coin ?? '';
  return {
    fee: amountText(fee.toString(), coin),
    practical: amountText(num.minus(fee).toString(), coin),
  };
}

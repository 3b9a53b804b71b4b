/**
 * The deposit minimum (user-centre.md §9), in USD and, for a quoted coin, about
 * how much of it; for a coin pegged to the dollar, in that coin.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Num } from '../../components/num.tsx';
import { withNodes } from '../../components/num-text.tsx';
import { priceOf, type DepositContext } from '../../../machines/deposit/machine.ts';
import { USD_PEGGED, depositMinimumIn } from '../../../machines/validation/wallet.ts';

/** The minimum as a sentence, for the note of step one and the amount hint of step two. */
export function useDepositMinimum(c: DepositContext): ReactNode {
  const { t } = useTranslation();
  const coin = c.coins.find((n) => n.id === c.coinId)?.currency;
  const price = priceOf(c);
  if (coin && coin !== 'USD' && USD_PEGGED.includes(coin)) {
    // A coin worth a dollar: the minimum in the coin the amount is typed in (issue 25 item 11).
    return t('wallet_ui.deposit_min_pegged', { min: c.minUsd, coin });
  }
  if (!coin || price === undefined) return t('wallet_ui.deposit_min', { min: c.minUsd });
  // The coin amount is a number a user reads (in the coin, as computed: 5 decimals, §9).
  return withNodes(t, 'wallet_ui.deposit_min_coin', {
    min: c.minUsd,
    amount: <Num kind="amount" unit={coin} value={depositMinimumIn(price, c.minUsd)} />,
    coin,
  });
}

export function DepositMinimum({ c }: { c: DepositContext }) {
  const text = useDepositMinimum(c);
  return (
    <p className="deposit-minimum" role="note">
      {text}
    </p>
  );
}

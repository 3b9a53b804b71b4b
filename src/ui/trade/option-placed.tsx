/**
 * What the "Option placed" drawer says was bought (§2 "Success drawer after
 * placing"), as the market order's drawer does (order-placed.tsx): the side
 * and product, the stake, the price it opened at, the payout rate and what a
 * win pays. The open price is the server's (it prices the option at its own
 * mid, not the form's), read from the running options; "Loading…" until the
 * list has it.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { PlacedOption } from '../../machines/optionOrder/machine.ts';
import { profitIfWon } from '../../machines/validation/options.ts';
import { useServices } from '../services-context.tsx';
import { Num, Pnl } from '../components/num.tsx';
import { runningOptions } from '../../state/running-options.ts';
import { watchRunningOptions } from './running-options-feed.ts';

export function OptionPlacedFacts({ placed }: { placed: PlacedOption }) {
  const { t } = useTranslation();
  const { api } = useServices();
  // Asked once now (the placement already asked the feed to reload), not polled.
  useEffect(() => watchRunningOptions(api, false), [api]);
  const list = useSnapshot(runningOptions).list;
  const option = list?.find((o) => o.uid === placed.uid);
  const { symbol } = placed;
  return (
    <dl className="kv">
      <dt>{t('position.direction')}</dt>
      <dd className={placed.direction === 0 ? 'up' : 'down'}>
        {t(placed.direction === 0 ? 'option.long' : 'option.short')} {symbol}
      </dd>
      <dt>{t('option.amount')}</dt>
      <Num as="dd" kind="amount" unit="USD" value={placed.amount} />
      <dt>{t('option.openPrice')}</dt>
      {option ? (
        <Num as="dd" kind="price" unit={symbol} value={option.price} />
      ) : (
        <dd className="muted" role="status">
          {t('common.loading')}
        </dd>
      )}
      <dt>{t('option.payout')}</dt>
      <dd>
        <Num kind="rate" value={placed.profitRate} />%
      </dd>
      <dt>{t('option.ifWon')}</dt>
      <Pnl as="dd" value={profitIfWon(placed.amount, placed.profitRate)} />
    </dl>
  );
}

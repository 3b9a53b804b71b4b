/**
 * An option's countdown and settlement (the option settlement machine's
 * view): progress while it runs, then the settlement drawer, loading until
 * the result (with completeTime) is in.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../i18n/react.tsx';
import type { OptionOrder } from '../../api/types/trading.ts';
import { optionSettlementActors } from '../../machines/optionSettlement/actors.ts';
import {
  optionSettlementMachine,
  type OptionSettlementOutput,
  type SettlementView,
} from '../../machines/optionSettlement/machine.ts';
import { serverNow, serverTimeKnown } from '../../state/server-clock.ts';
import { tradeChanged } from '../../state/trade-events.ts';
import { useServices } from '../services-context.tsx';
import { formatDateTime } from '../format.ts';
import { Num } from '../components/num.tsx';
import { FIGURE } from '../figures.ts';
import { inspected } from '../../machines/inspect.ts';
import './settlement.css';

export interface Settling {
  uid: string;
  endTime: number;
  timeLong: number;
}

/**
 * Whether countdowns can start: the server's time is known (a quote arrived),
 * or it did not come within `waitMs` (then the device's clock is all there is).
 * A countdown started on a device clock minutes fast would end at once.
 */
export function useServerClockReady(waitMs = 3000): boolean {
  const [ready, setReady] = useState(serverTimeKnown);
  useEffect(() => {
    if (ready) return;
    const start = Date.now();
    const id = setInterval(() => {
      if (serverTimeKnown() || Date.now() - start >= waitMs) setReady(true);
    }, 100);
    return () => clearInterval(id);
  }, [ready, waitMs]);
  return ready;
}

/** Runs one option's settlement; `render` draws it from the machine's state. */
export function useSettlement(
  o: Settling,
  view: SettlementView,
  onEnd?: (out: OptionSettlementOutput) => void,
) {
  const { api } = useServices();
  const [state] = useMachine(
    optionSettlementMachine.provide({ actors: optionSettlementActors(api) }),
    {
      ...inspected,
      input: {
        uid: o.uid,
        endTime: o.endTime,
        timeLong: o.timeLong,
        now: serverNow(),
        clock: serverNow,
        view,
      },
    },
  );
  const done = state.hasTag('done');
  useEffect(() => {
    if (done && state.output?.kind === 'settled') tradeChanged();
    if (done && state.output) onEnd?.(state.output);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it ends
  }, [done]);
  return state;
}

export function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
    >
      <span style={{ width: `${value}%` }} />
    </div>
  );
}

/** The settlement drawer's content: loading until the result carries completeTime. */
export function SettlementResult({ result }: { result: OptionOrder | null }) {
  const { t } = useTranslation();
  if (!result || result.completeTime === null) {
    return (
      <div className="empty-state" role="status">
        <div className="spinner" />
        <p>{t('option.settling')}</p>
      </div>
    );
  }
  const win = (result.winLost ?? 0) > 0;
  const tie = (result.winLost ?? 0) === 0;
  return (
    <div className="settlement">
      <p className={`settle-amount ${tie ? '' : win ? 'up' : 'down'}`} role="status">
        {tie ? t('option.tie') : win ? t('option.won') : t('option.lost')}{' '}
        <Num
          kind="pnl"
          unit="USD"
          value={result.winLost ?? 0}
          figure={FIGURE.optionPnl(result.uid)}
        />
      </p>
      <dl className="kv">
        <dt>{t('option.symbol')}</dt>
        <dd>{result.tradePair}</dd>
        <dt>{t('position.direction')}</dt>
        <dd>{t(result.orderType === 0 ? 'option.long' : 'option.short')}</dd>
        <dt>{t('option.amount')}</dt>
        <Num as="dd" kind="amount" unit="USD" value={result.amount} />
        <dt>{t('option.openPrice')}</dt>
        <Num as="dd" kind="price" unit={result.tradePair} value={result.price} />
        <dt>{t('option.closePrice')}</dt>
        <Num as="dd" kind="price" unit={result.tradePair} value={result.priceEnd} />
        <dt>{t('option.settledAt')}</dt>
        <dd>{formatDateTime(result.completeTime)}</dd>
      </dl>
    </div>
  );
}

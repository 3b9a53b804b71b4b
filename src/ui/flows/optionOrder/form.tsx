/**
 * The option order form (mobile /{symbol}/placeOption, desktop panel in option
 * mode): delivery time, amount with chips, payout rate; then the placed
 * option's countdown and its settlement drawer (place view: 12 tries).
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocation } from 'wouter';
import { optionOrderMachine, type PlacedOption } from '../../../machines/optionOrder/machine.ts';
import { optionOrderActors } from '../../../machines/optionOrder/actors.ts';
import type { TradeMode } from '../../../config/site.ts';
import { showToast } from '../../../state/toasts.ts';
import { optionPlaced } from '../../../state/trade-events.ts';
import { TOAST_MS } from '../../../config/constants.ts';
import { useServices } from '../../services-context.tsx';
import { TextField } from '../../forms/fields.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { durationLabel, formatDuration } from '../../format.ts';
import { Num } from '../../components/num.tsx';
import { priceCell } from '../../components/quote.tsx';
import { priceText } from '../../format.ts';
import { BalanceNum } from '../../components/balance-num.tsx';
import { Progress, SettlementResult, useSettlement } from '../../trade/settlement.tsx';
import { OptionPlacedFacts } from '../../trade/option-placed.tsx';
import { useSettlementShown } from '../../trade/option-notices.ts';
import {
  BalanceError,
  DirectionTabs,
  TicketLoadFailed,
  ticketFlags,
  ticketInput,
  useQuoteStale,
  useTicketPrices,
} from '../../trade/ticket-parts.tsx';
import { inspected } from '../../../machines/inspect.ts';
import { useNotices } from '../../hooks/use-notices.ts';

function Placed({ placed, onClose }: { placed: PlacedOption; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const state = useSettlement(placed, 'place', (out) => {
    if (out.kind === 'failed') {
      showToast(t('position.fail_result_check_history'), 'error', TOAST_MS);
      navigate(out.goTo === 'history' ? '/history' : '/position');
    }
  });
  const running = state.hasTag('running');
  const left = Math.max(0, Math.ceil(state.context.remaining / 1000));
  // While this shows it, the option's settlement is told here, not by a notice.
  useSettlementShown(placed.uid, true, !running && !!state.context.result?.completeTime);
  return (
    <>
      {/* The position drawer while it runs… */}
      <Drawer open={running} title={t('option.placedTitle')} onClose={onClose}>
        <p>{t('option.placedText', { time: formatDuration(placed.timeLong, t) })}</p>
        <OptionPlacedFacts placed={placed} />
        <Progress value={state.context.progress} label={t('option.timeLeft', { seconds: left })} />
        <p className="muted small">{t('option.timeLeft', { seconds: left })}</p>
      </Drawer>
      {/* …then the settlement drawer, loading until the result is in. */}
      <Drawer
        open={!running && !state.matches('failed')}
        title={t('option.settlement')}
        onClose={onClose}
      >
        <SettlementResult result={state.context.result} />
      </Drawer>
    </>
  );
}

export function OptionOrderForm({
  symbol,
  direction,
  tradeMode,
  onLeave,
  onClosed = onLeave,
  directionTabs,
}: {
  symbol: string;
  direction: unknown;
  tradeMode: TradeMode;
  onLeave: () => void;
  /** The product is closed (default: leave, as on phones, to the chart's history-only view). */
  onClosed?: () => void;
  directionTabs?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [state, send, actor] = useMachine(
    optionOrderMachine.provide({ actors: optionOrderActors(api) }),
    {
      ...inspected,
      input: ticketInput(symbol, direction, tradeMode),
    },
  );
  const c = state.context;
  useNotices(actor);
  const [placed, setPlaced] = useState<PlacedOption>();
  const announced = useRef<string>(undefined);

  useTicketPrices(symbol, send);
  useEffect(() => {
    if (state.matches('placed') && c.placed) {
      setPlaced(c.placed);
      if (announced.current !== c.placed.uid) {
        announced.current = c.placed.uid;
        optionPlaced(c.placed.endTime);
      }
    }
    if (state.matches('closed')) onClosed();
    if (state.matches('left')) onLeave();
  }, [state, c.placed, onLeave, onClosed]);

  const { busy, locked, cooling, inert } = ticketFlags(state);
  const term = c.delivery !== undefined ? c.deliveries[c.delivery] : undefined;
  const stale = useQuoteStale(symbol);

  if (state.matches('loadFailed'))
    return <TicketLoadFailed onRetry={() => send({ type: 'load.retry' })} />;
  return (
    <form
      className="order-form"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !cooling) send({ type: 'form.submit' });
      }}
    >
      {directionTabs && (
        <DirectionTabs
          direction={c.direction}
          inert={inert}
          labels={['option.long', 'option.short']}
          onChange={(d) => send({ type: 'direction.change', value: d })}
        />
      )}
      <fieldset className="field">
        <legend className="label">{t('option.deliveryTime')}</legend>
        <div className="chips" role="radiogroup" aria-label={t('option.deliveryTime')}>
          {c.deliveries.map((d, i) => (
            <button
              key={d.timeLong}
              type="button"
              role="radio"
              aria-checked={c.delivery === i}
              className={`chip${c.delivery === i ? ' active' : ''}`}
              aria-disabled={inert || undefined}
              onClick={() => !inert && send({ type: 'delivery.select', index: i })}
            >
              {d.name ? durationLabel(d.name, i18n.language, t) : formatDuration(d.timeLong, t)} ·{' '}
              <Num kind="rate" value={d.profitRate} />%
            </button>
          ))}
        </div>
        {c.errors.delivery && (
          <span className="field-error" role="alert">
            {t(c.errors.delivery)}
          </span>
        )}
      </fieldset>
      <TextField
        label={t('option.amount')}
        inputMode="numeric"
        value={c.amount}
        onValue={(value) => send({ type: 'field.change', field: 'amount', value })}
        onBlur={() => send({ type: 'field.blur', field: 'amount' })}
        // The machine takes no input while it loads or submits: the field says so (read-only: it keeps focus) instead of dropping keys.
        readOnly={inert}
        error={c.errors.amount}
        errorValues={term ? { min: term.min, max: term.max } : {}}
        // "Amount is out of range" names no range: the range stays in sight under it.
        hintWithError
        hint={
          term
            ? term.max > 0
              ? t('option.range', { min: term.min, max: term.max })
              : t('option.min', { min: term.min })
            : undefined
        }
      />
      {c.chips.length > 0 && (
        <div className="chips" role="group" aria-label={t('option.chips')}>
          {c.chips.map((v) => (
            <button
              key={v}
              type="button"
              className="chip"
              aria-disabled={inert || undefined}
              onClick={() => !inert && send({ type: 'chip.select', value: v })}
            >
              {v}
            </button>
          ))}
        </div>
      )}
      <dl className="kv">
        {/* The price the option would open at now (the server's mid when placed). */}
        <dt>{t('position.currentPrice')}</dt>
        <Num
          as="dd"
          kind="price"
          unit={symbol}
          value={c.quote?.price}
          {...priceCell(t, priceText(symbol, c.quote?.price), stale)}
        />
        <dt>{t('option.payout')}</dt>
        <dd>
          {term ? (
            <>
              <Num kind="rate" value={term.profitRate} />%
            </>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('order.available')}</dt>
        <BalanceNum as="dd" which="available" />
      </dl>
      <BalanceError error={c.errors.balance} />
      <button
        type="submit"
        className={`btn block ${c.direction === 0 ? 'buy' : 'sell'}`}
        // As the market ticket: only a closed market disables it; while an order is
        // placed it is aria-disabled, so keyboard focus stays on it.
        disabled={locked}
        aria-disabled={busy || cooling || undefined}
      >
        {busy
          ? t('common.loading')
          : t(c.direction === 0 ? 'option.placeLong' : 'option.placeShort', { symbol })}
      </button>
      {placed && <Placed placed={placed} onClose={onLeave} />}
    </form>
  );
}

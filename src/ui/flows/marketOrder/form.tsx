/**
 * The market order form (mobile /{symbol}/place, desktop place-order panel):
 * the market order machine's view. Live prices go in as `price.update`.
 */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import {
  marketOrderMachine,
  type MarketOrderContext,
  type OrderField,
} from '../../../machines/marketOrder/machine.ts';
import { marketOrderActors } from '../../../machines/marketOrder/actors.ts';
import { tradeChanged } from '../../../state/trade-events.ts';
import { useServices } from '../../services-context.tsx';
import { Check, TextField } from '../../forms/fields.tsx';
import { Num, Pnl } from '../../components/num.tsx';
import { priceCell } from '../../components/quote.tsx';
import { priceText } from '../../format.ts';
import { withNodes } from '../../components/num-text.tsx';
import { BalanceNum } from '../../components/balance-num.tsx';
import type { TradeMode } from '../../../config/site.ts';
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
import './marketOrder.css';

export interface OrderFormProps {
  symbol: string;
  direction: unknown;
  tradeMode: TradeMode;
  /** The order was placed (the success drawer), or the form was refused (leave). */
  onPlaced: (orderId: string) => void;
  onLeave: () => void;
  /** Desktop: the direction is a tab inside the form. */
  directionTabs?: boolean;
}

const limits = (c: MarketOrderContext) =>
  c.info ? { min: c.info.minCount, max: c.info.maxCount } : undefined;

/**
 * Beside a price field: the range it must lie in for the current quote and,
 * for a stop, the P&L if the price reaches it (issue 25: shown, so nothing
 * has to be rewritten behind the user's back).
 */
function PriceHint({
  symbol,
  range,
  pnl,
}: {
  symbol: string;
  range: { side: 'below' | 'above' | 'atOrBelow' | 'atOrAbove'; ref: number } | undefined;
  pnl?: string | undefined;
}) {
  const { t } = useTranslation();
  if (!range) return null;
  return (
    <span className="market-order-price-hint">
      <span>
        {withNodes(t, `order.range_${range.side}`, {
          price: <Num kind="price" unit={symbol} value={range.ref} />,
        })}
      </span>
      {pnl !== undefined && (
        <span>{withNodes(t, 'order.pnlIfReached', { pnl: <Pnl value={pnl} /> })}</span>
      )}
    </span>
  );
}

export function MarketOrderForm({
  symbol,
  direction,
  tradeMode,
  onPlaced,
  onLeave,
  directionTabs,
}: OrderFormProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send] = useMachine(marketOrderMachine.provide({ actors: marketOrderActors(api) }), {
    ...inspected,
    input: ticketInput(symbol, direction, tradeMode),
  });
  const c = state.context;
  const marketStale = useQuoteStale(symbol);

  // Live prices feed the margin and the pending-price rule.
  useTicketPrices(symbol, send);
  useEffect(() => {
    if (state.matches('placed') && c.orderId) {
      tradeChanged();
      onPlaced(c.orderId);
    }
    if (state.matches('left')) onLeave();
  }, [state, c.orderId, onPlaced, onLeave]);

  const { busy, locked, cooling, inert } = ticketFlags(state);
  const closed = state.hasTag('closed');
  const field = (f: OrderField) => ({
    value: c[f],
    readOnly: inert,
    onValue: (value: string) => send({ type: 'field.change', field: f, value }),
    onBlur: () => send({ type: 'field.blur', field: f }),
    error: c.errors[f],
    inputMode: 'decimal' as const,
  });
  const range = limits(c);

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
          labels={['order.buy', 'order.sell']}
          classNames={['buy-tab', 'sell-tab']}
          onChange={(d) => send({ type: 'direction.change', value: d })}
        />
      )}
      <dl className="kv order-quote">
        <dt>{t('order.sellPrice')}</dt>
        <Num
          as="dd"
          className="down"
          kind="price"
          unit={symbol}
          value={c.quote?.bid}
          {...priceCell(t, priceText(symbol, c.quote?.bid), marketStale)}
        />
        <dt>{t('order.buyPrice')}</dt>
        <Num
          as="dd"
          className="up"
          kind="price"
          unit={symbol}
          value={c.quote?.ask}
          {...priceCell(t, priceText(symbol, c.quote?.ask), marketStale)}
        />
        <dt>{t('order.leverage')}</dt>
        <dd>{c.info ? `1:${c.info.multiple}` : '—'}</dd>
      </dl>
      <div className="checks">
        <Check
          label={t('order.pending')}
          checked={c.pending}
          onToggle={() => send({ type: 'pending.toggle' })}
          disabled={inert}
        />
      </div>
      {c.pending && (
        <TextField
          label={t('order.pendingPrice')}
          {...field('price')}
          hintWithError
          hint={<PriceHint symbol={symbol} range={c.preview.price} />}
        />
      )}
      <TextField
        label={t('order.volume')}
        {...field('volume')}
        errorValues={
          range
            ? {
                value: (
                  <Num
                    kind="volume"
                    unit={symbol}
                    value={c.errors.volume === 'volume_max_rule' ? range.max : range.min}
                  />
                ),
              }
            : {}
        }
        hint={
          range
            ? withNodes(t, 'order.volumeRange', {
                min: <Num kind="volume" unit={symbol} value={range.min} />,
                max: <Num kind="volume" unit={symbol} value={range.max} />,
              })
            : undefined
        }
      />
      <div className="checks">
        <Check
          label={t('order.stopLoss')}
          checked={c.stopLossOn}
          onToggle={() => send({ type: 'stopLoss.toggle' })}
          disabled={inert}
        />
        <Check
          label={t('order.takeProfit')}
          checked={c.takeProfitOn}
          onToggle={() => send({ type: 'takeProfit.toggle' })}
          disabled={inert}
        />
      </div>
      {(['stopLoss', 'takeProfit'] as const).map(
        (k) =>
          c[`${k}On`] && (
            <TextField
              key={k}
              label={t(`order.${k}`)}
              {...field(k)}
              hintWithError
              hint={<PriceHint symbol={symbol} range={c.preview[k]} pnl={c.preview[k]?.pnl} />}
            />
          ),
      )}
      <dl className="kv">
        <dt>{t('order.margin')}</dt>
        <Num as="dd" kind="margin" unit="USD" value={c.margin} />
        <dt>{t('position.fee')}</dt>
        <Num as="dd" kind="fee" unit="USD" value={c.fee} />
        <dt>{t('order.available')}</dt>
        <BalanceNum as="dd" which="available" />
      </dl>
      <BalanceError error={c.errors.balance} />
      <button
        type="submit"
        className={`btn block ${c.direction === 0 ? 'buy' : 'sell'}`}
        // Only a closed market disables it: a disabled button would drop keyboard focus mid-order.
        disabled={locked}
        aria-disabled={busy || cooling || undefined}
      >
        {closed
          ? t('order.marketClosed')
          : busy
            ? t('common.loading')
            : t(c.direction === 0 ? 'order.placeBuy' : 'order.placeSell', { symbol })}
      </button>
    </form>
  );
}

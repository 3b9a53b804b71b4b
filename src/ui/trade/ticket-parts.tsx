/**
 * What the market order and option order views share (issue 26): the order
 * ticket's live prices, its direction tabs, its balance error, its load
 * failure, and the phone screen around the form
 * (src/ui/flows/marketOrder/, src/ui/flows/optionOrder/).
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation, useSearch } from 'wouter';
import type { OrderDirection } from '../../api/types/trading.ts';
import type { TicketEvent, TicketInput } from '../../machines/shared/orderTicket/machine.ts';
import type { TradeMode } from '../../config/site.ts';
import { decodeToken, isDemo, session } from '../../state/session.ts';
import { preferences } from '../../state/preferences.ts';
import { prices } from '../../state/prices.ts';
import { site } from '../../state/site.ts';
import { useServices } from '../services-context.tsx';
import type { ScreenProps } from '../router.tsx';
import { BackLink } from '../components/back-link.tsx';
import { LoadFailed } from '../components/load-failed.tsx';

type PriceUpdate = Extract<TicketEvent, { type: 'price.update' }>;

/** A ticket machine's input for the signed-in account (demo or real). */
export const ticketInput = (
  symbol: string,
  direction: unknown,
  tradeMode: TradeMode,
): TicketInput => ({
  symbol,
  demo: isDemo(decodeToken(session.token)),
  direction,
  tradeMode,
});

/**
 * What a ticket's state says to its view: `busy` (loading or submitting),
 * `locked` (not loaded, or closed), `cooling` (the duplicate-click guard
 * holds the button for 1 s after a refused attempt) and `inert`: the machine
 * takes no input while it loads or submits, so the controls say so
 * (read-only or aria-disabled, not disabled, so keyboard focus stays)
 * instead of dropping it.
 */
export function ticketFlags(state: {
  hasTag: (tag: string) => boolean;
  matches: (value: { editing: 'cooling' }) => boolean;
}) {
  const busy = state.hasTag('busy');
  const locked = state.hasTag('locked');
  return {
    busy,
    locked,
    cooling: state.matches({ editing: 'cooling' }),
    inert: locked || busy,
  };
}

/** Live prices of `symbol` go to the ticket as `price.update`, each tick once. */
/** The ticket's quote is not live: the market channel is silent, or this product's feed alone. */
export function useQuoteStale(symbol: string): boolean {
  const quiet = useSnapshot(prices.quiet)[symbol] === true;
  return useSnapshot(site).marketStale || quiet;
}

export function useTicketPrices(symbol: string, send: (e: PriceUpdate) => void): void {
  useEffect(() => {
    let last = 0;
    return subscribe(prices, () => {
      const q = prices.bySymbol[symbol];
      if (!q || q.lastUpdate === last) return;
      last = q.lastUpdate;
      send({
        type: 'price.update',
        bid: q.bidPrice,
        ask: q.askPrice,
        price: q.price,
        time: q.lastUpdate,
      });
    });
  }, [send, symbol]);
}

/**
 * Desktop: the direction as tabs inside the form. Not `disabled` while the
 * ticket is inert (it would drop keyboard focus): said, and the click
 * ignored, while the machine loads or submits and would drop the change.
 */
export function DirectionTabs({
  direction,
  inert,
  labels,
  classNames,
  onChange,
}: {
  direction: OrderDirection;
  inert: boolean;
  /** The message keys of direction 0 and 1. */
  labels: readonly [string, string];
  /** Each tab's class, if any. */
  classNames?: readonly [string, string];
  onChange: (d: OrderDirection) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="segmented block" role="group" aria-label={t('order.direction')}>
      {([0, 1] as OrderDirection[]).map((d) => (
        <button
          key={d}
          type="button"
          className={classNames?.[d]}
          aria-pressed={direction === d}
          aria-disabled={inert || undefined}
          onClick={() => !inert && onChange(d)}
        >
          {t(labels[d])}
        </button>
      ))}
    </div>
  );
}

/** The balance error under the form (insufficient_balance), when there is one. */
export function BalanceError({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {t(error)}
    </p>
  );
}

/** The product did not load: the message and Retry (`load.retry`). */
export function TicketLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailed message={t('tips.incorrect_data')} onRetry={onRetry} />;
}

/**
 * A phone ticket screen's route (/{symbol}/place…?direction=0|1): the symbol,
 * the direction, the trade mode, and leaving back to the chart.
 */
export function useTicketRoute({ params }: ScreenProps) {
  const { config } = useServices();
  const [, navigate] = useLocation();
  const symbol = params.symbol ?? '';
  const direction = new URLSearchParams(useSearch()).get('direction');
  const { tradeMode } = useSnapshot(preferences);
  const onLeave = useCallback(
    () => navigate(`/chart/${symbol}`, { replace: true }),
    [navigate, symbol],
  );
  return {
    symbol,
    direction,
    tradeMode: tradeMode ?? config.defaultTradeMode,
    onLeave,
    navigate,
  };
}

/** A phone ticket screen: back to the chart, the title, then the form. */
export function TicketScreen({
  symbol,
  title,
  children,
}: {
  symbol: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="screen">
      <header className="screen-header">
        <BackLink to={`/chart/${symbol}`} />
        <h1 className="screen-title">{title}</h1>
        <span />
      </header>
      {children}
    </main>
  );
}

/**
 * A market order as a list card (positions, history, the records screens and
 * the wallet overview): pair, side, status with its glyph, profit and loss,
 * volume, price and a time. Opening it shows the order's detail.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { MarketOrder } from '../../api/types/trading.ts';
import { formatDateTime } from '../format.ts';
import { Num, Pnl } from '../components/num.tsx';
import { FIGURE } from '../figures.ts';
import { useLiveOrder } from '../hooks/use-live-order.ts';
import { useProductDigits } from './use-product-digits.ts';
import { STATUS_CLASS } from './order-detail.tsx';

/** A small glyph per order status, besides its colour (§4: distinct colours and icons). */
export function StatusGlyph({ status }: { status: number }) {
  const d: Record<number, string> = {
    1: 'M12 7v5l3 2', // pending: a clock hand
    2: 'M5 12h14', // open / waiting: a level line
    3: 'M6 12l4 4 8-8', // closed / done: a tick
    4: 'M7 7l10 10M17 7L7 17', // canceled / failed: a cross
  };
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d={d[status] ?? d[2]} fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

/** A market order's positionStatus: colour, glyph and label. */
export function MarketStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`status ${STATUS_CLASS[status] ?? 'grey'}`}>
      <StatusGlyph status={status} /> {t(`position.status_${status}`)}
    </span>
  );
}

export function MarketOrderCard({
  o: given,
  onOpen,
  time,
  extra,
}: {
  o: MarketOrder;
  onOpen: () => void;
  /** The time shown: placed (positions, records) or closed (history). */
  time: number | null | undefined;
  /** More facts after the opening price (the current price of an open position). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  useProductDigits();
  const o = useLiveOrder(given);
  return (
    <li>
      <button
        type="button"
        className="order-card"
        onClick={onOpen}
        aria-label={`${o.tradePair} ${o.id}`}
      >
        <span className="order-head">
          <b>{o.tradePair}</b>
          <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
            {t(o.orderType === 0 ? 'order.buy' : 'order.sell')}
          </span>
          <MarketStatus status={o.positionStatus} />
          <Pnl className="pnl" value={o.profitLoss} figure={FIGURE.positionPnl(o.id)} />
        </span>
        <span className="order-grid">
          <span>
            {t('position.volume')} <Num kind="volume" unit={o.tradePair} value={o.orderQuantity} />
          </span>
          <span>
            {t('position.placePrice')}{' '}
            <Num kind="price" unit={o.tradePair} value={o.openingPrice} />
          </span>
          {extra}
          <span>{time ? formatDateTime(time) : '—'}</span>
        </span>
      </button>
    </li>
  );
}

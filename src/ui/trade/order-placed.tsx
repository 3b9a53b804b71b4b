/**
 * The success drawer after a market order is placed (§2 "Success drawer after
 * placing"), on phones and desktops. Beside the order number it says what
 * was done (issue 25 item 4): the side, volume and symbol, the price it
 * filled at (or waits at, for a pending order), its stops, margin and fee,
 * as the exchange channel lists the order (state/orders.ts); "Loading…"
 * until the list has it.
 * An order a stop closed before any list showed it is looked for in the
 * closed list (notePlaced), and one that closes while the drawer is open
 * keeps its facts: the drawer never goes back to "Loading…".
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { MarketOrder } from '../../api/types/trading.ts';
import { notePlaced, orders } from '../../state/orders.ts';
import { Drawer } from '../components/drawer.tsx';
import { Num } from '../components/num.tsx';
import { useDesktop } from '../hooks/use-media.ts';

function PlacedFacts({ o }: { o: MarketOrder }) {
  const { t } = useTranslation();
  const pending = o.positionStatus === 1;
  return (
    <dl className="kv">
      <dt>{t('position.direction')}</dt>
      <dd className={o.orderType === 0 ? 'up' : 'down'}>
        {t(o.orderType === 0 ? 'order.buy' : 'order.sell')} {o.tradePair}
      </dd>
      <dt>{t('position.volume')}</dt>
      <Num as="dd" kind="volume" unit={o.tradePair} value={o.orderQuantity} />
      <dt>{t(pending ? 'order.pendingPrice' : 'order.fillPrice')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.openingPrice} />
      {/* The stops it carries, as the server took them: only those set. */}
      {o.stopPrice !== null && (
        <>
          <dt>{t('order.stopLoss')}</dt>
          <Num as="dd" kind="price" unit={o.tradePair} value={o.stopPrice} />
        </>
      )}
      {o.takeProfitPrice !== null && (
        <>
          <dt>{t('order.takeProfit')}</dt>
          <Num as="dd" kind="price" unit={o.tradePair} value={o.takeProfitPrice} />
        </>
      )}
      <dt>{t('position.margin')}</dt>
      <Num as="dd" kind="margin" unit="USD" value={o.securityDepositInitial} />
      <dt>{t('position.fee')}</dt>
      <Num as="dd" kind="fee" unit="USD" value={o.feeAmount} />
    </dl>
  );
}

export function OrderPlaced({
  orderId,
  onPositions,
  onContinue,
}: {
  /** The order number; the drawer is open while it is set. */
  orderId: string | undefined;
  onPositions: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const desktop = useDesktop();
  const snap = useSnapshot(orders);
  const found = (orderId &&
    ([...snap.holding, ...snap.pending].find((o) => o.id === orderId) ?? snap.closed[orderId])) as
    MarketOrder | undefined;
  // The last facts shown for this order, while it is in no list.
  const last = useRef<MarketOrder | undefined>(undefined);
  if (found) last.current = found;
  else if (last.current?.id !== orderId) last.current = undefined;
  const order = found ?? last.current;
  useEffect(() => {
    if (orderId) notePlaced(orderId);
  }, [orderId]);
  return (
    <Drawer open={!!orderId} side={desktop} title={t('order.placedTitle')} onClose={onContinue}>
      <p>{t('order.placedText', { id: orderId })}</p>
      {order ? (
        <PlacedFacts o={order} />
      ) : (
        orderId && (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        )
      )}
      <div className="form-actions">
        <button type="button" className="btn primary block" onClick={onPositions}>
          {t('order.viewPositions')}
        </button>
        <button type="button" className="btn block" onClick={onContinue}>
          {t('order.continue')}
        </button>
      </div>
    </Drawer>
  );
}

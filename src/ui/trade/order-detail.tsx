/**
 * A market order's detail (drawer): its facts (the cover (close) or cancel
 * button behind the close machine's confirm is src/ui/flows/closeOrder/close.tsx).
 */
import { useTranslation } from '../../i18n/react.tsx';
import type { MarketOrder } from '../../api/types/trading.ts';
import { formatDateTime } from '../format.ts';
import { Num, Pnl } from '../components/num.tsx';
import { FIGURE } from '../figures.ts';
import { useLiveOrder } from '../hooks/use-live-order.ts';

export const STATUS_CLASS: Record<number, string> = { 1: 'grey', 2: 'yellow', 3: 'blue', 4: 'red' };

export function OrderFacts({ o: given }: { o: MarketOrder }) {
  const { t } = useTranslation();
  const o = useLiveOrder(given);
  return (
    <dl className="kv">
      <dt>{t('position.orderId')}</dt>
      <dd>{o.id}</dd>
      <dt>{t('position.direction')}</dt>
      <dd className={o.orderType === 0 ? 'up' : 'down'}>
        {t(o.orderType === 0 ? 'order.buy' : 'order.sell')}
      </dd>
      <dt>{t('position.priceType')}</dt>
      <dd>{t(o.buyPoint === 1 ? 'position.pendingOrder' : 'position.marketPrice')}</dd>
      <dt>{t('position.volume')}</dt>
      <Num as="dd" kind="volume" unit={o.tradePair} value={o.orderQuantity} />
      <dt>{t('position.placePrice')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.openingPrice} />
      <dt>{t(o.positionStatus === 3 ? 'position.closePrice' : 'position.currentPrice')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.currentPrice} />
      <dt>{t('order.stopLoss')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.stopPrice} />
      <dt>{t('order.takeProfit')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.takeProfitPrice} />
      <dt>{t('position.interest')}</dt>
      <Num as="dd" kind="fee" unit="USD" value={o.interest ?? 0} />
      <dt>{t('position.fee')}</dt>
      <Num as="dd" kind="fee" unit="USD" value={o.feeAmount} />
      <dt>{t('position.margin')}</dt>
      <Num as="dd" kind="margin" unit="USD" value={o.securityDepositInitial} />
      <dt>{t('position.profitLoss')}</dt>
      <Pnl as="dd" value={o.profitLoss} figure={FIGURE.positionPnl(o.id)} />
      {(o.positionStatus === 2 || o.positionStatus === 3) && o.transactionTimeTs !== null && (
        <>
          <dt>{t('position.placeTime')}</dt>
          <dd>{formatDateTime(o.transactionTimeTs)}</dd>
        </>
      )}
      {o.positionStatus === 3 && o.closingTimeTs !== null && (
        <>
          <dt>{t('position.coverTime')}</dt>
          <dd>{formatDateTime(o.closingTimeTs)}</dd>
        </>
      )}
      {o.closeReason && (
        <>
          <dt>{t('position.reason')}</dt>
          <dd>{t(`position.reason_${o.closeReason}`)}</dd>
        </>
      )}
    </dl>
  );
}

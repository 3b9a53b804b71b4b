/**
 * The list rows shared by the records screens and the wallet overview
 * (market order, option order, deposit or withdrawal record) and an option
 * order's detail facts.
 */
import { useTranslation } from '../../../i18n/react.tsx';
import type { MarketOrder, OptionOrder } from '../../../api/types/trading.ts';
import type { DepositWithdrawRecord } from '../../../api/types/user.ts';
import { formatDateTime, formatDuration } from '../../format.ts';
import { Num, Pnl } from '../../components/num.tsx';
import { ServerText } from '../../components/num-text.tsx';
import { FIGURE } from '../../figures.ts';
import { MarketOrderCard } from '../../trade/order-card.tsx';
import { OptionStatus, PayState } from './records-status.tsx';

export function MarketOrderRow({ o, onOpen }: { o: MarketOrder; onOpen: () => void }) {
  return <MarketOrderCard o={o} onOpen={onOpen} time={o.orderTimeTs} />;
}

export function OptionOrderRow({ o, onOpen }: { o: OptionOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="order-card"
        onClick={onOpen}
        aria-label={`${o.tradePair} ${o.uid}`}
      >
        <span className="order-head">
          <b>{o.tradePair}</b>
          <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
            {t(o.orderType === 0 ? 'option.long' : 'option.short')}
          </span>
          <OptionStatus status={o.positionStatus} />
          <Pnl className="pnl" value={o.winLost} figure={FIGURE.optionPnl(o.uid)} />
        </span>
        <span className="order-grid">
          <span>
            {t('option.amount')} <Num kind="amount" unit="USD" value={o.amount} />
          </span>
          <span>{formatDuration(o.timeLong, t)}</span>
          <span>{formatDateTime(o.beginTime)}</span>
        </span>
      </button>
    </li>
  );
}

export function OptionFacts({ o }: { o: OptionOrder }) {
  const { t } = useTranslation();
  return (
    <dl className="kv">
      <dt>{t('position.orderId')}</dt>
      <dd>{o.uid}</dd>
      <dt>{t('option.symbol')}</dt>
      <dd>{o.productName || o.tradePair}</dd>
      <dt>{t('position.direction')}</dt>
      <dd className={o.orderType === 0 ? 'up' : 'down'}>
        {t(o.orderType === 0 ? 'option.long' : 'option.short')}
      </dd>
      <dt>{t('wallet_ui.status')}</dt>
      <dd>
        <OptionStatus status={o.positionStatus} />
      </dd>
      <dt>{t('option.amount')}</dt>
      <Num as="dd" kind="amount" unit="USD" value={o.amount} />
      <dt>{t('wallet_ui.duration')}</dt>
      <dd>{formatDuration(o.timeLong)}</dd>
      <dt>{t('option.openPrice')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.price} />
      <dt>{t('option.closePrice')}</dt>
      <Num as="dd" kind="price" unit={o.tradePair} value={o.priceEnd} />
      <dt>{t('position.fee')}</dt>
      <Num as="dd" kind="fee" unit="USD" value={o.feeAmount} />
      <dt>{t('position.placeTime')}</dt>
      <dd>{formatDateTime(o.beginTime)}</dd>
      {o.positionStatus === 1 && o.completeTime !== null && (
        <>
          <dt>{t('option.settledAt')}</dt>
          <dd>{formatDateTime(o.completeTime)}</dd>
        </>
      )}
      <dt>{t('position.profitLoss')}</dt>
      <Pnl as="dd" value={o.winLost} figure={FIGURE.optionPnl(o.uid)} />
    </dl>
  );
}

/** "Deposit 1500 USDT": the record's name in lists and on its detail panel. */
export function recordName(t: (k: string) => string, r: DepositWithdrawRecord): string {
  return `${t(r.actionType === 0 ? 'my.deposit' : 'my.withdraw')} ${r.payPrice} ${r.currency ?? ''}`.trim();
}

/** A deposit or withdrawal record; `onOpen` adds the button to its detail panel. */
export function DepositRecordRow({ r, onOpen }: { r: DepositWithdrawRecord; onOpen?: () => void }) {
  const { t } = useTranslation();
  const deposit = r.actionType === 0;
  const usd = deposit ? r.depositUsdPrice : r.withdrawUsdPrice;
  const failed = Math.floor(r.payState) === 2;
  return (
    <li>
      <article className="order-card static" aria-label={recordName(t, r)}>
        <span className="order-head">
          <b>{t(deposit ? 'my.deposit' : 'my.withdraw')}</b>
          <PayState payState={r.payState} />
          <span className="pnl">
            <Num kind="amount" unit={r.currency} value={r.payPrice} /> {r.currency ?? ''}
          </span>
        </span>
        <span className="order-grid">
          <span>
            {usd !== undefined && (
              <>
                ≈ <Num kind="amount" unit="USD" value={usd} /> USD
              </>
            )}
          </span>
          <span>{formatDateTime(r.submitTimeTs)}</span>
        </span>
        {failed && r.remark && (
          <span className="field-error">
            {t('wallet_ui.fail_reason')}: <ServerText text={r.remark} />
          </span>
        )}
        {onOpen && (
          <button type="button" className="link-btn record-open" onClick={onOpen}>
            {t('wallet_ui.record_details')}
          </button>
        )}
      </article>
    </li>
  );
}

/** The detail panel's facts of a deposit or withdrawal record. */
export function DepositRecordFacts({ r }: { r: DepositWithdrawRecord }) {
  const { t } = useTranslation();
  const usd = r.actionType === 0 ? r.depositUsdPrice : r.withdrawUsdPrice;
  return (
    <dl className="kv">
      <dt>{t('wallet_ui.record_type')}</dt>
      <dd>{t(r.actionType === 0 ? 'my.deposit' : 'my.withdraw')}</dd>
      <dt>{t('wallet_ui.status')}</dt>
      <dd>
        <PayState payState={r.payState} />
      </dd>
      <dt>{t('wallet_ui.record_amount')}</dt>
      <dd>
        <Num kind="amount" unit={r.currency} value={r.payPrice} /> {r.currency ?? ''}
      </dd>
      <dt>{t('wallet_ui.usd_value')}</dt>
      <dd>
        {usd !== undefined ? (
          <>
            <Num kind="amount" unit="USD" value={usd} /> USD
          </>
        ) : (
          '—'
        )}
      </dd>
      <dt>{t('wallet_ui.submitted_at')}</dt>
      <dd>{formatDateTime(r.submitTimeTs)}</dd>
      {Math.floor(r.payState) === 2 && (
        <>
          <dt>{t('wallet_ui.fail_reason')}</dt>
          <dd>{r.remark ? <ServerText text={r.remark} /> : '—'}</dd>
        </>
      )}
    </dl>
  );
}

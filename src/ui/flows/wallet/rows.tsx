/** My wallet: one currency's row and one transfer record's row. */
import { useTranslation } from '../../../i18n/react.tsx';
import type { WalletItem, WalletRecord } from '../../../api/types/user.ts';
import { formatDateTime } from '../../format.ts';
import { Num } from '../../components/num.tsx';
import { FIGURE } from '../../figures.ts';
import { ServerImg } from '../../components/server-img.tsx';

export function CurrencyRow({
  item,
  onTransfer,
}: {
  item: WalletItem;
  onTransfer: (type: 0 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="wallet-coin-row" aria-label={item.currency}>
      <ServerImg src={item.icon} alt="" width={36} height={36} className="wallet-coin-icon" />
      <div className="coin-main">
        <b>{item.currency}</b>
        <span className="muted small">
          ≈{' '}
          <Num
            kind="amount"
            unit="USD"
            value={item.usdBalance}
            figure={FIGURE.walletCoinUsd(item.currency)}
          />{' '}
          USD
        </span>
      </div>
      <div className="wallet-coin-balance">
        <Num
          as="b"
          kind="amount"
          unit={item.currency}
          value={item.balance}
          figure={FIGURE.walletCoin(item.currency)}
        />
        <span className="muted small">{item.unit}</span>
      </div>
      {item.currency !== 'USD' && (
        <div className="wallet-coin-actions">
          <button
            type="button"
            className="btn"
            aria-label={`${t('wallet_ui.transfer_in')} ${item.currency}`}
            onClick={() => onTransfer(0)}
          >
            {t('wallet_ui.transfer_in')}
          </button>
          <button
            type="button"
            className="btn"
            aria-label={`${t('wallet_ui.transfer_out')} ${item.currency}`}
            onClick={() => onTransfer(1)}
          >
            {t('wallet_ui.transfer_out')}
          </button>
        </div>
      )}
    </li>
  );
}

export function WalletRecordRow({ r }: { r: WalletRecord }) {
  const { t } = useTranslation();
  const label = t(`wallet_ui.record_type_${r.orderType}`);
  return (
    <li>
      <article className="order-card static" aria-label={`${label} ${r.orderQuantity} ${r.unit}`}>
        <span className="order-head">
          <span className={`badge ${r.orderType === 1 ? 'down-bg' : 'up-bg'}`}>{label}</span>
          <b>{r.currency}</b>
          <span className="pnl">
            <Num kind="amount" unit={r.currency} value={r.orderQuantity} /> {r.unit}
          </span>
        </span>
        <span className="order-grid">
          <span>{r.uid}</span>
          <span>{formatDateTime(r.orderTime)}</span>
        </span>
      </article>
    </li>
  );
}

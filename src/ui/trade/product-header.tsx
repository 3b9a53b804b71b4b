/** The chart's header: product selector, price with change, last update, high, low and volume (hidden for types 2 and 3). */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { prices } from '../../state/prices.ts';
import { useProductDigits } from './use-product-digits.ts';
import { decimalsOf, formatDateTime, formatPercent, formatPrice, trendClass } from '../format.ts';

export function ProductHeader({
  symbol,
  onSymbol,
}: {
  symbol: string;
  onSymbol: (s: string) => void;
}) {
  const { t } = useTranslation();
  const board = useSnapshot(prices);
  // A signed-in user's header shows the product's precision, not a guess from the last ticks.
  useProductDigits();
  const q = board.bySymbol[symbol];
  const d = q ? decimalsOf(symbol, q.bidPrice, q.askPrice) : 2;
  return (
    <div className="product-header">
      <select
        className="select product-select"
        aria-label={t('chart.product')}
        value={symbol}
        onChange={(e) => onSymbol(e.target.value)}
      >
        {board.symbols.map((s) => (
          <option key={s} value={s}>
            {s} · {board.bySymbol[s]?.productName}
          </option>
        ))}
      </select>
      {q && (
        <div className={`price-line ${trendClass(q.priceChangePercent)}`}>
          <span className="big-price" aria-label={t('chart.price')}>
            {formatPrice(q.price, d)}
          </span>
          <span className="change">{formatPercent(q.priceChangePercent)}</span>
        </div>
      )}
      {q && (
        <dl className="stats">
          <div>
            <dt>{t('chart.high')}</dt>
            <dd>{q.high !== undefined ? formatPrice(q.high, d) : '—'}</dd>
          </div>
          <div>
            <dt>{t('chart.low')}</dt>
            <dd>{q.low !== undefined ? formatPrice(q.low, d) : '—'}</dd>
          </div>
          {q.type !== '2' && q.type !== '3' && (
            <div>
              <dt>{t('chart.volume')}</dt>
              <dd>{q.volume.toFixed(2)}</dd>
            </div>
          )}
          <div>
            <dt>{t('chart.updated')}</dt>
            <dd>{formatDateTime(q.lastUpdate).slice(11)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

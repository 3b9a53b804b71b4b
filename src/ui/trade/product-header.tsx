/** The chart's header: product selector, price with change, last update, high, low and volume (hidden for types 2 and 3). */
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { prices } from '../../state/prices.ts';
import { useProductDigits } from './use-product-digits.ts';
import { formatDateTime, priceText } from '../format.ts';
import { ClosedTag, priceCell, quoteTrend } from '../components/quote.tsx';
import { quoteClosed } from '../../api/market-status.ts';
import { site } from '../../state/site.ts';
import { Num } from '../components/num.tsx';
import './product-header.css';

export function ProductHeader({
  symbol,
  onSymbol,
}: {
  symbol: string;
  onSymbol: (s: string) => void;
}) {
  const { t } = useTranslation();
  const board = useSnapshot(prices);
  const marketStale = useSnapshot(site).marketStale || board.quiet[symbol] === true;
  // Signed in, the product info refreshes the digits every price entry already carries.
  useProductDigits();
  const q = board.bySymbol[symbol];
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
        <div className={`price-line ${quoteTrend(q.priceChangePercent, quoteClosed(q))}`}>
          <Num
            kind="price"
            unit={symbol}
            value={q.price}
            className="big-price"
            aria-label={t('chart.price')}
            {...priceCell(t, priceText(symbol, q.price), marketStale)}
          />
          <span className="change">
            <Num kind="percent" value={q.priceChangePercent} />%
          </span>
          {quoteClosed(q) && <ClosedTag />}
        </div>
      )}
      {q && (
        <dl className="stats">
          <div>
            <dt>{t('chart.high')}</dt>
            <Num as="dd" kind="price" unit={symbol} value={q.high} />
          </div>
          <div>
            <dt>{t('chart.low')}</dt>
            <Num as="dd" kind="price" unit={symbol} value={q.low} />
          </div>
          {q.type !== '2' && q.type !== '3' && (
            <div>
              <dt>{t('chart.volume')}</dt>
              <Num as="dd" kind="volume" unit={symbol} value={q.volume} />
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

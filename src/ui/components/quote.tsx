/** Price displays that each read only their own symbol from the board. */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { prices } from '../../state/prices.ts';
import { decimalsOf, formatPercent, formatPrice, trendClass } from '../format.ts';
import { MiniChart } from './mini-chart.tsx';

function useQuote(symbol: string) {
  const snap = useSnapshot(prices);
  return snap.bySymbol[symbol];
}

export function QuoteCard({ symbol }: { symbol: string }) {
  const q = useQuote(symbol);
  if (!q) return null;
  const d = decimalsOf(symbol, q.bidPrice, q.askPrice);
  const trend = trendClass(q.priceChangePercent);
  return (
    <Link
      href={`/chart/${symbol}`}
      className={`quote-card ${trend}`}
      // No aria-label: the name is the visible text (symbol, name, prices, change), WCAG 2.5.3.
    >
      <span className="quote-card-name">{q.name}</span>
      <span className="quote-card-sub">{q.productName}</span>
      <span className="quote-card-prices">
        <span className="price" data-testid={`bid-${symbol}`}>
          {formatPrice(q.bidPrice, d)}
        </span>
        <span className="price">{formatPrice(q.askPrice, d)}</span>
      </span>
      <span className="change">{formatPercent(q.priceChangePercent)}</span>
      <MiniChart symbol={symbol} />
    </Link>
  );
}

export function QuoteRow({
  symbol,
  onSelect,
}: {
  symbol: string;
  onSelect?: (symbol: string) => void;
}) {
  const q = useQuote(symbol);
  if (!q) return null;
  const d = decimalsOf(symbol, q.bidPrice, q.askPrice);
  const trend = trendClass(q.priceChangePercent);
  const name = (
    <>
      <span className="sym">{q.name}</span>
      <span className="sub">{q.productName}</span>
    </>
  );
  return (
    <tr className={trend}>
      <th scope="row">
        {onSelect ? (
          <button type="button" className="row-link" onClick={() => onSelect(symbol)}>
            {name}
          </button>
        ) : (
          <Link href={`/chart/${symbol}`} className="row-link">
            {name}
          </Link>
        )}
      </th>
      <td className="price" data-testid={`row-bid-${symbol}`}>
        {formatPrice(q.bidPrice, d)}
      </td>
      <td className="price">{formatPrice(q.askPrice, d)}</td>
      <td>
        <span className="change-pill">{formatPercent(q.priceChangePercent)}</span>
      </td>
    </tr>
  );
}

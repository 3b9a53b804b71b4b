/**
 * Price displays that each read only their own symbol from the board. Before
 * the first live prices they show the last ones this browser saw
 * (state/last-prices.ts), marked as not live: `data-stale="true"` on the
 * price cells, a faded italic style, and a label saying so.
 */
import { memo } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { site } from '../../state/site.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { ListLink } from './list-link.tsx';
import { lastSeen } from '../../state/last-prices.ts';
import { prices } from '../../state/prices.ts';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import { priceText, trendClass } from '../format.ts';
import { quoteClosed } from '../../api/market-status.ts';
import { MiniChart } from './mini-chart.tsx';
import { Num, useDigits } from './num.tsx';
import './quotes.css';

function useQuote(symbol: string) {
  const live = useLiveQuote(symbol);
  // A silent market channel: the board holds its last prices, not live ones.
  const { marketStale } = useSnapshot(site);
  // A silent feed of this product alone (state/prices.ts `quiet`): the same.
  const quiet = useSnapshot(prices.quiet)[symbol] === true;
  if (live) return { q: live, stale: marketStale || quiet, closed: quoteClosed(live) };
  const seen = lastSeen.bySymbol[symbol];
  return seen ? { q: seen, stale: true, closed: false } : undefined;
}

/**
 * A quote's colour class: a closed market's frozen prices did not move, so
 * they take no up or down colour (issue 25 item 7), only the Closed tag.
 */
export const quoteTrend = (changePercent: number, closed: boolean): string =>
  closed ? 'closed' : trendClass(changePercent);

/** Said beside a product whose market is closed (hours.ts `quoteClosed`), in every list. */
export function ClosedTag() {
  const { t } = useTranslation();
  return (
    <span className="closed-tag" title={t('home.closed_hint')}>
      {t('home.closed')}
    </span>
  );
}

/**
 * A live price's attributes: stale ones say so to the eye, to tests and to
 * screen readers; live ones are marked live (`data-stale="false"`), so a
 * check can tell a streaming price from a recorded one.
 */
export function priceCell(t: TFunction, price: string, stale: boolean) {
  return stale
    ? {
        'data-stale': 'true',
        'aria-label': t('home.stale_price', { price }),
        title: t('home.stale'),
      }
    : { 'data-stale': 'false' };
}

// Memo: a row renders for its own price (useLiveQuote), not whenever its list does.
export const QuoteCard = memo(function QuoteCard({ symbol }: { symbol: string }) {
  const hit = useQuote(symbol);
  // The memoised card follows its product's digits as well as its price.
  useDigits('price', symbol);
  const { t } = useTranslation();
  if (!hit) return null;
  const bid = priceCell(t, priceText(symbol, hit.q.bidPrice), hit.stale);
  const ask = priceCell(t, priceText(symbol, hit.q.askPrice), hit.stale);
  const { q, stale, closed } = hit;
  const trend = quoteTrend(q.priceChangePercent, closed);
  return (
    <ListLink
      href={`/chart/${symbol}`}
      className={`quote-card ${trend}${stale ? ' stale' : ''}`}
      // No aria-label: the name is the visible text (symbol, name, prices, change), WCAG 2.5.3.
    >
      <span className="quote-card-name">
        {q.name}
        {closed && <ClosedTag />}
      </span>
      <span className="quote-card-sub">{q.productName}</span>
      <span className="quote-card-prices">
        <Num
          kind="price"
          unit={symbol}
          value={q.bidPrice}
          className="price"
          data-testid={`bid-${symbol}`}
          {...bid}
        />
        <Num kind="price" unit={symbol} value={q.askPrice} className="price" {...ask} />
      </span>
      <span className="change">
        <Num kind="percent" value={q.priceChangePercent} />%
      </span>
      <MiniChart symbol={symbol} />
    </ListLink>
  );
});

export const QuoteRow = memo(function QuoteRow({
  symbol,
  onSelect,
  current = false,
}: {
  symbol: string;
  onSelect?: (symbol: string) => void;
  /** The product in focus (desktop): marked, so pressing it again plainly changes nothing. */
  current?: boolean;
}) {
  const hit = useQuote(symbol);
  useDigits('price', symbol);
  const { t } = useTranslation();
  if (!hit) return null;
  const bid = priceCell(t, priceText(symbol, hit.q.bidPrice), hit.stale);
  const ask = priceCell(t, priceText(symbol, hit.q.askPrice), hit.stale);
  const { q, stale, closed } = hit;
  const trend = quoteTrend(q.priceChangePercent, closed);
  const name = (
    <>
      <span className="sym">
        {q.name}
        {closed && <ClosedTag />}
      </span>
      <span className="sub">{q.productName}</span>
    </>
  );
  return (
    <tr className={`${trend}${stale ? ' stale' : ''}${current ? ' current' : ''}`}>
      <th scope="row">
        {onSelect ? (
          <button
            type="button"
            className="row-link"
            aria-current={current ? 'true' : undefined}
            onClick={() => onSelect(symbol)}
          >
            {name}
          </button>
        ) : (
          <ListLink href={`/chart/${symbol}`} className="row-link">
            {name}
          </ListLink>
        )}
      </th>
      <Num
        as="td"
        kind="price"
        unit={symbol}
        value={q.bidPrice}
        className="price"
        data-testid={`row-bid-${symbol}`}
        {...bid}
      />
      <Num as="td" kind="price" unit={symbol} value={q.askPrice} className="price" {...ask} />
      <td>
        <span className="change-pill">
          <Num kind="percent" value={q.priceChangePercent} />%
        </span>
      </td>
    </tr>
  );
});

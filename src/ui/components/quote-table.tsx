/** The product table and the trade-type tabs (home, quotation, desktop quotation panel). */
import { useDeferredValue, useId } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { prices } from '../../state/prices.ts';
import { site } from '../../state/site.ts';
import { lastSeen, type SeenPrice } from '../../state/last-prices.ts';
import { QuoteRow } from './quote.tsx';
import './quotes.css';

export interface Board {
  /** In display order. */
  symbols: readonly string[];
  bySymbol: Readonly<Record<string, SeenPrice | undefined>>;
  /**
   * Not live: the last prices this browser saw (state/last-prices.ts) before
   * live ones came, or the last ones a market channel sent before it went
   * silent (it is being reconnected).
   */
  stale: boolean;
}

/** The product board: live, or the last prices seen (their rows show stale). */
export function useBoard(): Board {
  const snap = useSnapshot(prices);
  const { marketStale } = useSnapshot(site);
  const stale = snap.symbols.length === 0 && lastSeen.symbols.length > 0;
  return stale
    ? { ...lastSeen, stale }
    : { symbols: snap.symbols, bySymbol: snap.bySymbol, stale: marketStale };
}

/** A product matches a search when its symbol or its name holds the text (case aside). */
export function matchesSearch(
  symbol: string,
  entry: { productName?: string } | undefined,
  text: string,
): boolean {
  const q = text.trim().toUpperCase();
  return !q || symbol.includes(q) || (entry?.productName ?? '').toUpperCase().includes(q);
}

/** Symbols in display order, optionally of one trade type and only tradable ones. */
export function useSymbols(type?: string, tradableOnly = false): Board {
  const board = useBoard();
  const symbols = board.symbols.filter((s) => {
    const q = board.bySymbol[s];
    if (!q) return false;
    if (type && q.type !== type) return false;
    return !tradableOnly || q.tradeStatus === 1;
  });
  return { ...board, symbols };
}

/** Said above a board of last-seen prices, so nobody takes them for live ones. */
export function StaleNote() {
  const { t } = useTranslation();
  const { marketStale } = useSnapshot(site);
  const live = useSnapshot(prices).symbols.length > 0;
  return (
    <p className="stale-note" role="status">
      {t(live && marketStale ? 'home.stale_feed' : 'home.stale')}
    </p>
  );
}

/** Rows rendered at once: more than a phone's screen holds. */
const FIRST_ROWS = 16;

export function QuoteTable({
  symbols,
  onSelect,
  current,
  label,
}: {
  symbols: readonly string[];
  /** Desktop: choose the symbol instead of opening its chart. */
  onSelect?: (symbol: string) => void;
  /** The product in focus: its row is marked current. */
  current?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  // The rows below the fold follow in a background render, which React splits
  // into short slices: 60 rows at once were one long task on a slow phone.
  const later = useDeferredValue(symbols);
  const head = symbols.slice(0, FIRST_ROWS);
  const rows = [...head, ...later.slice(FIRST_ROWS).filter((s) => !head.includes(s))];
  return (
    <table className="quote-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('home.symbol')}</th>
          <th scope="col">{t('home.bid')}</th>
          <th scope="col">{t('home.ask')}</th>
          <th scope="col">{t('home.change')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <QuoteRow
            key={s}
            symbol={s}
            {...(onSelect ? { onSelect } : {})}
            {...(s === current ? { current: true } : {})}
          />
        ))}
      </tbody>
    </table>
  );
}

/** Tabs per trade type, in the site's order. */
export function TradeTypeTabs({
  types,
  value,
  onChange,
}: {
  types: number[];
  value: number;
  onChange: (type: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const move = (dir: number) => {
    const i = types.indexOf(value);
    const next = types[(i + dir + types.length) % types.length];
    if (next !== undefined) onChange(next);
  };
  return (
    <div
      className="tabs categories"
      role="tablist"
      aria-label={t('quotation.categories')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        if (e.key === 'ArrowLeft') move(-1);
      }}
    >
      {types.map((type) => (
        <button
          key={type}
          id={`${id}-${type}`}
          role="tab"
          type="button"
          aria-selected={type === value}
          tabIndex={type === value ? 0 : -1}
          className={`tab${type === value ? ' active' : ''}`}
          onClick={() => onChange(type)}
        >
          {t(`category.${type}`)}
        </button>
      ))}
    </div>
  );
}

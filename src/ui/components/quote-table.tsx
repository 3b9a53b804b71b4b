/** The product table and the trade-type tabs (home, quotation, desktop quotation panel). */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { prices } from '../../state/prices.ts';
import { QuoteRow } from './quote.tsx';

/** Symbols in display order, optionally of one trade type and only tradable ones. */
export function useSymbols(type?: string, tradableOnly = false): string[] {
  const snap = useSnapshot(prices);
  return snap.symbols.filter((s) => {
    const q = snap.bySymbol[s];
    if (!q) return false;
    if (type && q.type !== type) return false;
    return !tradableOnly || q.tradeStatus === 1;
  });
}

export function QuoteTable({
  symbols,
  onSelect,
  label,
}: {
  symbols: string[];
  /** Desktop: choose the symbol instead of opening its chart. */
  onSelect?: (symbol: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
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
        {symbols.map((s) => (
          <QuoteRow key={s} symbol={s} {...(onSelect ? { onSelect } : {})} />
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
      className="tabs"
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

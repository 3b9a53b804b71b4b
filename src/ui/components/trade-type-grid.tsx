/** The trade-type icon grid of the 'grid' home template: 4 columns, 5 when there are more than 4 types. */
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'wouter';
import './trade-type-grid.css';

const ICONS: Record<number, string> = { 1: '₿', 2: '€', 3: '⛏', 4: '📈', 5: '🏢' };

export function TradeTypeGrid({ types }: { types: number[] }) {
  const { t } = useTranslation();
  return (
    <nav
      className={`type-grid cols-${types.length > 4 ? 5 : 4}`}
      aria-label={t('quotation.categories')}
    >
      {types.map((type) => (
        <Link key={type} href={`/quotation?singleTrade=${type}`} className="type-grid-item">
          <span className="type-icon" aria-hidden="true">
            {ICONS[type] ?? '•'}
          </span>
          <span>{t(`category.${type}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

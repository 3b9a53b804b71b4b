/**
 * The Deposit button of my page and the wallet overview. With deposits
 * disabled by the site it is a real disabled button (a link marked only
 * aria-disabled still navigates).
 */
import { useTranslation } from '../../../i18n/react.tsx';
import { Link } from 'wouter';
import { useFlags } from '../../hooks/use-flags.ts';

export function DepositButton() {
  const { t } = useTranslation();
  const flags = useFlags();
  if (flags.depositDisabled) {
    return (
      <button type="button" className="btn primary" disabled>
        {t('my.deposit')}
      </button>
    );
  }
  return (
    <Link href="/user/deposit" className="btn primary">
      {t('my.deposit')}
    </Link>
  );
}

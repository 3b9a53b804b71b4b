import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'wouter';
import { IconBack } from './icons.tsx';

/** The screen's back arrow (to a given path, home by default). */
export function BackLink({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link href={to} className="icon-btn" aria-label={t('common.back')}>
      <IconBack />
    </Link>
  );
}

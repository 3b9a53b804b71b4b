/**
 * Shown on every screen while this tab runs with site settings a reviewer
 * overrode in the console (state/site-override.ts): a screenshot must not be
 * taken for the real site. A lazy chunk with its own texts, loaded only then.
 */
import { useTranslation } from '../../i18n/react.tsx';
import './site-mark.css';

export function SiteMark({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <p className="site-mark" role="note">
      {t('console.siteMark', { keys: keys.join(', ') })}
    </p>
  );
}

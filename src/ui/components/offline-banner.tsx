import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { site } from '../../state/site.ts';
import './offline-banner.css';

/** Shown while every active channel is stale (trading.md §4 offline flag). */
export function OfflineBanner() {
  const { offline } = useSnapshot(site);
  const { t } = useTranslation();
  if (!offline) return null;
  return (
    <div className="offline-banner" role="alert">
      {t('tips.network_abnormal')} · {t('tips.reconnecting')}
    </div>
  );
}

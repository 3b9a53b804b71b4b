/**
 * Wallet screens' shared pieces: the availability guard, the header, coin
 * amounts and loading skeletons.
 */
import { useTranslation } from '../../../i18n/react.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { useAvailableOr } from '../../hooks/use-available.ts';

/**
 * A screen that is not offered (flag off, demo account) sends the user back
 * to /user (or `away`) with a short notice. Returns whether the screen may show.
 */
export function useAvailable(available: boolean, away = '/user'): boolean {
  return useAvailableOr(available, 'wallet_ui.unavailable', away);
}

/** Header with the back arrow and the title. */
export function WalletHead({ title, back = '/user' }: { title: string; back?: string }) {
  return (
    <>
      <header className="screen-header">
        <BackLink to={back} />
      </header>
      <h1 className="screen-title">{title}</h1>
    </>
  );
}

export function Skeletons({ n = 3 }: { n?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}

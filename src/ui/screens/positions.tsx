/** /position and /history on phones: the shared views under a title. */
import { useTranslation } from 'react-i18next';
import { PositionsView } from '../trade/positions.tsx';
import { HistoryView } from '../trade/history.tsx';

export function Positions() {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <h1 className="screen-title">{t('nav.position')}</h1>
      <PositionsView />
    </main>
  );
}

export function History() {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <h1 className="screen-title">{t('nav.history')}</h1>
      <HistoryView />
    </main>
  );
}

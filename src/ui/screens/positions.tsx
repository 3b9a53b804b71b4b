/** /position and /history on phones: the shared views under a title. */
import { useTranslation } from '../../i18n/react.tsx';
import { PositionsView } from '../trade/positions.tsx';
import { HistoryView } from '../trade/history.tsx';
import { TradeModeSwitch } from '../trade/trade-mode-switch.tsx';

export function Positions() {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <h1 className="screen-title">{t('nav.position')}</h1>
      <TradeModeSwitch className="mode-switch" />
      <PositionsView />
    </main>
  );
}

export function History() {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <h1 className="screen-title">{t('nav.history')}</h1>
      <TradeModeSwitch className="mode-switch" />
      <HistoryView />
    </main>
  );
}

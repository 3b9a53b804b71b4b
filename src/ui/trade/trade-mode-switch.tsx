/**
 * Market / option switch. The desktop top bar has one; phones get this one on
 * the product (chart) screen, next to Buy and Sell, and above positions and
 * history, whose contents depend on the mode (issue 13 item 1).
 */
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { preferences } from '../../state/preferences.ts';
import { endListMode } from './open-trade.ts';
import { useServices } from '../services-context.tsx';
import './trade-mode-switch.css';

export function TradeModeSwitch({
  className = '',
  block = true,
}: {
  className?: string;
  /** Full width (phones); the desktop top bar sets false. */
  block?: boolean;
}) {
  const { t } = useTranslation();
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const mode = tradeMode ?? config.defaultTradeMode;
  return (
    <div
      className={`segmented${block ? ' block' : ''} ${className}`}
      role="group"
      aria-label={t('top.tradeMode')}
    >
      {(['market', 'option'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          className={mode === m ? 'active' : ''}
          onClick={() => {
            preferences.tradeMode = m;
            // The list follows the mode the trader chose, not a chart line's card.
            endListMode();
          }}
        >
          {t(`top.mode_${m}`)}
        </button>
      ))}
    </div>
  );
}

/** Place an option (/{symbol}/placeOption?direction=0|1). */
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { preferences } from '../../../state/preferences.ts';
import { useServices } from '../../services-context.tsx';
import type { ScreenProps } from '../../router.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { OptionOrderForm } from './form.tsx';

export function PlaceOption({ params }: ScreenProps) {
  const { t } = useTranslation();
  const { config } = useServices();
  const [, navigate] = useLocation();
  const symbol = params.symbol ?? '';
  const direction = new URLSearchParams(useSearch()).get('direction');
  const { tradeMode } = useSnapshot(preferences);
  const onLeave = useCallback(
    () => navigate(`/chart/${symbol}`, { replace: true }),
    [navigate, symbol],
  );
  return (
    <main className="screen">
      <header className="screen-header">
        <BackLink to={`/chart/${symbol}`} />
        <h1 className="screen-title">
          {t(direction === '1' ? 'option.short' : 'option.long')} {symbol}
        </h1>
        <span />
      </header>
      <OptionOrderForm
        symbol={symbol}
        direction={direction}
        tradeMode={tradeMode ?? config.defaultTradeMode}
        onLeave={onLeave}
      />
    </main>
  );
}

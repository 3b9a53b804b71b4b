/** Place a market order (/{symbol}/place?direction=0|1): the form, then the success drawer. */
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { preferences } from '../../../state/preferences.ts';
import { prices } from '../../../state/prices.ts';
import { useServices } from '../../services-context.tsx';
import type { ScreenProps } from '../../router.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { MarketOrderForm } from './form.tsx';
import { OrderPlaced } from '../../trade/order-placed.tsx';

export function Place({ params }: ScreenProps) {
  const { t } = useTranslation();
  const { config } = useServices();
  const [, navigate] = useLocation();
  const symbol = params.symbol ?? '';
  const direction = new URLSearchParams(useSearch()).get('direction');
  const { tradeMode } = useSnapshot(preferences);
  const name = useSnapshot(prices).bySymbol[symbol]?.productName;
  const [placed, setPlaced] = useState<string>();
  const onLeave = useCallback(
    () => navigate(`/chart/${symbol}`, { replace: true }),
    [navigate, symbol],
  );
  return (
    <main className="screen">
      <header className="screen-header">
        <BackLink to={`/chart/${symbol}`} />
        <h1 className="screen-title">
          {t(direction === '1' ? 'order.sell' : 'order.buy')} {symbol}{' '}
          <span className="sub muted">{name}</span>
        </h1>
        <span />
      </header>
      <MarketOrderForm
        symbol={symbol}
        direction={direction}
        tradeMode={tradeMode ?? config.defaultTradeMode}
        onPlaced={setPlaced}
        onLeave={onLeave}
      />
      <OrderPlaced
        orderId={placed}
        onPositions={() => navigate('/position')}
        onContinue={() => navigate(`/chart/${symbol}`)}
      />
    </main>
  );
}

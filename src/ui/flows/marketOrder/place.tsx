/** Place a market order (/{symbol}/place?direction=0|1): the form, then the success drawer. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
import { prices } from '../../../state/prices.ts';
import type { ScreenProps } from '../../router.tsx';
import { MarketOrderForm } from './form.tsx';
import { OrderPlaced } from '../../trade/order-placed.tsx';
import { TicketScreen, useTicketRoute } from '../../trade/ticket-parts.tsx';

export function Place(props: ScreenProps) {
  const { t } = useTranslation();
  const { symbol, direction, tradeMode, onLeave, navigate } = useTicketRoute(props);
  const name = useSnapshot(prices).bySymbol[symbol]?.productName;
  const [placed, setPlaced] = useState<string>();
  const title = (
    <>
      {t(direction === '1' ? 'order.sell' : 'order.buy')} {symbol}{' '}
      <span className="sub muted">{name}</span>
    </>
  );
  return (
    <TicketScreen symbol={symbol} title={title}>
      <MarketOrderForm
        symbol={symbol}
        direction={direction}
        tradeMode={tradeMode}
        onPlaced={setPlaced}
        onLeave={onLeave}
      />
      <OrderPlaced
        orderId={placed}
        onPositions={() => navigate('/position')}
        onContinue={() => navigate(`/chart/${symbol}`)}
      />
    </TicketScreen>
  );
}

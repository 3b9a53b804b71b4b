/** Place an option (/{symbol}/placeOption?direction=0|1). */
import { useTranslation } from '../../../i18n/react.tsx';
import type { ScreenProps } from '../../router.tsx';
import { OptionOrderForm } from './form.tsx';
import { TicketScreen, useTicketRoute } from '../../trade/ticket-parts.tsx';

export function PlaceOption(props: ScreenProps) {
  const { t } = useTranslation();
  const { symbol, direction, tradeMode, onLeave } = useTicketRoute(props);
  return (
    <TicketScreen
      symbol={symbol}
      title={`${t(direction === '1' ? 'option.short' : 'option.long')} ${symbol}`}
    >
      <OptionOrderForm
        symbol={symbol}
        direction={direction}
        tradeMode={tradeMode}
        onLeave={onLeave}
      />
    </TicketScreen>
  );
}

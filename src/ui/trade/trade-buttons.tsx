/** Buy / Sell under the chart, gated by the chart gate machine (loading, closed, early trading, tradeStatus 0). */
import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import type { OrderDirection } from '../../api/types/trading.ts';
import { chartGateActors } from '../../machines/chartGate/actors.ts';
import { chartGateMachine } from '../../machines/chartGate/machine.ts';
import type { TradeMode } from '../../config/site.ts';
import { session } from '../../state/session.ts';
import { useNotices } from '../hooks/use-notices.ts';
import { useServices } from '../services-context.tsx';
import { inspected } from '../../machines/inspect.ts';
import './trade-buttons.css';

export function TradeButtons({
  symbol,
  mode,
  onGo,
  onClosed,
}: {
  symbol: string;
  mode: TradeMode;
  /** A signed-in user may trade: open the place form. */
  onGo: (route: 'place' | 'placeOption', direction: OrderDirection) => void;
  /** The option is not tradable: leave the chart. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { token } = useSnapshot(session);
  const [state, send, actor] = useMachine(
    chartGateMachine.provide({ actors: chartGateActors(api) }),
    {
      ...inspected,
      input: { symbol, mode, loggedIn: !!token },
    },
  );
  const c = state.context;
  useNotices(actor);
  useEffect(() => {
    if (c.goSeq && c.go) onGo(c.go.route, c.go.direction);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one navigation per press
  }, [c.goSeq]);
  useEffect(() => {
    if (state.matches('closed')) onClosed();
  }, [state, onClosed]);

  const disabled =
    state.hasTag('disabled') || state.matches('notTradable') || state.matches('failed');
  const option = mode === 'option';
  return (
    <div className="trade-buttons">
      {state.hasTag('historyOnly') && <p className="muted small">{t('chart.historyOnly')}</p>}
      {state.matches('notTradable') && <p className="muted small">{t('index.market_closed')}</p>}
      {state.matches('failed') && (
        <button type="button" className="btn ghost" onClick={() => send({ type: 'gate.retry' })}>
          {t('common.retry')}
        </button>
      )}
      {([0, 1] as OrderDirection[]).map((d) => (
        <button
          key={d}
          type="button"
          className={`btn ${d === 0 ? 'buy' : 'sell'}`}
          disabled={disabled}
          aria-disabled={state.hasTag('blocked') || undefined}
          onClick={() => send({ type: 'trade.request', direction: d })}
        >
          {option
            ? t(d === 0 ? 'option.long' : 'option.short')
            : t(d === 0 ? 'order.buy' : 'order.sell')}
        </button>
      ))}
    </div>
  );
}

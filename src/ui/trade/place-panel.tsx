/** The desktop place-order panel: the market or option form for the symbol in focus, direction as a tab. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { preferences } from '../../state/preferences.ts';
import { session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import { useServices } from '../services-context.tsx';
import { MarketOrderForm } from '../flows/marketOrder/form.tsx';
import { OptionOrderForm } from '../flows/optionOrder/form.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';
import { OrderPlaced } from './order-placed.tsx';

export function PlacePanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { config } = useServices();
  const { token } = useSnapshot(session);
  const { tradeMode } = useSnapshot(preferences);
  const { direction } = useSnapshot(ui);
  // A new form after each placement, so the next order starts clean.
  const [round, setRound] = useState(0);
  const [placed, setPlaced] = useState<string>();
  const mode = tradeMode ?? config.defaultTradeMode;
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The old form took keyboard focus with it (the new one is still loading): keep focus in
    // the panel, on its title, so the next Tab enters the new form.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (round > 0 && lost) title.current?.focus();
  }, [round]);
  const again = useCallback(() => setRound((r) => r + 1), []);
  // A closed option product: the panel says so and waits for the user, rather than opening a
  // new form that finds it closed again (a loop of product reads on the desktop).
  const formKey = `${symbol}-${mode}`;
  const [closedFor, setClosedFor] = useState<string>();
  const onClosed = useCallback(() => setClosedFor(formKey), [formKey]);
  const retry = useCallback(() => {
    setClosedFor(undefined);
    again();
  }, [again]);
  // The success drawer (§2), as on phones; closing it starts a clean form.
  const done = useCallback(() => {
    setPlaced(undefined);
    again();
  }, [again]);
  const toPositions = useCallback(() => {
    ui.listTab = 'position';
    ui.listOpen = true;
    done();
  }, [done]);
  if (!token) return <SignInPrompt />;
  return (
    <>
      <h2 ref={title} className="panel-title" tabIndex={-1}>
        {symbol} · {t(mode === 'option' ? 'top.mode_option' : 'top.mode_market')}
      </h2>
      {mode === 'option' && closedFor === formKey ? (
        <div className="panel-closed" role="status">
          <p className="muted">{t('index.closed')}</p>
          <button type="button" className="btn ghost" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : mode === 'option' ? (
        <OptionOrderForm
          key={`${symbol}-${direction}-${round}`}
          symbol={symbol}
          direction={direction}
          tradeMode={mode}
          onLeave={again}
          onClosed={onClosed}
          directionTabs
        />
      ) : (
        <MarketOrderForm
          key={`${symbol}-${direction}-${round}`}
          symbol={symbol}
          direction={direction}
          tradeMode={mode}
          onPlaced={setPlaced}
          onLeave={again}
          directionTabs
        />
      )}
      <OrderPlaced orderId={placed} onPositions={toPositions} onContinue={done} />
    </>
  );
}

/**
 * Close an open position or cancel a pending order (the close machine's
 * view): the confirm with the live price, the 3-minute wait before a manual
 * close, the toast and the trade event after it. Shown in the order drawer
 * and opened by a positions row's own Close or Cancel.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { subscribe } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
import type { MarketOrder } from '../../../api/types/trading.ts';
import { closeOrderActors } from '../../../machines/closeOrder/actors.ts';
import { closeOrderMachine } from '../../../machines/closeOrder/machine.ts';
import { decodeToken, isDemo, session } from '../../../state/session.ts';
import { prices } from '../../../state/prices.ts';
import { tradeChanged } from '../../../state/trade-events.ts';
import { serverNow } from '../../../state/server-clock.ts';
import { useServices } from '../../services-context.tsx';
import { CloseWaitButton, useCloseAfterText, useServerTicks } from './close-wait.tsx';
import { Num } from '../../components/num.tsx';
import { announceCloseOf } from '../../trade/trade-results.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { inspected } from '../../../machines/inspect.ts';

export function CloseOrCancel({
  order,
  onDone,
  confirmAtOnce = false,
}: {
  order: MarketOrder;
  onDone: () => void;
  /** Opened from a table row's own Close or Cancel button: the confirm is asked for at once. */
  confirmAtOnce?: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send, actor] = useMachine(
    closeOrderMachine.provide({ actors: closeOrderActors(api) }),
    {
      ...inspected,
      input: { order, demo: isDemo(decodeToken(session.token)), now: serverNow() },
    },
  );
  useNotices(actor);
  // Opened by a row's own Close: ask the machine for the confirm once. It opens it when it
  // can (at once, or when the close it holds for the 3 minutes is allowed); the view does not
  // decide when.
  useEffect(() => {
    if (confirmAtOnce) send({ type: 'confirm.request' });
  }, [confirmAtOnce, send]);
  const c = state.context;
  const waiting = state.hasTag('waiting');
  const noteId = useId();
  const closeAfter = useCloseAfterText();
  // Until a close is allowed (3 minutes after the fill), the server's clock counts it down.
  const tick = useCallback((now: number) => send({ type: 'clock.tick', now }), [send]);
  useServerTicks(waiting, tick);
  // The confirm shows the price the position would close at now: the live
  // quote's closing side (bid for a buy, ask for a sell), else the order's latest.
  const symbol = order.tradePair;
  const side = order.orderType;
  useEffect(() => {
    let last: number | undefined;
    const push = () => {
      const q = prices.bySymbol[symbol];
      const price = q ? (side === 0 ? q.bidPrice : q.askPrice) : undefined;
      if (price === undefined || price === last) return;
      last = price;
      send({ type: 'price.update', price });
    };
    push();
    return subscribe(prices, push);
  }, [send, symbol, side]);
  const done = state.matches('done');
  useEffect(() => {
    if (!done) return;
    tradeChanged();
    onDone();
    // A close says where it closed and what it realised (issue 25); a cancel is the machine's notice.
    if (c.action === 'close') void announceCloseOf(api, c.orderId, c.demo);
  }, [done, onDone, api, c.action, c.orderId, c.demo]);
  const label = t(c.action === 'close' ? 'position.cover' : 'position.cancel');
  const confirming = state.matches('confirming') || state.matches('submitting');
  const confirmRef = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // The button and its confirm replace each other: focus follows, not lost to the page.
    if (confirming) confirmRef.current?.querySelector('button')?.focus();
    else if (wasConfirming.current) actionRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (confirming) {
    return (
      <div ref={confirmRef} className="confirm" role="alertdialog" aria-label={label}>
        <p>{t(c.action === 'close' ? 'position.confirmCover' : 'position.confirmCancel')}</p>
        <dl className="kv">
          <dt>{t('position.volume')}</dt>
          <Num as="dd" kind="volume" unit={symbol} value={c.confirm.volume} />
          <dt>{t('position.direction')}</dt>
          <dd>{t(c.confirm.direction === 0 ? 'order.buy' : 'order.sell')}</dd>
          <dt>{t('position.price')}</dt>
          <Num as="dd" kind="price" unit={symbol} value={c.confirm.price} />
        </dl>
        <div className="form-actions row">
          <button
            type="button"
            className="btn"
            onClick={() => send({ type: 'confirm.cancel' })}
            disabled={state.hasTag('busy')}
          >
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn primary"
            onClick={() => send({ type: 'confirm.accept' })}
            disabled={state.hasTag('busy')}
          >
            {state.hasTag('busy') ? t('common.loading') : t('common.confirm')}
          </button>
        </div>
      </div>
    );
  }
  if (waiting) {
    // Shown before the press (issue 25): the server refuses a close within 3 minutes (409).
    return (
      <>
        <CloseWaitButton
          label={label}
          secondsLeft={c.secondsLeft}
          className="btn block primary"
          aria-describedby={noteId}
        />
        <p id={noteId} className="muted small" role="timer">
          {closeAfter(c.secondsLeft)}
        </p>
      </>
    );
  }
  return (
    <button
      ref={actionRef}
      type="button"
      className={`btn block ${c.action === 'close' ? 'primary' : ''}`}
      onClick={() => send({ type: 'confirm.open' })}
    >
      {label}
    </button>
  );
}

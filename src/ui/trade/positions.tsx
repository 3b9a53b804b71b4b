/**
 * Open positions (/position, and the desktop list panel): in market mode the
 * opening and pending tabs from the exchange channel, the summary and a detail
 * drawer with cover or cancel; in option mode the running options with their
 * countdown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import type { MarketOrder, OrderQueryData } from '../../api/types/trading.ts';
import { actionOf } from '../../machines/closeOrder/machine.ts';
import { orders } from '../../state/orders.ts';
import { preferences } from '../../state/preferences.ts';
import { ui } from '../../state/ui.ts';
import { useOpenTrade } from './open-trade.ts';
import { decodeToken, isDemo, session } from '../../state/session.ts';
import { accountOf } from '../../state/token.ts';
import { useServices } from '../services-context.tsx';
import { useDesktop } from '../hooks/use-media.ts';
import { Drawer } from '../components/drawer.tsx';
import { ScrollCue } from '../components/scroll-cue.tsx';
import { countdownText, formatDateTime } from '../format.ts';
import { Num, Pnl } from '../components/num.tsx';
import { FIGURE } from '../figures.ts';
import { CloseOrCancel } from '../flows/closeOrder/close.tsx';
import { OrderFacts } from './order-detail.tsx';
import {
  CloseWaitButton,
  useCloseAfterText,
  useCloseWait,
} from '../flows/closeOrder/close-wait.tsx';
import { MarketOrderCard } from './order-card.tsx';
import { RunningOptions } from './running-options.tsx';
import { summaryAtRows } from './summary.ts';
import { useRememberPositions } from './positions-shell.ts';
import { useProductDigits } from './use-product-digits.ts';

const SUMMARY_POLL_MS = 2000;

/**
 * The position summary (P&L, net worth, available prepayment), refreshed while
 * shown, and at once when the orders change (`makeup`): a poll from before an
 * order opened or closed has the old cash and margin, which re-basing to the
 * rows' P&L cannot mend.
 */
function useSummary(makeup: string): OrderQueryData | undefined {
  const { api } = useServices();
  const { token } = useSnapshot(session);
  // Whose figures they are: after the demo switch the other book's are not shown, not even
  // until the first reply; a refreshed token keeps them.
  const book = token ? accountOf(token) : undefined;
  const [data, setData] = useState<{ book: string; summary: OrderQueryData }>();
  useEffect(() => {
    if (!token || !book) return;
    const call = isDemo(decodeToken(token)) ? 'userOrderMock' : 'userOrder';
    let live = true;
    const load = () =>
      void api.call(call, { page: 1, limit: 1, positionStatus: 2 }, { quiet: true }).then((r) => {
        if (live && r.data) setData({ book, summary: r.data });
      });
    load();
    const id = setInterval(load, SUMMARY_POLL_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [api, token, book, makeup]);
  return data && data.book === book ? data.summary : undefined;
}

function Summary() {
  const { t } = useTranslation();
  const snap = useSnapshot(orders);
  // The rows' instant: the P&L is the sum of the rows shown (see summary.ts).
  const makeup = [...snap.holding, ...snap.pending].map((o) => o.id).join();
  const s = summaryAtRows(useSummary(makeup), snap.loaded.holding ? snap.holding : undefined);
  // Kept for the next visit's boot shell (phones only: the desktop opens on its workspace).
  useRememberPositions(
    s,
    snap.loaded.holding ? (snap.holding as MarketOrder[]) : undefined,
    !useDesktop(),
  );
  return (
    <dl className="summary" aria-label={t('position.summary')}>
      <div>
        <dt>{t('position.profitLoss')}</dt>
        <Pnl as="dd" value={s?.profitLoss} figure={FIGURE.positionsPnl} />
      </div>
      <div>
        <dt>{t('position.netValue')}</dt>
        <Num as="dd" kind="amount" unit="USD" value={s?.netValue} figure={FIGURE.positionsNet} />
      </div>
      <div>
        <dt>{t('position.available')}</dt>
        <Num
          as="dd"
          kind="amount"
          unit="USD"
          value={s?.available}
          figure={FIGURE.positionsAvailable}
        />
      </div>
    </dl>
  );
}

function OrderCard({ o, onOpen }: { o: MarketOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <MarketOrderCard
      o={o}
      onOpen={onOpen}
      time={o.orderTimeTs ?? o.transactionTimeTs ?? 0}
      extra={
        <span>
          {t('position.currentPrice')}{' '}
          <Num kind="price" unit={o.tradePair} value={o.currentPrice} />
        </span>
      }
    />
  );
}

/** The row's own Close position (or Cancel order) button: the drawer opens on its confirm. */
function RowAction({ o, onAct }: { o: MarketOrder; onAct: () => void }) {
  const { t } = useTranslation();
  const label = t(actionOf(o) === 'cancel' ? 'position.cancel' : 'position.cover');
  // Within 3 minutes of the fill the server refuses a close: said before the press, as the drawer does.
  const secondsLeft = useCloseWait(o);
  const closeAfter = useCloseAfterText();
  if (secondsLeft > 0)
    return (
      <td className="row-action">
        <CloseWaitButton
          label={label}
          secondsLeft={secondsLeft}
          className="btn row-btn"
          aria-label={`${label} ${o.tradePair} ${o.id} ${countdownText(secondsLeft)}`}
          title={closeAfter(secondsLeft)}
        />
      </td>
    );
  return (
    <td className="row-action">
      <button
        type="button"
        className="btn row-btn"
        aria-label={`${label} ${o.tradePair} ${o.id}`}
        onClick={(e) => {
          e.stopPropagation();
          onAct();
        }}
      >
        {label}
      </button>
    </td>
  );
}

/**
 * The action column's width on its table (`--row-action-w`), kept as it changes (a language,
 * a countdown), so the P&L pinned beside it (`.pin-end`, lists.css) sits right against it.
 */
function useActionWidth() {
  const table = useRef<HTMLTableElement>(null);
  const action = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    const [tb, th] = [table.current, action.current];
    if (!tb || !th || typeof ResizeObserver !== 'function') return;
    const note = () => tb.style.setProperty('--row-action-w', `${th.offsetWidth}px`);
    note();
    const seen = new ResizeObserver(note);
    seen.observe(th);
    return () => seen.disconnect();
  }, []);
  return { table, action };
}

function OrderTable({
  list,
  onOpen,
}: {
  list: MarketOrder[];
  onOpen: (o: MarketOrder, confirm: boolean) => void;
}) {
  const { t } = useTranslation();
  const { table, action } = useActionWidth();
  const cols = [
    'symbol',
    'orderId',
    'direction',
    'priceType',
    'volume',
    'placePrice',
    'currentPrice',
    // P&L beside the price it follows; on a narrow panel it stays in sight, pinned beside the
    // row's Close, while the columns after it scroll under it (a trader's first figure).
    'profitLoss',
    'stopLoss',
    'takeProfit',
    'interest',
    'fee',
    'placeTime',
  ];
  return (
    <ScrollCue>
      <table className="data-table" ref={table}>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col" className={c === 'profitLoss' ? 'pin-end' : undefined}>
                {t(`position.col_${c}`)}
              </th>
            ))}
            <th scope="col" className="row-action" ref={action}>
              {t('position.col_action')}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((o) => (
            <tr
              key={o.id}
              tabIndex={0}
              onClick={() => onOpen(o, false)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
                // The drawer opens and focuses its Close at once; the key's default
                // (keypress) would then press that Close and shut it again.
                e.preventDefault();
                onOpen(o, false);
              }}
            >
              <th scope="row">{o.tradePair}</th>
              <td>{o.id}</td>
              <td className={o.orderType === 0 ? 'up' : 'down'}>
                {t(o.orderType === 0 ? 'order.buy' : 'order.sell')}
              </td>
              <td>{t(o.buyPoint === 1 ? 'position.pendingOrder' : 'position.marketPrice')}</td>
              <Num as="td" kind="volume" unit={o.tradePair} value={o.orderQuantity} />
              <Num as="td" kind="price" unit={o.tradePair} value={o.openingPrice} />
              <Num as="td" kind="price" unit={o.tradePair} value={o.currentPrice} />
              <Pnl
                as="td"
                className="pin-end"
                value={o.profitLoss}
                figure={FIGURE.positionPnl(o.id)}
              />
              <Num as="td" kind="price" unit={o.tradePair} value={o.stopPrice} />
              <Num as="td" kind="price" unit={o.tradePair} value={o.takeProfitPrice} />
              <Num as="td" kind="fee" unit="USD" value={o.interest ?? 0} />
              <Num as="td" kind="fee" unit="USD" value={o.feeAmount} />
              <td className="when">{formatDateTime(o.orderTimeTs ?? o.transactionTimeTs ?? 0)}</td>
              <RowAction o={o} onAct={() => onOpen(o, true)} />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollCue>
  );
}

function MarketPositions() {
  const { t } = useTranslation();
  const desktop = useDesktop();
  const snap = useSnapshot(orders);
  const [tab, setTab] = useState<'holding' | 'pending'>('holding');
  const [opened, setOpened] = useState<MarketOrder>();
  // Opened by a row's Close or Cancel button: the drawer starts on the confirm.
  const [confirmAtOnce, setConfirmAtOnce] = useState(false);
  const list = snap[tab] as MarketOrder[];
  // The live copy while the order is listed; the last one seen once it has gone
  // (a close removes it from the list before the close call answers).
  const live = [...snap.holding, ...snap.pending].find((o) => o.id === opened?.id) as
    MarketOrder | undefined;
  const open = live ?? opened;
  const setOpenId = (id: string, confirm = false) => {
    setConfirmAtOnce(confirm);
    setOpened(list.find((o) => o.id === id));
  };
  // A card asked for from elsewhere (a line on the chart).
  const closed = useOpenTrade(
    'order',
    snap.loaded.holding && snap.loaded.pending
      ? ([...snap.holding, ...snap.pending] as MarketOrder[])
      : undefined,
    (o) => o.id,
    (o) => {
      setTab(o.positionStatus === 1 ? 'pending' : 'holding');
      setConfirmAtOnce(false);
      setOpened(o);
    },
  );
  const close = useCallback(() => {
    setOpened(undefined);
    closed();
  }, [closed]);
  return (
    <>
      <Summary />
      <div className="tabs" role="tablist" aria-label={t('nav.position')}>
        {(['holding', 'pending'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' active' : ''}`}
            onClick={() => setTab(k)}
          >
            {t(`position.tab_${k}`)} ({snap[k].length})
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {!snap.loaded[tab] ? (
          <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
            <div className="skeleton-row" />
            <div className="skeleton-row" />
          </div>
        ) : list.length === 0 ? (
          <p className="empty-state">{t('position.none')}</p>
        ) : desktop ? (
          <OrderTable list={list} onOpen={(o, confirm) => setOpenId(o.id, confirm)} />
        ) : (
          <ul className="order-list">
            {list.map((o) => (
              <OrderCard key={o.id} o={o} onOpen={() => setOpenId(o.id)} />
            ))}
          </ul>
        )}
      </div>
      <Drawer
        open={!!open}
        side={desktop}
        title={open ? `${open.tradePair} · ${open.id}` : ''}
        onClose={close}
      >
        {open && (
          <>
            <OrderFacts o={open} />
            <div className="form-actions">
              <CloseOrCancel
                key={open.id}
                order={open}
                onDone={close}
                confirmAtOnce={confirmAtOnce}
              />
            </div>
          </>
        )}
      </Drawer>
    </>
  );
}

export function PositionsView() {
  const { config } = useServices();
  useProductDigits();
  const { tradeMode } = useSnapshot(preferences);
  const { listMode } = useSnapshot(ui);
  return (listMode ?? tradeMode ?? config.defaultTradeMode) === 'option' ? (
    <RunningOptions />
  ) : (
    <MarketPositions />
  );
}

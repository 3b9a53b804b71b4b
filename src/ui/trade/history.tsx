/** History (/history, and the desktop list panel): closed orders (market) or settled options, with totals and a detail drawer. */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import type { MarketOrder, OptionOrder } from '../../api/types/trading.ts';
import { preferences } from '../../state/preferences.ts';
import { serverNow } from '../../state/server-clock.ts';
import { tradeEvents } from '../../state/trade-events.ts';
import { decodeToken, isDemo, session } from '../../state/session.ts';
import { useServices } from '../services-context.tsx';
import { useDesktop } from '../hooks/use-media.ts';
import { InfiniteList } from '../components/infinite-list.tsx';
import { Drawer } from '../components/drawer.tsx';
import { formatDateTime, formatDuration } from '../format.ts';
import { Num, Pnl } from '../components/num.tsx';
import { FIGURE } from '../figures.ts';
import { OrderFacts } from './order-detail.tsx';
import { MarketOrderCard } from './order-card.tsx';
import { SettlementResult } from './settlement.tsx';
import { useProductDigits } from './use-product-digits.ts';

/** Settling takes the server a moment after endTime: look twice. */
const AFTER_END_MS = [2000, 6000];

/**
 * Changes when the results may have changed: an order placed, closed or
 * cancelled, an option settled, or a known option's end passed (issue 13
 * item 12: a panel left open follows them).
 */
function useResultsVersion(): string {
  const { seq, endings } = useSnapshot(tradeEvents);
  const [passed, setPassed] = useState(0);
  useEffect(() => {
    // Checked against the server's clock each second (a time skip counts), while any is due.
    const count = () =>
      endings.reduce((n, t) => n + AFTER_END_MS.filter((d) => t + d <= serverNow()).length, 0);
    setPassed(count());
    const last = Math.max(0, ...endings) + AFTER_END_MS[AFTER_END_MS.length - 1]!;
    if (last <= serverNow()) return;
    const id = setInterval(() => {
      setPassed(count());
      if (last <= serverNow()) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [endings]);
  return `${seq}-${passed}`;
}

function Totals({ today, total }: { today: unknown; total: unknown }) {
  const { t } = useTranslation();
  const n = (v: unknown) => Number(v ?? 0);
  return (
    <dl className="summary">
      <div>
        <dt>{t('history.today')}</dt>
        <Pnl as="dd" value={n(today)} figure={FIGURE.historyToday} />
      </div>
      <div>
        <dt>{t('history.total')}</dt>
        <Pnl as="dd" value={n(total)} figure={FIGURE.historyTotal} />
      </div>
    </dl>
  );
}

/**
 * A closed order's row beyond its P&L: where it closed, the fee and interest
 * it paid, and why it closed (issue 25: so a P&L of −7.80 where the balance
 * fell 22.54 is explained by the fee beside it).
 */
function ClosedFacts({ o }: { o: MarketOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <span>
        {t('position.closePrice')} <Num kind="price" unit={o.tradePair} value={o.currentPrice} />
      </span>
      <span>
        {t('position.fee')} <Num kind="fee" unit="USD" value={o.feeAmount} />
        {o.interest ? (
          <>
            {' · '}
            {t('position.interest')} <Num kind="fee" unit="USD" value={o.interest} />
          </>
        ) : null}
      </span>
      {/* Named with its term: a bare "You" or "Stop loss" on a card said nothing of what it was. */}
      {o.closeReason && (
        <span>
          {t('position.reason')} {t(`position.reason_${o.closeReason}`)}
        </span>
      )}
    </>
  );
}

export function HistoryView() {
  const { t } = useTranslation();
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const { token } = useSnapshot(session);
  const desktop = useDesktop();
  const demo = isDemo(decodeToken(token));
  const option = (tradeMode ?? config.defaultTradeMode) === 'option';
  const [market, setMarket] = useState<MarketOrder>();
  const [opt, setOpt] = useState<OptionOrder>();
  const version = useResultsVersion();
  useProductDigits();

  return (
    <>
      {option ? (
        <InfiniteList<OptionOrder>
          key={`option-${demo}`}
          label={t('nav.history')}
          reloadKey={version}
          input={{ call: 'userOptionHistory', payload: { positionStatus: 1 }, demo }}
          header={(c) => <Totals today={c.totals.todayWinLoss} total={c.totals.totalWinLoss} />}
          render={(o) => (
            <li key={o.uid}>
              <button
                type="button"
                className="order-card"
                onClick={() => setOpt(o)}
                aria-label={`${o.tradePair} ${o.uid}`}
              >
                <span className="order-head">
                  <b>{o.tradePair}</b>
                  <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
                    {t(o.orderType === 0 ? 'option.long' : 'option.short')}
                  </span>
                  <span className="muted">{formatDuration(o.timeLong, t)}</span>
                  <Pnl className="pnl" value={o.winLost ?? 0} figure={FIGURE.optionPnl(o.uid)} />
                </span>
                <span className="order-grid">
                  <span>
                    {t('option.amount')} <Num kind="amount" unit="USD" value={o.amount} />
                  </span>
                  <span>{o.completeTime ? formatDateTime(o.completeTime) : '—'}</span>
                </span>
              </button>
            </li>
          )}
        />
      ) : (
        <InfiniteList<MarketOrder>
          key={`market-${demo}`}
          label={t('nav.history')}
          reloadKey={version}
          input={{
            call: 'userOrder',
            payload: { positionStatus: 3, columns: ['closingTime'] },
            demo,
          }}
          header={(c) => (
            <Totals today={c.totals.profitLossToday} total={c.totals.profitLossTotal} />
          )}
          render={(o) => (
            <MarketOrderCard
              key={o.id}
              o={o}
              onOpen={() => setMarket(o)}
              time={o.closingTimeTs}
              extra={<ClosedFacts o={o} />}
            />
          )}
        />
      )}
      <Drawer
        open={!!market}
        side={desktop}
        title={market ? `${market.tradePair} · ${market.id}` : ''}
        onClose={() => setMarket(undefined)}
      >
        {market && <OrderFacts o={market} />}
      </Drawer>
      <Drawer
        open={!!opt}
        side={desktop}
        title={t('option.settlement')}
        onClose={() => setOpt(undefined)}
      >
        {opt && <SettlementResult result={opt} />}
      </Drawer>
    </>
  );
}

/**
 * Option mode positions: running options with their countdown. A row opens
 * its position drawer; when its option ends while that drawer is open, the
 * drawer gives way to the settlement drawer (loading until the result is
 * in). Rows whose progress reached 0 leave the list.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { OptionOrder } from '../../api/types/trading.ts';
import { TOAST_MS } from '../../config/constants.ts';
import { showToast } from '../../state/toasts.ts';
import { useServices } from '../services-context.tsx';
import { Drawer } from '../components/drawer.tsx';
import { formatDateTime, formatDuration } from '../format.ts';
import { Num } from '../components/num.tsx';
import { Progress, SettlementResult, useServerClockReady, useSettlement } from './settlement.tsx';
import { useSettlementShown } from './option-notices.ts';
import { runningOptions } from '../../state/running-options.ts';
import { watchRunningOptions } from './running-options-feed.ts';
import { useOpenTrade } from './open-trade.ts';

function OptionRow({
  o,
  open,
  onOpen,
  onClose,
}: {
  o: OptionOrder;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const state = useSettlement(o, 'list', (out) => {
    if (out.kind === 'failed' && open)
      showToast(t('position.fail_result_check_history'), 'error', TOAST_MS);
  });
  const running = state.hasTag('running');
  const left = Math.max(0, Math.ceil(state.context.remaining / 1000));
  // An open drawer tells the settlement itself; a closed one leaves it to the notice.
  useSettlementShown(o.uid, open, !running && !!state.context.result?.completeTime);
  const progress = (
    <Progress value={state.context.progress} label={t('option.timeLeft', { seconds: left })} />
  );
  return (
    <>
      {running && (
        <li>
          <button
            type="button"
            className="order-card"
            onClick={onOpen}
            aria-label={`${o.tradePair} ${o.uid}`}
          >
            <span className="order-head">
              <b>{o.tradePair}</b>
              <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
                {t(o.orderType === 0 ? 'option.long' : 'option.short')}
              </span>
              <span className="muted">
                {t('option.deliveryTime')} {formatDuration(o.timeLong, t)}
              </span>
              <Num kind="amount" unit="USD" value={o.amount} />
            </span>
            {progress}
            <span className="muted small">{t('option.timeLeft', { seconds: left })}</span>
          </button>
        </li>
      )}
      <Drawer
        open={open && running}
        title={`${o.tradePair} · ${t('option.position')}`}
        onClose={onClose}
      >
        <dl className="kv">
          <dt>{t('option.amount')}</dt>
          <Num as="dd" kind="amount" unit="USD" value={o.amount} />
          <dt>{t('option.openPrice')}</dt>
          <Num as="dd" kind="price" unit={o.tradePair} value={o.price} />
          <dt>{t('option.deliveryTime')}</dt>
          <dd>{formatDuration(o.timeLong, t)}</dd>
          <dt>{t('position.placeTime')}</dt>
          <dd>{formatDateTime(o.beginTime)}</dd>
        </dl>
        {progress}
        <p className="muted small">{t('option.timeLeft', { seconds: left })}</p>
      </Drawer>
      <Drawer
        open={open && !running && !state.matches('failed')}
        title={t('option.settlement')}
        onClose={onClose}
      >
        <SettlementResult result={state.context.result} />
      </Drawer>
    </>
  );
}

export function RunningOptions() {
  const { t } = useTranslation();
  const { api } = useServices();
  const list = useSnapshot(runningOptions).list as OptionOrder[] | undefined;
  // The option whose drawer is open stays mounted until closed, even once it left the list.
  const [opened, setOpened] = useState<OptionOrder>();
  // New options (placed from another panel or tab) appear within a few seconds.
  useEffect(() => watchRunningOptions(api), [api]);
  // A card asked for from elsewhere (an option's line on the chart).
  const closed = useOpenTrade('option', list, (o) => o.uid, setOpened);
  const close = useCallback(() => {
    setOpened(undefined);
    closed();
  }, [closed]);
  const clockReady = useServerClockReady();

  if (!list || !clockReady) {
    return (
      <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
        <div className="skeleton-row" />
      </div>
    );
  }
  const rows = opened && !list.some((o) => o.uid === opened.uid) ? [...list, opened] : list;
  return rows.length === 0 ? (
    <p className="empty-state">{t('option.none')}</p>
  ) : (
    <ul className="order-list">
      {rows.map((o) => (
        <OptionRow
          key={o.uid}
          o={o}
          open={opened?.uid === o.uid}
          onOpen={() => setOpened(o)}
          onClose={close}
        />
      ))}
    </ul>
  );
}

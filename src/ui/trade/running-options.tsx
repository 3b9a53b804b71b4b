/** Option mode positions: running options with their countdown; a settled one opens the settlement drawer. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionOrder } from '../../api/types/trading.ts';
import { OPTION_RUNNING_LIMIT } from '../../config/constants.ts';
import type { OptionSettlementOutput } from '../../machines/optionSettlementMachine.ts';
import { useServices } from '../services-context.tsx';
import { Drawer } from '../components/drawer.tsx';
import { formatDuration, money } from '../format.ts';
import { Progress, SettlementResult, useSettlement } from './settlement.tsx';
import { showToast } from '../../state/toasts.ts';
import { TOAST_MS } from '../../config/constants.ts';

const RUNNING_REFRESH_MS = 3000;

function OptionRow({
  o,
  onEnd,
}: {
  o: OptionOrder;
  onEnd: (uid: string, out: OptionSettlementOutput) => void;
}) {
  const { t } = useTranslation();
  const state = useSettlement(o, 'list', (out) => onEnd(o.uid, out));
  // Positions whose progress reached 0 leave the list.
  if (!state.hasTag('running')) return null;
  const left = Math.max(0, Math.ceil(state.context.remaining / 1000));
  return (
    <li className="order-card static">
      <span className="order-head">
        <b>{o.tradePair}</b>
        <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
          {t(o.orderType === 0 ? 'option.long' : 'option.short')}
        </span>
        <span className="muted">
          {t('option.deliveryTime')} {formatDuration(o.timeLong)}
        </span>
        <span>{money(o.amount)}</span>
      </span>
      <Progress value={state.context.progress} label={t('option.timeLeft', { seconds: left })} />
      <span className="muted small">{t('option.timeLeft', { seconds: left })}</span>
    </li>
  );
}

export function RunningOptions() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [list, setList] = useState<OptionOrder[]>();
  const [result, setResult] = useState<{ uid: string; order: OptionOrder | null }>();

  const load = useCallback(
    () =>
      void api
        .call(
          'userOptionHistory',
          { page: 1, limit: OPTION_RUNNING_LIMIT, positionStatus: 0 },
          { noAlert: true },
        )
        .then((r) => {
          if (r.data) setList(r.data.items);
        }),
    [api],
  );
  // New options (placed from another panel or tab) appear within a few seconds.
  useEffect(() => {
    load();
    const id = setInterval(load, RUNNING_REFRESH_MS);
    return () => clearInterval(id);
  }, [load]);

  const onEnd = useCallback(
    (uid: string, out: OptionSettlementOutput) => {
      if (out.kind === 'settled') setResult({ uid, order: out.result });
      else showToast(t('position.fail_result_check_history'), 'error', TOAST_MS);
    },
    [t],
  );

  if (!list) {
    return (
      <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
        <div className="skeleton-row" />
      </div>
    );
  }
  return (
    <>
      {list.length === 0 ? (
        <p className="empty-state">{t('option.none')}</p>
      ) : (
        <ul className="order-list">
          {list.map((o) => (
            <OptionRow key={o.uid} o={o} onEnd={onEnd} />
          ))}
        </ul>
      )}
      <Drawer open={!!result} title={t('option.settlement')} onClose={() => setResult(undefined)}>
        <SettlementResult result={result?.order ?? null} />
      </Drawer>
    </>
  );
}

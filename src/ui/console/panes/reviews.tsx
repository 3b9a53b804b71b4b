/** Console pane: pending reviews to approve, or reject with a reason. */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run, useLoad } from './pane-helpers.ts';
import { ServerText } from '../../components/num-text.tsx';

export function Reviews({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [items, reload] = useLoad(() => bo.reviews(), [bo]);
  const [reason, setReason] = useState(() => t('console.defaultReason'));
  const act = (kind: string, id: string, approve: boolean) => {
    const ops: Record<
      string,
      [(id: string) => Promise<void>, (id: string, r: string) => Promise<void>]
    > = {
      deposit: [bo.approveDeposit, bo.rejectDeposit],
      withdrawal: [bo.approveWithdrawal, bo.rejectWithdrawal],
      kyc: [(id) => bo.approveKyc(id, false), (id, r) => bo.rejectKyc(id, r, false)],
      juniorKyc: [(id) => bo.approveKyc(id, true), (id, r) => bo.rejectKyc(id, r, true)],
      loan: [bo.approveLoan, bo.rejectLoan],
      repayment: [bo.approveRepayment, bo.rejectRepayment],
    };
    const op = ops[kind];
    if (!op) return;
    run(approve ? op[0](id) : op[1](id, reason), t('tips.operation_success'), reload);
  };
  return (
    <>
      <label className="field">
        <span className="label">{t('console.reason')}</span>
        <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {!items ? (
        <p className="muted">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('console.nothing')}</p>
      ) : (
        <ul className="console-list">
          {items.map((r) => (
            <li key={`${r.kind}-${r.id}`}>
              <span>
                <b>{r.kind}</b> · UID {r.uid} · <ServerText text={r.summary} />
              </span>
              <span className="console-actions">
                <button
                  type="button"
                  className="btn primary"
                  onClick={() => act(r.kind, r.id, true)}
                >
                  {t('console.approve')}
                </button>
                <button type="button" className="btn" onClick={() => act(r.kind, r.id, false)}>
                  {t('console.reject')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn ghost" onClick={reload}>
        {t('common.refresh')}
      </button>
    </>
  );
}

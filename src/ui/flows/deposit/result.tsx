/**
 * Deposit, the result step (the deposit machine's `crypto.submitted`): the
 * server accepted the deposit and it waits for review (user-centre.md §4
 * "Deposit": submit_success_please_wait). The amount and coin, In review, the
 * time (server time), the deposit records and New deposit (step one again).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Link } from 'wouter';
import type { DepositReceipt } from '../../../machines/deposit/machine.ts';
import { Num } from '../../components/num.tsx';
import { formatDateTime } from '../../format.ts';
import { PayState } from '../../screens/user/records-status.tsx';

export function DepositResult({ r, onNew }: { r: DepositReceipt; onNew: () => void }) {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  // The step replaces the form: focus its title so a screen reader says what happened.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="card deposit-result" role="status" aria-labelledby="deposit-result-title">
      <h2 id="deposit-result-title" className="section-title" tabIndex={-1} ref={title}>
        {t('submit_success_please_wait')}
      </h2>
      <dl className="kv">
        <div>
          <dt>{t('wallet_ui.amount')}</dt>
          <dd data-testid="deposit-result-amount">
            <Num kind="amount" unit={r.currency} value={r.amount} /> {r.currency}{' '}
            <span className="muted small">{r.protocol}</span>
          </dd>
        </div>
        <div>
          <dt>{t('wallet_ui.status')}</dt>
          <dd>
            <PayState payState={0} />
          </dd>
        </div>
        <div>
          <dt>{t('wallet_ui.time')}</dt>
          <dd data-testid="deposit-result-time">{formatDateTime(r.at)}</dd>
        </div>
      </dl>
      <div className="form-actions row">
        <Link href="/user/wallet/depositList" className="btn">
          {t('wallet_ui.deposit_records')}
        </Link>
        <button type="button" className="btn primary" onClick={onNew}>
          {t('wallet_ui.new_deposit')}
        </button>
      </div>
    </section>
  );
}

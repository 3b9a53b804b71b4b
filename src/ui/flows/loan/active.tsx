/**
 * The active or overdue loan: what is owed, the repayment (first click shows
 * the amount slider, the second submits), the waiting and rejected repayment
 * states and the repayment records.
 */
import { REPAY_STEP } from '../../../machines/loan/machine.ts';
import type { Repayment } from '../../../api/types/user.ts';
import { formatDateTime } from '../../format.ts';
import { Failed, Loading, useCardsTexts } from '../../screens/user/cards-kit.tsx';
import { LoanFacts, useAmount, type Send, type Snapshot } from './kit.tsx';
import { Slider } from './slider.tsx';

const RECORD_CLASS: Record<Repayment['status'], string> = { 0: 'yellow', 1: 'green', 2: 'red' };

export function ActiveLoan({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useCardsTexts();
  const amount = useAmount();
  const c = state.context;
  const loaded =
    !state.matches({ active: 'loadingRecords' }) && !state.matches({ active: 'recordsFailed' });
  const sliding = state.matches({ active: 'sliding' });
  const waiting = state.hasTag('waiting');
  const repaying = state.matches({ active: 'repaying' });
  return (
    <>
      <section className="cards-panel" aria-label={t('cards.loan.yourLoan')}>
        <div className="cards-panel-head">
          <h2>{t('cards.loan.yourLoan')}</h2>
          <span className={`status ${c.overdue ? 'red' : 'blue'}`}>
            {t(c.overdue ? 'cards.loan.status_4' : 'cards.loan.status_1')}
          </span>
        </div>
        {c.overdue && (
          <p className="cards-alert" role="alert">
            {t('code.1151')}
          </p>
        )}
        <LoanFacts loan={c.loan} owed={loaded ? `${amount(c.owed)} USD` : '—'} />
        {c.rejected && (
          <p className="cards-alert" role="alert">
            {t('p_loan_repayment_reject')}
          </p>
        )}
        {sliding && (
          <>
            <Slider
              label={`${t('cards.loan.repayAmount')} (USD)`}
              value={c.repayAmount}
              min={0}
              max={c.owed}
              step={REPAY_STEP}
              marks={[0, c.owed]}
              format={amount}
              onValue={(value) => send({ type: 'repay.change', value })}
              error={c.repayError ? t(c.repayError) : undefined}
            />
          </>
        )}
        <div className="form-actions row">
          {sliding && (
            <button type="button" className="btn" onClick={() => send({ type: 'repay.cancel' })}>
              {t('common.cancel')}
            </button>
          )}
          {waiting ? (
            <>
              {/* §4: waiting while the latest repayment is in review; a rejected one says so above. */}
              <button type="button" className="btn primary" disabled>
                {t('cards.loan.repayWaiting')}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => send({ type: 'records.refresh' })}
              >
                {t('common.refresh')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn primary"
              disabled={!loaded || repaying}
              aria-busy={repaying}
              onClick={() => send({ type: 'repay.click' })}
            >
              {repaying
                ? t('common.loading')
                : t(sliding ? 'cards.loan.repayConfirm' : 'cards.loan.repay')}
            </button>
          )}
        </div>
      </section>
      <h2 className="section-title">{t('cards.loan.records')}</h2>
      {state.matches({ active: 'recordsFailed' }) ? (
        <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'records.reload' })} />
      ) : !loaded ? (
        <Loading />
      ) : c.records.length === 0 ? (
        <p className="empty-state">{t('cards.loan.recordsEmpty')}</p>
      ) : (
        <ul className="cards-list" aria-label={t('cards.loan.records')}>
          {c.records.map((r, i) => (
            <li key={`${r.createTime}-${i}`} className="cards-item cards-record">
              <span className="cards-item-body">
                <b>{amount(r.amount)} USD</b>
                <span className="muted small">
                  {t('cards.loan.owed')} {amount(r.amountOwed)} · {formatDateTime(r.createTime)}
                </span>
              </span>
              <span className={`status ${RECORD_CLASS[r.status]}`}>
                {t(`cards.loan.record_${r.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

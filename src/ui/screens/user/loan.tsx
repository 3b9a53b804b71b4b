/**
 * Loan (/user/loan; user-centre.md §2, §3 "Loan", §4 "Loan status" and "Loan
 * repayment status", §5 "Loan request", §9) on loanMachine: the check, the
 * request form (amount and term sliders, guarantor UID, remark), the request
 * in review, and the active or overdue loan with what is owed, the
 * repayment (first click shows the amount slider, the second submits), the
 * waiting and rejected repayment states and the repayment records. Flag
 * user-loan and a real account only.
 */
import { useId } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import {
  LOAN_AMOUNT,
  LOAN_DAYS,
  loanActors,
  loanMachine,
  REPAY_STEP,
} from '../../../machines/loanMachine.ts';
import type { Loan as LoanDto, Repayment } from '../../../api/types/user.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import { site } from '../../../state/site.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { TextField } from '../../forms/fields.tsx';
import { formatDateTime } from '../../format.ts';
import { Failed, Loading, ScreenHead, useAvailable, useCardsTexts, useNotice } from './crypto.tsx';
import './cards.css';

type Send = ReturnType<typeof useLoanMachine>[1];
type Snapshot = ReturnType<typeof useLoanMachine>[0];

function useLoanMachine() {
  const { api } = useServices();
  return useMachine(loanMachine.provide({ actors: loanActors(api) }));
}

/** Whole amounts grouped the reader's way (50,000). */
function useAmount(): (v: number) => string {
  const { i18n } = useCardsTexts();
  let f: Intl.NumberFormat;
  try {
    f = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  } catch {
    f = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
  }
  return (v) => f.format(v);
}

export function Loan() {
  const { t } = useCardsTexts();
  const { flags } = useSnapshot(site);
  const demo = useDemo();
  const ok = useAvailable(flags['user-loan'] === true && !demo);
  return (
    <main className="screen cards-screen">
      <ScreenHead back="/user" title={t('cards.loan.title')} />
      {ok && <LoanBody />}
    </main>
  );
}

function LoanBody() {
  const { t } = useCardsTexts();
  const [state, send] = useLoanMachine();
  useNotice(state.context.notice);
  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} retry={() => send({ type: 'check.retry' })} />;
  if (state.matches('request')) return <RequestForm state={state} send={send} />;
  if (state.matches('review')) return <InReview state={state} send={send} />;
  if (state.matches('active')) return <ActiveLoan state={state} send={send} />;
  return <Loading />;
}

function Slider({
  label,
  value,
  min,
  max,
  step,
  marks,
  format,
  onValue,
  disabled,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  marks: readonly number[];
  format: (v: number) => string;
  onValue: (v: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const at = (v: number) => (max > min ? ((v - min) / (max - min)) * 100 : 0);
  return (
    <div className="field cards-slider">
      <div className="cards-slider-head">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} className="cards-slider-value">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={format(value)}
        list={`${id}-marks`}
        onChange={(e) => onValue(Number(e.target.value))}
      />
      <datalist id={`${id}-marks`}>
        {marks.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <div className="cards-marks" aria-hidden="true">
        {marks.map((m) => (
          <span key={m} style={{ left: `${at(m)}%` }}>
            {format(m)}
          </span>
        ))}
      </div>
    </div>
  );
}

function RequestForm({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useCardsTexts();
  const amount = useAmount();
  const c = state.context;
  const busy = state.hasTag('busy');
  const days = (n: number) => t('cards.loan.daysValue', { count: n });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <h2 className="section-title">{t('cards.loan.apply')}</h2>
      {c.status === 2 && <p className="cards-note">{t('cards.loan.rejectedBefore')}</p>}
      {c.status === 3 && <p className="cards-note">{t('cards.loan.repaidBefore')}</p>}
      <Slider
        label={`${t('cards.loan.amount')} (USD)`}
        value={c.form.amount}
        min={LOAN_AMOUNT.min}
        max={LOAN_AMOUNT.max}
        step={LOAN_AMOUNT.step}
        marks={LOAN_AMOUNT.marks}
        format={amount}
        disabled={busy}
        onValue={(value) => send({ type: 'amount.change', value })}
      />
      <Slider
        label={t('cards.loan.days')}
        value={c.form.days}
        min={LOAN_DAYS.min}
        max={LOAN_DAYS.max}
        step={LOAN_DAYS.step}
        marks={LOAN_DAYS.marks}
        format={days}
        disabled={busy}
        onValue={(value) => send({ type: 'days.change', value })}
      />
      <TextField
        label={t('cards.loan.guarantor')}
        value={c.form.guarantor}
        onValue={(value) => send({ type: 'field.change', field: 'guarantor', value })}
        error={c.errors.guarantor}
        inputMode="numeric"
        autoComplete="off"
        maxLength={MAX_LEN.nick}
        aria-required
        hint={t('cards.loan.guarantorHint')}
      />
      <TextField
        label={t('cards.loan.remark')}
        value={c.form.remark}
        onValue={(value) => send({ type: 'field.change', field: 'remark', value })}
        maxLength={MAX_LEN.nick}
        autoComplete="off"
      />
      {c.message && (
        <p className="cards-alert" role="alert">
          {t(c.message)}{' '}
          <Link href="/user/bindEmail" className="link-btn">
            {t('cards.loan.bindEmail')}
          </Link>
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? t('common.loading') : t('cards.loan.submit')}
        </button>
      </div>
    </form>
  );
}

function LoanFacts({ loan, owed }: { loan: LoanDto | undefined; owed?: string }) {
  const { t } = useCardsTexts();
  const amount = useAmount();
  if (!loan) return null;
  return (
    <dl className="cards-facts">
      <dt>{t('cards.loan.amount')}</dt>
      <dd>{amount(loan.amount)} USD</dd>
      <dt>{t('cards.loan.days')}</dt>
      <dd>{t('cards.loan.daysValue', { count: loan.days })}</dd>
      <dt>{t('cards.loan.guarantor')}</dt>
      <dd>{loan.guarantor}</dd>
      {loan.repaymentDate !== null && (
        <>
          <dt>{t('cards.loan.repaymentDate')}</dt>
          <dd>{formatDateTime(loan.repaymentDate)}</dd>
        </>
      )}
      {owed !== undefined && (
        <>
          <dt>{t('cards.loan.owed')}</dt>
          <dd className="cards-owed">{owed}</dd>
        </>
      )}
    </dl>
  );
}

function InReview({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useCardsTexts();
  return (
    <section className="cards-panel" aria-label={t('cards.loan.yourLoan')}>
      <div className="cards-panel-head">
        <h2>{t('cards.loan.yourLoan')}</h2>
        <span className="status yellow">{t('cards.loan.status_0')}</span>
      </div>
      <p className="cards-note" role="status">
        <b>{t('cards.loan.inReview')}</b>
        <br />
        {t('cards.loan.inReviewHint')}
      </p>
      <LoanFacts loan={state.context.loan} />
      <div className="form-actions">
        <button type="button" className="btn block" onClick={() => send({ type: 'check.refresh' })}>
          {t('common.refresh')}
        </button>
      </div>
    </section>
  );
}

const RECORD_CLASS: Record<Repayment['status'], string> = { 0: 'yellow', 1: 'green', 2: 'red' };

function ActiveLoan({ state, send }: { state: Snapshot; send: Send }) {
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
            />
            {c.repayError && (
              <span className="field-error" role="alert">
                {t(c.repayError)}
              </span>
            )}
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
        <Failed message={t('cards.loadFailed')} retry={() => send({ type: 'records.reload' })} />
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
                  {t('cards.loan.owedBefore')} {amount(r.amountOwed)} ·{' '}
                  {formatDateTime(r.createTime)}
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

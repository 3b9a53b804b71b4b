/**
 * Loan (/user/loan; user-centre.md §2, §3 "Loan", §4 "Loan status" and "Loan
 * repayment status", §5 "Loan request", §9) on loanMachine: the check, the
 * request form (amount and term sliders, guarantor UID, remark), the request
 * in review, and the active or overdue loan with what is owed, the
 * repayment (first click shows the amount slider, the second submits), the
 * waiting and rejected repayment states and the repayment records. Flag
 * user-loan and a real account only.
 *
 * The request form, the active loan, the slider and the shared hooks are in
 * request.tsx, active.tsx, slider.tsx and kit.tsx beside it (src/ui/flows/loan/).
 */
import { useFlags } from '../../hooks/use-flags.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useDemo } from '../../hooks/use-session.ts';
import {
  Failed,
  Loading,
  ScreenHead,
  useAvailable,
  useCardsTexts,
} from '../../screens/user/cards-kit.tsx';
import { LoanFacts, useLoanMachine, type Send, type Snapshot } from './kit.tsx';
import { RequestForm } from './request.tsx';
import { ActiveLoan } from './active.tsx';
import '../../screens/user/cards.css';
import './loan.css';

export function Loan() {
  const { t } = useCardsTexts();
  const flags = useFlags();
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
  const [state, send, actor] = useLoanMachine();
  useNotices(actor);
  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'check.retry' })} />;
  if (state.matches('request')) return <RequestForm state={state} send={send} />;
  if (state.matches('review')) return <InReview state={state} send={send} />;
  if (state.matches('active')) return <ActiveLoan state={state} send={send} />;
  return <Loading />;
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

/**
 * Shared by the loan screen's parts: the machine hook and its snapshot and
 * send types, the amount format and the loan's facts.
 */
import { useMachine } from '@xstate/react';
import { loanMachine } from '../../../machines/loan/machine.ts';
import { loanActors } from '../../../machines/loan/actors.ts';
import type { Loan as LoanDto } from '../../../api/types/user.ts';
import { useServices } from '../../services-context.tsx';
import { formatDateTime, groupedText } from '../../format.ts';
import { useCardsTexts } from '../../screens/user/cards-kit.tsx';
import { inspected } from '../../../machines/inspect.ts';

export type Send = ReturnType<typeof useLoanMachine>[1];
export type Snapshot = ReturnType<typeof useLoanMachine>[0];

export function useLoanMachine() {
  const { api } = useServices();
  return useMachine(loanMachine.provide({ actors: loanActors(api) }), inspected);
}

/** Whole amounts grouped the reader's way (50,000). */
export function useAmount(): (v: number) => string {
  const { i18n } = useCardsTexts();
  return (v) => groupedText(v, i18n.language);
}

export function LoanFacts({ loan, owed }: { loan: LoanDto | undefined; owed?: string }) {
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

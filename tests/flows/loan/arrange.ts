/**
 * The loan driver's model and arrangements (ui.ts): the set-up's loan
 * states, the back office's reviews, the other tab's request, and the form,
 * records and repayment slider as a path leaves them.
 */
import { expect, type Page } from '@playwright/test';
import { LOAN_AMOUNT, LOAN_DAYS, REPAY_STEP } from '../../../src/machines/loan/machine.ts';
import { snap } from '../../../src/machines/validation/account.ts';
import type { AnyEvent } from '../../paths/plan/words.ts';
import { codeOf, latest } from '../../paths/words/common.ts';
import { all, dtoOf, isCheck, isRecords, loanNow, recordsOf, slider } from './screen.ts';
import { apiCall, backOffice } from '../../e2e/paths/page.ts';
import type { UiCtx } from '../../paths/ui/driver.ts';

export const kindOf = (spec: string) => /\((\w+)\)/.exec(spec)?.[1] ?? 'new';
export const FIRST = { amount: 60_000, days: 10, remark: 'first' };
/** The loan states the set-up starts from (as paths.ts's INITIAL). */
export const INITIAL: Record<string, number | undefined> = {
  rejected: 2,
  review: 0,
  active: 1,
  overdue: 4,
};

interface Review {
  kind: string;
  id: string;
  uid: string;
}
/** This user's items of a kind in review (loan or repayment). */
export const pending = async (page: Page, uid: unknown, kind: string) =>
  (await backOffice<Review[]>(page, 'reviews')).filter((r) => r.kind === kind && r.uid === uid);
/** The guarantor placeholder of the samples stands for gus's UID. */
export const uidOf = (c: UiCtx, v: string) =>
  v === 'GUARANTOR' ? (c.data.guarantor as string) : v;

/** The other tab applies with the form's defaults, as paths.ts's `request`. */
export const applyElsewhere = async (page: Page, guarantor: string) => {
  const r = await apiCall(page, 'addUserLoan', {
    amount: LOAN_AMOUNT.default,
    days: LOAN_DAYS.default,
    guarantor,
    remark: '',
  });
  expect(r.code).toBe(0);
};

/** The request form as the path has left it (the machine's takeLoan, setAmount, setDays, edit). */
export function formNow(c: UiCtx, e: AnyEvent) {
  const steps = all(e, c);
  const at = steps.findLastIndex((x) => isCheck(x) && codeOf(x) === 0);
  const dto = dtoOf(steps[at]) as {
    status: number;
    amount: number;
    days: number;
    guarantor: string;
    remark: string;
  } | null;
  const start =
    dto?.status === 2
      ? { amount: dto.amount, days: dto.days, guarantor: dto.guarantor, remark: dto.remark }
      : { amount: LOAN_AMOUNT.default, days: LOAN_DAYS.default, guarantor: '', remark: '' };
  const f = { ...start, error: false };
  for (const x of steps.slice(at + 1)) {
    const v = x.value as number;
    if (x.type === 'amount.change')
      f.amount = snap(v, LOAN_AMOUNT.min, LOAN_AMOUNT.max, LOAN_AMOUNT.step);
    if (x.type === 'days.change') f.days = snap(v, LOAN_DAYS.min, LOAN_DAYS.max, LOAN_DAYS.step);
    if (x.type === 'field.change')
      f[x.field as 'guarantor' | 'remark'] = uidOf(c, x.value as string);
    // The guarantor's error: shown by a submit without one, gone when one is typed.
    if (x.type === 'form.submit') f.error = f.guarantor.trim() === '';
    if (x.type === 'field.change' && x.field === 'guarantor') f.error = false;
  }
  return f;
}

/** The latest records read on the path, and what is owed (the newest record's amountOwed). */
export function recordsNow(c: UiCtx, e: AnyEvent) {
  const recs = recordsOf(latest(all(e, c), (x) => isRecords(x) && codeOf(x) === 0)) as Array<{
    amount: number;
    amountOwed: number;
    status: number;
  }>;
  return { recs, owed: recs[0]?.amountOwed ?? loanNow(e, c)?.amount ?? 0 };
}
/** The repayment slider's amount as the screen holds it (snapped to what is owed). */
export const repayNow = (c: UiCtx, e: AnyEvent) =>
  snap(slider(all(e, c)).amount, 0, recordsNow(c, e).owed, REPAY_STEP);

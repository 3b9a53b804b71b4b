/**
 * The loan machine driven through /user/loan (specs in
 * paths.ts; words in words.ts, whose screen
 * model, screen.ts, gives the expected amounts here too).
 *
 * Arranged as the headless run does: a real guarantor (gus) and a UID nobody
 * has (1050), a phone user with no e-mail (1156), the back office approving,
 * rejecting and making loans overdue and deciding repayments, and the other
 * tab's request (1149, 1150, 1151) or repayment (23552) made as the same
 * user through the app's API client. Forced (Faults): the check's and the
 * records' 1012, which no real condition gives.
 */
import { expect, type Page } from '@playwright/test';
import { makeW } from '../../paths/plan/words.ts';
import { codeOf, codeText } from '../../paths/words/common.ts';
import { dtoOf, loanNow, recordsOf, slider, usd } from './screen.ts';
import { apiCall, backOffice, enterAs, force, go } from '../../e2e/paths/page.ts';
import { nothing, type UiCtx, type UiDriver, type UiStep } from '../../paths/ui/driver.ts';

import {
  applyElsewhere,
  FIRST,
  formNow,
  INITIAL,
  kindOf,
  pending,
  recordsNow,
  repayNow,
  uidOf,
} from './arrange.ts';

const w = makeW('en');
const t = w.t;
const range = (p: Page, label: string) => p.getByRole('slider', { name: label });
const amountSlider = (p: Page) => range(p, `${t('cards.loan.amount')} (USD)`);
const daysSlider = (p: Page) => range(p, t('cards.loan.days'));
const repaySlider = (p: Page) => range(p, `${t('cards.loan.repayAmount')} (USD)`);
const button = (p: Page, key: string) => p.getByRole('button', { name: t(key), exact: true });
const yourLoan = (p: Page) => p.getByRole('region', { name: t('cards.loan.yourLoan') });
const toastSays = (p: Page, text: string) => expect(p.getByText(text).first()).toBeVisible();
const codeToast = (p: Page, code: number) => toastSays(p, codeText({ t }, code));
/** Amounts as the screen writes them (50,000); with the currency, as the words do. */
const amountText = (n: number) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(n);
/** The loan's badge and, overdue, its alert. */
async function loanHead(c: UiCtx, status: number) {
  await expect(
    yourLoan(c.page).getByText(t(`cards.loan.status_${status}`), { exact: true }),
  ).toBeVisible();
  const alert = yourLoan(c.page)
    .getByRole('alert')
    .filter({ hasText: t('code.1151') });
  await expect(alert).toHaveCount(status === 4 ? 1 : 0);
}

const busy: UiStep = nothing; // in flight: the recorder shows it passing; the reply follows at once

export const loanUi: UiDriver = {
  machine: 'loan',
  async setup(page, spec) {
    const kind = kindOf(spec);
    const user =
      kind === 'phone'
        ? { phone: '14155552671', password: 'secret123' }
        : { email: 'lea@example.com', password: 'secret123' };
    const uid = await enterAs(page, user);
    const gus = await backOffice<{ uid: string }>(page, 'seedUser', {
      email: 'gus@example.com',
      password: 'secret123',
    });
    const data = { uid, guarantor: gus.uid };
    const status = INITIAL[kind];
    if (status === undefined) return data;
    const r = await apiCall(page, 'addUserLoan', { ...FIRST, guarantor: gus.uid });
    expect(r.code).toBe(0);
    const [loan] = await pending(page, uid, 'loan');
    if (status === 2) await backOffice(page, 'rejectLoan', loan!.id, 'not now');
    if (status === 1 || status === 4) await backOffice(page, 'approveLoan', loan!.id);
    if (status === 4) await backOffice(page, 'makeLoanOverdue', loan!.id);
    return data;
  },
  open: (c) => go(c.page, '/user/loan'),
  events: {
    'check.retry': (c) => button(c.page, 'common.retry').click(),
    'check.refresh': (c) => button(c.page, 'common.refresh').click(),
    'records.reload': (c) => button(c.page, 'common.retry').click(),
    'records.refresh': (c) => button(c.page, 'common.refresh').click(),
    // A range input takes a value the browser can hold: the machine's own snapping.
    'amount.change': (c, e) => amountSlider(c.page).fill(String(formNow(c, e).amount)),
    'days.change': (c, e) => daysSlider(c.page).fill(String(formNow(c, e).days)),
    'field.change': (c, e) =>
      c.page.getByLabel(t(`cards.loan.${e.field as string}`)).fill(uidOf(c, e.value as string)),
    'form.submit': (c) => button(c.page, 'cards.loan.submit').click(),
    'repay.click': (c) =>
      button(
        c.page,
        slider(c.history).open ? 'cards.loan.repayConfirm' : 'cards.loan.repay',
      ).click(),
    'repay.change': (c, e) => repaySlider(c.page).fill(String(repayNow(c, e))),
    'repay.cancel': (c) => button(c.page, 'common.cancel').click(),
  },
  actors: {
    checkLoan: {
      async done(c, e) {
        if (codeOf(e) === 1012) {
          await force(c.page, { call: 'userLoanCheck', code: 1012 });
          return;
        }
        // The operator decides the request in review.
        const status = dtoOf(e)?.status;
        for (const r of await pending(c.page, c.data.uid, 'loan')) {
          if (status === 1) await backOffice(c.page, 'approveLoan', r.id);
          if (status === 2) await backOffice(c.page, 'rejectLoan', r.id, 'not now');
        }
      },
    },
    requestLoan: {
      async done(c, e) {
        const code = codeOf(e) ?? 0;
        // 1050 (the UID typed), 1156 (no e-mail) and 0 come from the form itself.
        if (![1149, 1150, 1151].includes(code)) return;
        // Another tab of the same user asked first (and the operator acted on it).
        await applyElsewhere(c.page, c.data.guarantor as string);
        const [loan] = await pending(c.page, c.data.uid, 'loan');
        if (code >= 1150) await backOffice(c.page, 'approveLoan', loan!.id);
        if (code === 1151) await backOffice(c.page, 'makeLoanOverdue', loan!.id);
      },
    },
    loadRecords: {
      async done(c, e) {
        if (codeOf(e) === 1012) {
          await force(c.page, { call: 'userLoanRepay', code: 1012 });
          return;
        }
        // The operator decides the repayment in review.
        const latestRec = recordsOf(e)[0];
        for (const r of await pending(c.page, c.data.uid, 'repayment')) {
          if (latestRec?.status === 1) await backOffice(c.page, 'approveRepayment', r.id);
          if (latestRec?.status === 2)
            await backOffice(c.page, 'rejectRepayment', r.id, 'not enough');
        }
      },
    },
    repay: {
      async done(c, e) {
        if (codeOf(e) !== 23552) return;
        // Another tab repaid 100 first (still in review).
        const loan = (
          await apiCall<{ code: number; data: { dto: { id: string; uid: string } } }>(
            c.page,
            'userLoanCheck',
          )
        ).data.dto;
        const r = await apiCall(c.page, 'addUserLoanRepay', {
          loanId: loan.id,
          loanUid: loan.uid,
          amount: 100,
        });
        expect(r.code).toBe(0);
      },
    },
  },
  delays: {},
  states: {
    checking: busy,
    async failed(c) {
      await expect(c.page.getByText(t('cards.loadFailed'))).toBeVisible();
      await expect(button(c.page, 'common.retry')).toBeVisible();
      await codeToast(c.page, 1012);
    },
    async review(c) {
      await loanHead(c, 0);
      await expect(c.page.getByRole('status').getByText(t('cards.loan.inReview'))).toBeVisible();
      await expect(button(c.page, 'common.refresh')).toBeVisible();
      const before = c.history.at(-1);
      if (before?.type === 'xstate.done.actor.requestLoan' && codeOf(before) === 0)
        await toastSays(c.page, t('submit_success_please_wait'));
    },
    async request(c, e) {
      await expect(c.page.getByRole('heading', { name: t('cards.loan.apply') })).toBeVisible();
      const status = loanNow(e, c)?.status;
      for (const [s, key] of [
        [2, 'cards.loan.rejectedBefore'],
        [3, 'cards.loan.repaidBefore'],
      ] as const)
        await expect(c.page.getByText(t(key))).toHaveCount(status === s ? 1 : 0);
    },
    async 'request.editing'(c, e) {
      const f = formNow(c, e);
      await expect(amountSlider(c.page)).toHaveAttribute('aria-valuetext', amountText(f.amount));
      await expect(daysSlider(c.page)).toHaveAttribute(
        'aria-valuetext',
        t('cards.loan.daysValue', { count: f.days }),
      );
      await expect(c.page.getByLabel(t('cards.loan.guarantor'))).toHaveValue(f.guarantor);
      const guarantorError = c.page.getByText(t('p_loan_guarantor'));
      await expect(guarantorError).toHaveCount(f.error ? 1 : 0);
      const code = codeOf(e);
      if (code) await codeToast(c.page, code);
      // Without an e-mail the form says so from the start (1156 only confirms it).
      const bind = c.page.getByRole('alert').filter({ hasText: t('p_bind_email_first') });
      await expect(bind).toHaveCount(kindOf(c.spec) === 'phone' ? 1 : 0);
      await expect(button(c.page, 'cards.loan.submit')).toBeEnabled();
    },
    'request.submitting': busy,
    async active(c, e) {
      await loanHead(c, loanNow(e, c)?.status === 4 ? 4 : 1);
    },
    'active.loadingRecords': busy,
    async 'active.recordsFailed'(c) {
      await expect(c.page.getByText(t('cards.loadFailed'))).toBeVisible();
      await expect(button(c.page, 'common.retry')).toBeVisible();
      await codeToast(c.page, 1012);
    },
    async 'active.idle'(c, e) {
      const { recs, owed } = recordsNow(c, e);
      await expect(yourLoan(c.page).locator('dd.cards-owed')).toHaveText(usd(w, owed));
      await expect(button(c.page, 'cards.loan.repay')).toBeEnabled();
      await expect(repaySlider(c.page)).toHaveCount(0);
      // A rejected latest repayment says so; the button takes a new one all the same.
      await expect(c.page.getByText(t('p_loan_repayment_reject'))).toHaveCount(
        recs[0]?.status === 2 ? 1 : 0,
      );
      const list = c.page
        .getByRole('list', { name: t('cards.loan.records') })
        .getByRole('listitem');
      if (recs.length === 0)
        await expect(c.page.getByText(t('cards.loan.recordsEmpty'))).toBeVisible();
      else await expect(list).toHaveCount(recs.length);
    },
    async 'active.sliding'(c, e) {
      const amount = repayNow(c, e);
      await expect(repaySlider(c.page)).toHaveValue(String(amount));
      await expect(button(c.page, 'common.cancel')).toBeVisible();
      await expect(button(c.page, 'cards.loan.repayConfirm')).toBeEnabled();
      // A second click with nothing chosen is refused on the spot.
      const refused = e.type === 'repay.click' && slider(c.history).open;
      await expect(c.page.getByText(t('p_loan_repayment_no_zero'))).toHaveCount(refused ? 1 : 0);
    },
    'active.repaying': busy,
    async 'active.waiting'(c, e) {
      const { recs } = recordsNow(c, e);
      await expect(button(c.page, 'cards.loan.repayWaiting')).toBeDisabled();
      await expect(button(c.page, 'common.refresh')).toBeVisible();
      const newest = c.page
        .getByRole('list', { name: t('cards.loan.records') })
        .getByRole('listitem')
        .first();
      await expect(newest).toContainText(t(`cards.loan.record_${recs[0]!.status}`));
      await expect(newest).toContainText(usd(w, recs[0]!.amount));
    },
  },
};

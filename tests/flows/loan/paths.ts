/**
 * Loans against the simulator: real users in each loan state (none, rejected,
 * in review, active, overdue, and a phone user with no e-mail), a real
 * guarantor, the back office approving or rejecting loans and repayments,
 * and real refusals: 1050 (no such guarantor), 1156 (no e-mail bound), 1149,
 * 1150 and 1151 (a loan submitted, approved or overdue from another tab
 * meanwhile), 23552 (a repayment already in review from another tab). The
 * check and the records fail by force (1012: a transient query failure has
 * no user-made cause).
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { Repayment } from '../../../src/api/types/user.ts';
import {
  LOAN_AMOUNT,
  LOAN_DAYS,
  loanMachine,
  type LoanContext,
} from '../../../src/machines/loan/machine.ts';
import { loanActors } from '../../../src/machines/loan/actors.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const PASSWORD = 'secret123';
/** Stands for the guarantor's UID; resolved at run time. */
const GUARANTOR = 'GUARANTOR';
const NOSUCH = '424242';
const FIRST = { amount: 60_000, days: 10, remark: 'first' };

type Kind = 'new' | 'rejected' | 'review' | 'active' | 'overdue' | 'phone';
type Snap = ReturnType<(typeof loanMachine)['resolveState']>;

const guarantorClass = (v: string) => (v === '' ? 'empty' : v === NOSUCH ? 'unknown' : 'given');

const dto = (c: LoanContext, status: number, form = c.loan ?? FIRST) => ({
  id: 'L',
  uid: 'U',
  amount: form.amount,
  days: form.days,
  guarantor: GUARANTOR,
  repaymentDate: null,
  status,
  remark: form.remark ?? '',
});
const check = (data: unknown) => ({
  type: 'xstate.done.actor.checkLoan',
  output: { code: 0, data },
});

const INITIAL: Record<Kind, number | null> = {
  new: null,
  rejected: 2,
  review: 0,
  active: 1,
  overdue: 4,
  phone: null,
};

/** What userLoanCheck answers now, as the model knows it. */
function checkSamples(c: LoanContext, kind: Kind): EventObject[] {
  const f = c.failure;
  if (f === 1149) return [check({ dto: dto(c, 0, LOAN_DEFAULT) })];
  if (f === 1150) return [check({ dto: dto(c, 1, LOAN_DEFAULT) })];
  if (f === 1151) return [check({ dto: dto(c, 4, LOAN_DEFAULT) })];
  const submittedRequest =
    c.lastSaved === 'request' && (c.loan === undefined || [2, 3].includes(c.loan.status ?? -1));
  if (submittedRequest) return [check({ dto: dto(c, 0, c.form) })];
  if (c.loan?.status === 0) return [check({ dto: dto(c, 1) }), check({ dto: dto(c, 2) })];
  if (c.loan && [1, 4].includes(c.loan.status ?? -1)) return [check({ dto: dto(c, 3) })];
  // The first look.
  const status = INITIAL[kind];
  const first = check({ dto: status === null ? null : dto(c, status, FIRST) });
  return kind === 'new' && f === undefined
    ? [first, { type: 'xstate.done.actor.checkLoan', output: { code: 1012, data: null } }]
    : [first];
}
const LOAN_DEFAULT = { amount: LOAN_AMOUNT.default, days: LOAN_DAYS.default, remark: '' };

const rec = (amount: number, owed: number, status: 0 | 1 | 2): Repayment => ({
  amount,
  amountOwed: owed,
  status,
  createTime: 0,
});
const records = (dtoList: Repayment[]) => ({
  type: 'xstate.done.actor.loadRecords',
  output: { code: 0, data: { dtoList } },
});

/** What userLoanRepay answers now, as the model knows it. */
function recordSamples(c: LoanContext, kind: Kind): EventObject[] {
  const [latest, ...rest] = c.records;
  if (c.lastSaved === 'repay') return [records([rec(c.repayAmount, c.owed, 0), ...c.records])];
  // Another tab's repayment of 100 is in review.
  if (c.failure === 23552) return [records([rec(100, c.owed, 0), ...c.records])];
  if (latest?.status !== 0) return [records(c.records)];
  // Refreshed while in review: the operator approved or rejected it (or the read failed, once;
  // forced failures are only arranged after a user's event, so the framework sees the load).
  const fail = { type: 'xstate.done.actor.loadRecords', output: { code: 1012, data: null } };
  return [
    records([{ ...latest, status: 1, amountOwed: latest.amountOwed - latest.amount }, ...rest]),
    records([{ ...latest, status: 2 }, ...rest]),
    ...(kind === 'active' && c.failure === undefined ? [fail] : []),
  ];
}

const bo = (c: PathContext) => c.world.sim.backOffice;
const mine = (c: PathContext, kind: string) =>
  bo(c)
    .reviews()
    .filter((r) => r.kind === kind && r.uid === c.data.uid);
const serverLoan = async (c: PathContext) => {
  const r = await c.world.api.call('userLoanCheck');
  expect(r.code).toBe(0);
  return r.data?.dto ?? null;
};
const request = (c: PathContext) =>
  c.world.api.call('addUserLoan', {
    amount: LOAN_AMOUNT.default,
    days: LOAN_DAYS.default,
    guarantor: c.data.guarantor as string,
    remark: '',
  });

function spec(kind: Kind): PathSpec {
  const full = kind === 'new' || kind === 'active';
  return {
    name: `loan (${kind})`,
    machine: loanMachine,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.status,
        c.loan?.status ?? null,
        c.form.amount,
        c.form.days,
        guarantorClass(c.form.guarantor),
        c.errors.guarantor ?? null,
        c.records.map((r) => `${r.amount}:${r.status}`),
        c.owed,
        c.repayAmount,
        c.repayError ?? null,
        c.overdue,
        c.rejected,
        c.message ?? null,
        c.failure ?? null,
        c.lastSaved ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const at = (p: string) => s.matches(p as never);
      if (at('checking')) return checkSamples(c, kind);
      if (at('failed')) return [{ type: 'check.retry' }];
      if (at('review')) return [{ type: 'check.refresh' }];
      if (at('request.editing')) {
        const g = c.form.guarantor;
        const set = (value: string) => ({ type: 'field.change', field: 'guarantor', value });
        // One field at a time, in the form's order (the order of input does not matter here).
        const next: Array<Array<{ type: string } & Record<string, unknown>>> = [
          full && c.form.amount === LOAN_AMOUNT.default
            ? [
                { type: 'amount.change', value: 123_456 },
                { type: 'amount.change', value: 9e9 },
              ]
            : [],
          full && c.form.days === LOAN_DAYS.default ? [{ type: 'days.change', value: 15 }] : [],
          g === ''
            ? [set(GUARANTOR), ...(full ? [set(NOSUCH)] : [])]
            : g === NOSUCH
              ? [set(GUARANTOR)]
              : [],
          full && c.form.remark === ''
            ? [{ type: 'field.change', field: 'remark', value: 'a car' }]
            : [],
        ];
        return [...(next.find((e) => e.length) ?? []), { type: 'form.submit' }];
      }
      if (at('request.submitting')) {
        const out = (code: number) => ({
          type: 'xstate.done.actor.requestLoan',
          output: { code, data: null },
        });
        if (kind === 'phone') return [out(1156)];
        if (c.form.guarantor === NOSUCH) return [out(1050)];
        return kind === 'new' && c.failure === undefined && !c.lastSaved
          ? [out(0), out(1149), out(1150), out(1151)]
          : [out(0)];
      }
      if (at('active.loadingRecords')) return recordSamples(c, kind);
      if (at('active.recordsFailed')) return [{ type: 'records.reload' }];
      // Two repayments per path at most.
      if (at('active.idle'))
        return c.failure === undefined && c.records.length < 2 ? [{ type: 'repay.click' }] : [];
      if (at('active.sliding')) {
        return [
          ...(c.repayAmount === 0
            ? kind === 'active' && c.records.length === 0
              ? [
                  { type: 'repay.change', value: 1_000 },
                  { type: 'repay.change', value: 1_234 },
                  { type: 'repay.change', value: 9e9 },
                  { type: 'repay.cancel' },
                ]
              : [{ type: 'repay.change', value: 9e9 }]
            : []),
          { type: 'repay.click' },
        ];
      }
      if (at('active.repaying')) {
        const out = (code: number) => ({
          type: 'xstate.done.actor.repay',
          output: { code, data: null },
        });
        return kind === 'active' && c.failure === undefined && !c.records.length
          ? [out(0), out(23552)]
          : [out(0)];
      }
      if (at('active.waiting')) return [{ type: 'records.refresh' }];
      return [];
    },
    async setup(world) {
      const office = world.sim.backOffice;
      const g = await office.seedUser({ email: 'gus@example.com', password: PASSWORD });
      const u =
        kind === 'phone'
          ? await office.seedUser({ phone: '14155552671', password: PASSWORD })
          : await office.seedUser({ email: 'lea@example.com', password: PASSWORD });
      world.session.token = u.token;
      if (INITIAL[kind] !== null) {
        reached('loan.setup: INITIAL[kind] !== null');
        const r = await world.api.call('addUserLoan', {
          ...FIRST,
          guarantor: g.uid,
        });
        expect(r.code).toBe(0);
        const loan = office.reviews().find((x) => x.kind === 'loan' && x.uid === u.uid);
        if (kind === 'rejected') office.rejectLoan(loan!.id, 'not now');
        if (kind === 'active' || kind === 'overdue') office.approveLoan(loan!.id);
        if (kind === 'overdue') office.makeLoanOverdue(loan!.id);
        return { uid: u.uid, guarantor: g.uid, loanId: loan!.id };
      }
      return { uid: u.uid, guarantor: g.uid };
    },
    provide: (c) => loanMachine.provide({ actors: loanActors(c.world.api) }),
    resolve(e, c) {
      const ev = e as EventObject & { field?: string; value?: string };
      return ev.field === 'guarantor' && ev.value === GUARANTOR
        ? { ...ev, value: c.data.guarantor as string }
        : e;
    },
    async arrange(e, c) {
      const out = (e as { output?: { code: number; data?: unknown } }).output;
      const office = bo(c);
      if (e.type === 'xstate.done.actor.checkLoan') {
        if (out?.code === 1012) office.force({ call: 'userLoanCheck', code: 1012 });
        const status = (out?.data as { dto?: { status: number } } | null)?.dto?.status;
        // The operator decides the loan in review.
        for (const r of mine(c, 'loan')) {
          if (status === 1) office.approveLoan(r.id);
          if (status === 2) office.rejectLoan(r.id, 'not now');
        }
      }
      if (
        e.type === 'xstate.done.actor.requestLoan' &&
        out &&
        [1149, 1150, 1151].includes(out.code)
      ) {
        reached(
          "loan.arrange: e.type === 'xstate.done.actor.requestLoan' && out && [1149, 1150, 1151…",
        );
        // Another tab asked first (and the operator acted on it).
        expect((await request(c)).code).toBe(0);
        const [loan] = mine(c, 'loan');
        if (out.code >= 1150) office.approveLoan(loan!.id);
        if (out.code === 1151) office.makeLoanOverdue(loan!.id);
      }
      if (e.type === 'xstate.done.actor.loadRecords') {
        if (out?.code === 1012) office.force({ call: 'userLoanRepay', code: 1012 });
        const latest = (out?.data as { dtoList: Repayment[] } | undefined)?.dtoList[0];
        // The operator decides the repayment in review.
        for (const r of mine(c, 'repayment')) {
          if (latest?.status === 1) office.approveRepayment(r.id);
          if (latest?.status === 2) office.rejectRepayment(r.id, 'not enough');
        }
      }
      if (e.type === 'xstate.done.actor.repay' && out?.code === 23552) {
        reached("loan.arrange: e.type === 'xstate.done.actor.repay' && out?.code === 23552");
        // Another tab repaid first.
        const loan = await serverLoan(c);
        const r = await c.world.api.call('addUserLoanRepay', {
          loanId: loan!.id,
          loanUid: loan!.uid,
          amount: 100,
        });
        expect(r.code).toBe(0);
      }
    },
    states: {
      checking: (s, c) => {
        // The request that went through is announced as it is checked again.
        expect(noticesOf(c)).toEqual(
          (s as Snap).context.lastSaved === 'request' ? ['submit_success_please_wait'] : [],
        );
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.status).toBe(-1);
      },
      failed: (s, c) => {
        expect((s as Snap).context.failure).toBe(1012);
        expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)/);
      },
      review: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.status).toBe(0);
        expect((await serverLoan(c))?.status).toBe(0);
        if (ctx.lastSaved) {
          reached('loan.review: ctx.lastSaved');
          expect(ctx.lastSaved).toBe('request');
        }
      },
      request: async (s, c) => {
        const ctx = (s as Snap).context;
        // Nothing awaited while a call is in flight: the step after it must see it land.
        if (s.hasTag('busy')) return;
        const loan = await serverLoan(c);
        // No loan (null reads 100), rejected or repaid.
        expect(ctx.status).toBe(loan?.status ?? 100);
        expect([2, 3, 100]).toContain(ctx.status);
        const f = ctx.form;
        expect(f.amount).toBeGreaterThanOrEqual(LOAN_AMOUNT.min);
        expect(f.amount).toBeLessThanOrEqual(LOAN_AMOUNT.max);
        expect((f.amount - LOAN_AMOUNT.min) % LOAN_AMOUNT.step).toBe(0);
        expect(f.days).toBeGreaterThanOrEqual(LOAN_DAYS.min);
        expect(f.days).toBeLessThanOrEqual(LOAN_DAYS.max);
        if (ctx.message) {
          reached('loan.request: ctx.message');
          expect(ctx.message).toBe('p_bind_email_first');
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1156\)/);
          const info = await c.world.api.call('userInfo');
          expect(info.data?.email).toBeUndefined();
        }
      },
      'request.editing': (s, c) => {
        const ctx = (s as Snap).context;
        if (ctx.errors.guarantor) {
          reached('loan.request.editing: ctx.errors.guarantor');
          expect(ctx.errors.guarantor).toBe('p_loan_guarantor');
        }
        if (ctx.failure === 1050) {
          reached('loan.request.editing: ctx.failure === 1050');
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1050\)/);
        }
      },
      'request.submitting': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.form.guarantor).not.toBe('');
      },
      active: async (s, c) => {
        const ctx = (s as Snap).context;
        // Nothing awaited while a call is in flight: the step after it must see it land.
        if (s.hasTag('busy')) return;
        const loan = await serverLoan(c);
        expect([1, 4]).toContain(ctx.status);
        expect(loan?.id).toBe(ctx.loan?.id);
        expect(ctx.overdue).toBe(ctx.status === 4);
        // What is owed: the amount less the approved repayments, as the server counts it.
        const r = await c.world.api.call('userLoanRepay', {
          loanId: ctx.loan!.id,
          loanUid: ctx.loan!.uid,
        });
        expect(r.code).toBe(0);
        const list = r.data?.dtoList ?? [];
        if (!s.matches('active.recordsFailed' as never)) {
          reached("loan.active: !s.matches('active.recordsFailed' as never)");
          expect(ctx.records).toEqual(list);
          const approved = list.filter((x) => x.status === 1).reduce((a, x) => a + x.amount, 0);
          expect(ctx.owed).toBe(ctx.loan!.amount - approved);
          // Read from the server's amountOwed, not recounted.
          expect(ctx.owed).toBe(list[0]?.amountOwed ?? ctx.loan!.amount);
          expect(ctx.rejected).toBe(list[0]?.status === 2);
        }
      },
      'active.loadingRecords': (s, c) => {
        expect(s.hasTag('busy')).toBe(true);
        // A repayment that went through is announced as the records are read again.
        expect(noticesOf(c)).toEqual(
          (s as Snap).context.lastSaved === 'repay' ? ['submit_success_please_wait'] : [],
        );
      },
      'active.recordsFailed': (s, c) => {
        expect((s as Snap).context.failure).toBe(1012);
        expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)/);
      },
      'active.idle': (s) => {
        expect(s.hasTag('waiting')).toBe(false);
        // Nothing in review: none yet, approved, or rejected (then with p_loan_repayment_reject).
        const ctx = (s as Snap).context;
        expect([1, 2]).toContain(ctx.records[0]?.status ?? 1);
        expect(ctx.rejected).toBe(ctx.records[0]?.status === 2);
        expect(s.can({ type: 'repay.click' })).toBe(true);
      },
      'active.sliding': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.repayAmount).toBeGreaterThanOrEqual(0);
        expect(ctx.repayAmount).toBeLessThanOrEqual(ctx.owed);
        if (ctx.repayAmount !== ctx.owed) {
          reached('loan.active.sliding: ctx.repayAmount !== ctx.owed');
          expect(ctx.repayAmount % 100).toBe(0);
        }
        if (ctx.repayError) {
          reached('loan.active.sliding: ctx.repayError');
          expect(ctx.repayError).toBe('p_loan_repayment_no_zero');
        }
      },
      'active.repaying': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.repayAmount).toBeGreaterThan(0);
      },
      'active.waiting': (s) => {
        expect(s.hasTag('waiting')).toBe(true);
        // Only while the latest repayment is in review.
        const ctx = (s as Snap).context;
        expect(ctx.records[0]?.status).toBe(0);
        expect(ctx.rejected).toBe(false);
      },
    },
  };
}

export const specs: PathSpec[] = (
  ['new', 'rejected', 'review', 'active', 'overdue', 'phone'] as const
).map(spec);

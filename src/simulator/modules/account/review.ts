/**
 * The back office's reviews: deposits, withdrawals, verification (full and
 * junior), loans and repayments, each approved or rejected with a reason.
 * Rejections notify the user (629006 deposit, 629005 withdrawal, 629007
 * verification, 629021 loan; a rejected repayment is a 629012 message).
 * Every operation throws when the item is unknown or already decided.
 */
import { acct } from '../../ledger.ts';
import { findUser } from '../../users.ts';
import { kycOf } from './kyc.ts';
import { DAY_MS, owed } from './loans.ts';
import { ALARM, notify, OWN_TEXT } from './notifications.ts';
import { type WalletRequest, type AccountContext } from './state.ts';

/** Something waiting for the operator. */
export interface ReviewItem {
  kind: 'deposit' | 'withdrawal' | 'kyc' | 'juniorKyc' | 'loan' | 'repayment';
  /** Request, loan or repayment id; the uid for verification. */
  id: string;
  uid: string;
  at: number;
  summary: string;
}

export interface ReviewOps {
  /** Everything in review, oldest first. */
  reviews(): ReviewItem[];
  approveDeposit(id: string): void;
  rejectDeposit(id: string, reason: string): void;
  approveWithdrawal(id: string): void;
  rejectWithdrawal(id: string, reason: string): void;
  approveKyc(uid: string, junior?: boolean): void;
  rejectKyc(uid: string, reason: string, junior?: boolean): void;
  approveLoan(id: string): void;
  rejectLoan(id: string, reason: string): void;
  approveRepayment(id: string): void;
  rejectRepayment(id: string, reason: string): void;
}

/** The back office's review operations over one simulator's wallet requests. */
export function reviewOps(ctx: AccountContext): ReviewOps {
  const a = ctx.state.account;
  const request = (id: string, actionType: 0 | 1): WalletRequest => {
    const r = a.walletRequests[id];
    if (!r || r.actionType !== actionType)
      throw new Error(`no ${actionType ? 'withdrawal' : 'deposit'} ${id}`);
    if (r.payState !== 0) throw new Error(`request ${id} is not in review`);
    if (!findUser(ctx, r.uid)) throw new Error(`no user ${r.uid}`);
    return r;
  };
  const decide = (
    r: { payState: number; decidedAt?: number; remark?: string },
    state: 1 | 2,
    reason?: string,
  ) => {
    r.payState = state;
    r.decidedAt = ctx.clock.now();
    if (reason !== undefined) r.remark = reason;
    ctx.persist();
  };
  const kyc = (uid: string, junior: boolean) => {
    if (!findUser(ctx, uid)) throw new Error(`no user ${uid}`);
    const rec = kycOf(ctx, uid, junior);
    if (rec.verifiedStatus !== 1) throw new Error(`verification of ${uid} is not in review`);
    return rec;
  };
  const loan = (id: string, status: number) => {
    const l = a.loans[id];
    if (!l || l.status !== status)
      throw new Error(`loan ${id} is not ${status === 0 ? 'in review' : 'in that state'}`);
    return l;
  };
  const repayment = (id: string) => {
    const r = a.repayments[id];
    if (!r || r.status !== 0) throw new Error(`repayment ${id} is not in review`);
    return r;
  };
  const held = (uid: string, what: string) => acct.held(uid, what);

  return {
    reviews() {
      const items: ReviewItem[] = [];
      for (const r of Object.values(a.walletRequests)) {
        if (r.payState !== 0) continue;
        const kind = r.actionType === 0 ? 'deposit' : 'withdrawal';
        items.push({
          kind,
          id: r.id,
          uid: r.uid,
          at: r.submitTimeTs,
          summary: `${r.payPrice} ${r.currency} (${r.usd} USD)`,
        });
      }
      for (const [junior, book] of [
        [false, a.kyc],
        [true, a.junior],
      ] as const) {
        for (const [uid, k] of Object.entries(book)) {
          if (k.verifiedStatus !== 1) continue;
          items.push({
            kind: junior ? 'juniorKyc' : 'kyc',
            id: uid,
            uid,
            at: k.submittedAt ?? 0,
            summary: `${k.realName} ${k.idCard}`,
          });
        }
      }
      for (const l of Object.values(a.loans)) {
        if (l.status === 0)
          items.push({
            kind: 'loan',
            id: l.id,
            uid: l.uid,
            at: l.createdAt,
            summary: `${l.amount} for ${l.days} days, guarantor ${l.guarantor}`,
          });
      }
      for (const r of Object.values(a.repayments)) {
        if (r.status === 0)
          items.push({
            kind: 'repayment',
            id: r.id,
            uid: r.uid,
            at: r.createTime,
            summary: `${r.amount} of ${r.amountOwed} on loan ${r.loanId}`,
          });
      }
      return items.sort((x, y) => x.at - y.at);
    },
    approveDeposit(id) {
      const r = request(id, 0);
      ctx.ledger.transfer(acct.deposits(r.uid, 'USD'), acct.cash(r.uid, 'real'), r.usd);
      decide(r, 1);
    },
    rejectDeposit(id, reason) {
      const r = request(id, 0);
      decide(r, 2, reason);
      notify(ctx, r.uid, {
        alarmType: ALARM.depositRejected,
        title: 'Deposit rejected',
        remark: reason,
        paymentPrice: Number(r.payPrice),
        content: `Your deposit of ${r.payPrice} ${r.currency} was rejected: ${reason}`,
      });
    },
    approveWithdrawal(id) {
      const r = request(id, 1);
      const h = held(r.uid, `withdraw:${r.id}`);
      ctx.ledger.transfer(h, acct.fees('real'), r.feeUsd ?? '0');
      ctx.ledger.sweep(h, acct.withdrawals(r.uid, 'USD'));
      decide(r, 1);
    },
    rejectWithdrawal(id, reason) {
      const r = request(id, 1);
      ctx.ledger.sweep(held(r.uid, `withdraw:${r.id}`), acct.cash(r.uid, 'real'));
      decide(r, 2, reason);
      notify(ctx, r.uid, {
        alarmType: ALARM.withdrawalRejected,
        title: 'Withdrawal rejected',
        remark: reason,
        paymentPrice: Number(r.payPrice),
        content: `Your withdrawal of ${r.payPrice} ${r.currency} was rejected and returned to your balance: ${reason}`,
      });
    },
    approveKyc(uid, junior = false) {
      const rec = kyc(uid, junior);
      rec.verifiedStatus = 2;
      delete rec.remark;
      ctx.persist();
    },
    rejectKyc(uid, reason, junior = false) {
      const rec = kyc(uid, junior);
      rec.verifiedStatus = 3;
      rec.remark = reason;
      notify(ctx, uid, {
        alarmType: ALARM.kycRejected,
        title: 'Identity verification rejected',
        remark: reason,
        content: `Your identity verification was rejected: ${reason}`,
      });
    },
    approveLoan(id) {
      const l = loan(id, 0);
      const now = ctx.clock.now();
      ctx.ledger.transfer(acct.loans(), acct.cash(l.uid, 'real'), l.amount);
      Object.assign(l, { status: 1, approvedAt: now, repaymentDate: now + l.days * DAY_MS });
      ctx.persist();
    },
    rejectLoan(id, reason) {
      const l = loan(id, 0);
      Object.assign(l, { status: 2, reason });
      notify(ctx, l.uid, {
        alarmType: ALARM.loanRejected,
        title: 'Loan rejected',
        remark: reason,
        content: `Your loan request of ${l.amount} was rejected: ${reason}`,
      });
    },
    approveRepayment(id) {
      const r = repayment(id);
      ctx.ledger.sweep(held(r.uid, `repay:${r.id}`), acct.loans());
      r.status = 1;
      const l = a.loans[r.loanId];
      if (l && owed(ctx, l) <= 0) l.status = 3;
      ctx.persist();
    },
    rejectRepayment(id, reason) {
      const r = repayment(id);
      ctx.ledger.sweep(held(r.uid, `repay:${r.id}`), acct.cash(r.uid, 'real'));
      Object.assign(r, { status: 2, reason });
      notify(ctx, r.uid, {
        alarmType: ALARM.message,
        actionType: OWN_TEXT,
        title: 'Loan repayment rejected',
        remark: reason,
        content: `Your repayment of ${r.amount} was rejected and returned to your balance: ${reason}`,
      });
    },
  };
}

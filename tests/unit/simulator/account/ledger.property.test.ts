/**
 * Property: whatever sequence of deposits, withdrawals (crypto and bank, with
 * both fee types), wallet transfers and loans users go through — approved,
 * rejected or left in review — money is neither created nor destroyed (the
 * ledger sums to zero), no user account goes negative, and what is held
 * equals what is in review.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeFields,
  encodeSensitive,
  SENSITIVE_BANK_FIELDS,
} from '../../../../src/api/aes-codec.ts';
import type { TestWorld } from '../../../support/sim.ts';
import { deposit, ledgerHolds, seeded, world } from './helpers.ts';

type Decision = 'approve' | 'reject' | 'leave';
type Op =
  | { op: 'deposit'; cents: number; decision: Decision }
  | { op: 'withdraw'; net: '101' | '103' | 'bank'; permille: number; decision: Decision }
  | { op: 'transfer'; currId: '2' | '3' | '4' | '5'; type: 0 | 1; permille: number }
  | { op: 'loan'; steps: number; decision: Decision }
  | { op: 'repay'; hundreds: number; decision: Decision };

const decision = fc.constantFrom<Decision>('approve', 'reject', 'leave');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    cents: fc.integer({ min: 100_000, max: 5_000_000 }),
    decision,
  }),
  fc.record({
    op: fc.constant('withdraw' as const),
    net: fc.constantFrom('101' as const, '103' as const, 'bank' as const),
    permille: fc.integer({ min: 1, max: 1100 }),
    decision,
  }),
  fc.record({
    op: fc.constant('transfer' as const),
    currId: fc.constantFrom('2' as const, '3' as const, '4' as const, '5' as const),
    type: fc.constantFrom(0 as const, 1 as const),
    permille: fc.integer({ min: 1, max: 1100 }),
  }),
  fc.record({ op: fc.constant('loan' as const), steps: fc.integer({ min: 0, max: 95 }), decision }),
  fc.record({
    op: fc.constant('repay' as const),
    hundreds: fc.integer({ min: 1, max: 1000 }),
    decision,
  }),
);

const COINS = { '2': 'USDT', '3': 'BTC', '4': 'ETH', '5': 'TRX' } as const;
const cashOf = (w: TestWorld, uid: string) => w.sim.ctx.ledger.balance(`u:${uid}:real:USD`);
const priceOf = (w: TestWorld, symbol: string) =>
  new Big(w.sim.ctx.prices.priceAt(symbol, w.clock.now()));

/** Decide the newest item of a kind in review, as the back office would. */
function review(w: TestWorld, kind: string, d: Decision): void {
  const item = w.sim.backOffice
    .reviews()
    .filter((r) => r.kind === kind)
    .at(-1);
  if (!item || d === 'leave') return;
  const bo = w.sim.backOffice;
  const ops: Record<string, [(id: string) => void, (id: string, why: string) => void]> = {
    deposit: [bo.approveDeposit, bo.rejectDeposit],
    withdrawal: [bo.approveWithdrawal, bo.rejectWithdrawal],
    loan: [bo.approveLoan, bo.rejectLoan],
    repayment: [bo.approveRepayment, bo.rejectRepayment],
  };
  const [approve, reject] = ops[kind] ?? [];
  if (d === 'approve') approve?.(item.id);
  else reject?.(item.id, 'property test');
}

async function run(
  w: TestWorld,
  uid: string,
  o: Op,
  ids: { wallet: string; btc: string; card: string; guarantor: string },
) {
  const { api } = w;
  switch (o.op) {
    case 'deposit':
      await deposit(w, new Big(o.cents).div(100).toString());
      return review(w, 'deposit', o.decision);
    case 'withdraw': {
      // A share of the balance (sometimes more than all of it), in the network's coin.
      const share = cashOf(w, uid).times(o.permille).div(1000);
      const num = (
        o.net === '103'
          ? share.div(priceOf(w, 'BTCUSDT')).round(5, Big.roundDown)
          : share.round(2, Big.roundDown)
      ).toString();
      if (o.net === 'bank')
        await api.call('userWithdraw', {
          num,
          practicalNum: '',
          userBankId: ids.card,
          withdrawType: 1,
          locale: 'en',
        });
      else
        await api.call('userWithdraw', {
          num,
          practicalNum: '',
          currencyId: o.net === '101' ? ids.wallet : ids.btc,
          locale: 'en',
        });
      return review(w, 'withdrawal', o.decision);
    }
    case 'transfer': {
      const code = COINS[o.currId];
      const price = code === 'USDT' ? new Big(1) : priceOf(w, `${code}USDT`);
      const from =
        o.type === 0
          ? cashOf(w, uid).div(price)
          : w.sim.ctx.ledger.balance(`u:${uid}:wallet:${code}`);
      const num = from.times(o.permille).div(1000).round(4, Big.roundDown).toString();
      await api.call('transformWallet', { currId: o.currId, curr: '', type: o.type, num });
      return;
    }
    case 'loan':
      await api.call('addUserLoan', {
        amount: 50_000 + o.steps * 10_000,
        days: 7,
        guarantor: ids.guarantor,
        remark: '',
      });
      return review(w, 'loan', o.decision);
    case 'repay': {
      const loan = (await api.call('userLoanCheck')).data?.dto;
      if (loan)
        await api.call('addUserLoanRepay', {
          loanId: loan.id,
          loanUid: uid,
          amount: o.hundreds * 100,
        });
      return review(w, 'repayment', o.decision);
    }
  }
}

/** Held money equals the USD of withdrawals in review plus repayments in review. */
function heldMatchesReview(w: TestWorld, uid: string): void {
  const held = w.sim.ctx.ledger
    .accounts(`u:${uid}:held:`)
    .reduce((s, [, v]) => s.plus(v), new Big(0));
  const a = w.sim.ctx.state.account;
  const inReview = Object.values(a.walletRequests)
    .filter((r) => r.actionType === 1 && r.payState === 0)
    .reduce((s, r) => s.plus(r.usd), new Big(0))
    .plus(
      Object.values(a.repayments)
        .filter((r) => r.status === 0)
        .reduce((s, r) => s.plus(r.amount), new Big(0)),
    );
  expect(held.toString()).toBe(inReview.toString());
}

describe('wallet ledger', () => {
  it('conserves money and keeps every user account at or above zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100_000, max: 20_000_000 }),
        fc.array(op, { minLength: 1, maxLength: 25 }),
        async (first, ops) => {
          const w = await world();
          const g = await seeded(w);
          const { uid } = await seeded(w, { email: 'prop@example.com' });
          const key = w.sim.ctx.state.users[uid]?.aesKey ?? '';
          await w.api.call('addUserWallet', {
            currencyId: '101',
            cryptocurrencyAddress: await encodeSensitive(key, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
          });
          await w.api.call('addUserWallet', {
            currencyId: '103',
            cryptocurrencyAddress: await encodeSensitive(
              key,
              'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            ),
          });
          await w.api.call(
            'addUserBankCard',
            await encodeFields(
              key,
              { bankName: 'B', name: 'N', account: '12345678' },
              SENSITIVE_BANK_FIELDS,
            ),
          );
          const wallets =
            (await w.api.call('userWallet', { pageNum: 1, pageSize: 1000 })).data?.list ?? [];
          const ids = {
            wallet: wallets.find((x) => x.currencyId === '101')?.walletId ?? '',
            btc: wallets.find((x) => x.currencyId === '103')?.walletId ?? '',
            card:
              (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 })).data?.list[0]
                ?.id ?? '',
            guarantor: g.uid,
          };
          await run(w, uid, { op: 'deposit', cents: first, decision: 'approve' }, ids);
          for (const o of ops) {
            await run(w, uid, o, ids);
            w.clock.advance(1000);
            ledgerHolds(w);
            heldMatchesReview(w, uid);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** No call lets one user read or change another user's cards, addresses, loans, notifications or requests. */
import { describe, expect, it } from 'vitest';
import {
  encodeFields,
  encodeSensitive,
  SENSITIVE_BANK_FIELDS,
} from '../../../../src/api/aes-codec.ts';
import type { TestWorld } from '../../../support/sim.ts';
import { funded, seeded, world } from './helpers.ts';

const keyOf = (w: TestWorld, uid: string) => w.sim.ctx.state.users[uid]?.aesKey ?? '';

/** User A with a card, an address, an active loan, a notification and a withdrawal in review; then B signed in. */
async function twoUsers() {
  const w = await world();
  const g = await seeded(w);
  const a = await seeded(w, { email: 'a@example.com' });
  await funded(w, a.uid, '5000');
  const key = keyOf(w, a.uid);
  await w.api.call(
    'addUserBankCard',
    await encodeFields(
      key,
      { bankName: 'A Bank', name: 'Ann', account: '11112222' },
      SENSITIVE_BANK_FIELDS,
    ),
  );
  await w.api.call('addUserWallet', {
    currencyId: '101',
    cryptocurrencyAddress: await encodeSensitive(key, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
  });
  await w.api.call('addUserLoan', { amount: 50000, days: 7, guarantor: g.uid, remark: '' });
  const loanId = (await w.api.call('userLoanCheck')).data?.dto?.id ?? '';
  w.sim.backOffice.approveLoan(loanId);
  const card = (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 })).data?.list[0];
  const wallet = (await w.api.call('userWallet', { pageNum: 1, pageSize: 1000 })).data?.list[0];
  await w.api.call('userWithdraw', {
    currencyId: wallet?.walletId ?? '',
    num: '100',
    practicalNum: '75',
    locale: 'en',
  });
  w.sim.backOffice.sendMessage(a.uid, 'For A', 'private');
  const note = (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list[0];
  const b = await seeded(w, { email: 'b@example.com' });
  await funded(w, b.uid, '5000');
  return {
    w,
    a: a.uid,
    b: b.uid,
    cardId: card?.id ?? '',
    walletId: wallet?.walletId ?? '',
    loanId,
    noteId: note?.id ?? '',
  };
}

describe('ownership', () => {
  it("B cannot read, edit, delete or withdraw to A's bank card (1008), and does not see it listed", async () => {
    const { w, b, cardId } = await twoUsers();
    expect((await w.api.call('userBankCard', { id: cardId })).code).toBe(1008);
    const edit = await encodeFields(
      keyOf(w, b),
      { id: cardId, bankName: 'Hijack', name: 'Bob', account: '99990000' },
      SENSITIVE_BANK_FIELDS,
    );
    expect((await w.api.call('editUserBankCard', edit)).code).toBe(1008);
    expect((await w.api.call('deleteUserBankCard', { id: cardId })).code).toBe(1008);
    expect(
      (
        await w.api.call('userWithdraw', {
          num: '100',
          practicalNum: '99.8',
          userBankId: cardId,
          withdrawType: 1,
          locale: 'en',
        })
      ).code,
    ).toBe(1008);
    expect(
      (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 })).data?.list,
    ).toEqual([]);
    expect(w.sim.ctx.state.account.cards[cardId]?.bankName).toBe('A Bank');
  });

  it("B cannot delete or withdraw to A's saved address (1037, 1051), and does not see it listed", async () => {
    const { w, walletId } = await twoUsers();
    expect((await w.api.call('deleteUserWallet', { walletId })).code).toBe(1037);
    expect(
      (await w.api.call('withdrawWalletCalculate', { currencyId: walletId, num: '100' })).code,
    ).toBe(1051);
    expect(
      (
        await w.api.call('userWithdraw', {
          currencyId: walletId,
          num: '100',
          practicalNum: '75',
          locale: 'en',
        })
      ).code,
    ).toBe(1051);
    expect((await w.api.call('userWallet', { pageNum: 1, pageSize: 1000 })).data?.list).toEqual([]);
    expect(w.sim.ctx.state.account.addresses[walletId]).toBeDefined();
  });

  it("B cannot read or repay A's loan (1008, 1039) and sees no loan of their own", async () => {
    const { w, a, loanId } = await twoUsers();
    expect((await w.api.call('userLoanCheck')).data).toEqual({ dto: null });
    expect((await w.api.call('userLoanRepay', { loanId, loanUid: a })).code).toBe(1008);
    expect((await w.api.call('addUserLoanRepay', { loanId, loanUid: a, amount: 100 })).code).toBe(
      1039,
    );
    expect(Object.values(w.sim.ctx.state.account.repayments)).toEqual([]);
  });

  it("B cannot read or mark A's notifications (1008) and counts none", async () => {
    const { w, noteId } = await twoUsers();
    expect((await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list).toEqual([]);
    expect((await w.api.call('unreadCount')).data).toEqual({ count: 0 });
    expect((await w.api.call('userUpdateNotification', { ids: [noteId] })).code).toBe(1008);
    expect(w.sim.ctx.state.account.notifications[noteId]?.readStatus).toBe(0);
  });

  it("B sees none of A's deposit and withdrawal records and is not locked by A's withdrawal in review", async () => {
    const { w, b } = await twoUsers();
    const recs = (await w.api.call('uesrRecharge', { pageNum: 1, pageSize: 10 })).data?.list ?? [];
    expect(recs.every((r) => w.sim.ctx.state.account.walletRequests[r.id]?.uid === b)).toBe(true);
    expect(recs).toHaveLength(1);
    expect((await w.api.call('withdrawStatus')).code).toBe(0);
  });
});

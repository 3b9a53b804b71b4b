/**
 * The user-centre rules the account machines share (user-centre.md §5, §9):
 * what each check answers, slider snapping, the bank card as sent, the
 * avatar read back as a file, and the bank-info fields kept out of the form
 * when the setting is off.
 */
import { describe, expect, it } from 'vitest';
import {
  bankCardMachine,
  cardPayload,
  CARD_FIELDS,
  type CardForm,
} from '../../../../src/machines/bankCard/machine.ts';
import { LOAN_AMOUNT, LOAN_DAYS, REPAY_STEP } from '../../../../src/machines/loan/machine.ts';
import { AVATAR } from '../../../../src/machines/profile/machine.ts';
import { dataUrlToBlob } from '../../../../src/machines/validation/wallet.ts';
import {
  checkBankCard,
  checkBindEmail,
  checkGuarantor,
  checkImage,
  checkNickname,
  checkPasswordLength,
  checkRepayment,
  checkRepeat,
  snap,
  storedPhone,
} from '../../../../src/machines/validation/account.ts';

const form = (f: Partial<CardForm>): CardForm => ({
  ...(Object.fromEntries(CARD_FIELDS.map((k) => [k, ''])) as CardForm),
  ...f,
});

describe('account rules', () => {
  it('profile: nickname required, images by extension and size', () => {
    expect(checkNickname('  ')).toBe('p_t_nickname');
    expect(checkNickname('Ann')).toBeUndefined();
    expect(checkImage({ name: 'a.PNG', size: 10 }, AVATAR)).toBeUndefined();
    expect(checkImage({ name: 'a.heic', size: AVATAR.maxBytes }, AVATAR)).toBeUndefined();
    expect(checkImage({ name: 'a.gif', size: 10 }, AVATAR)).toBe('illegal_extension');
    expect(checkImage({ name: 'noext', size: 10 }, AVATAR)).toBe('illegal_extension');
    expect(checkImage({ name: 'a.jpeg', size: AVATAR.maxBytes + 1 }, AVATAR)).toBe('upload_limit');
  });

  it('password: at least 7 characters, repeat equal', () => {
    expect(checkPasswordLength('123456')).toBe('password_limit');
    expect(checkPasswordLength('1234567')).toBeUndefined();
    expect(checkRepeat('abcdefg', 'abcdefh')).toBe('confirmPsdTip');
    expect(checkRepeat('abcdefg', 'abcdefg')).toBeUndefined();
  });

  it('bank card: required fields, optional valid phone stored bare', () => {
    expect(checkBankCard(form({}))).toEqual({
      bankName: 'p_t_bank_name',
      name: 'p_t_payee_name',
      account: 'p_t_bank_account',
    });
    const ok = form({ bankName: 'B', name: 'N', account: 'A1234' });
    expect(checkBankCard(ok)).toEqual({});
    expect(checkBankCard({ ...ok, phoneNumber: '12345' })).toEqual({
      phoneNumber: 'wrong_phone_number',
    });
    expect(checkBankCard({ ...ok, phoneNumber: '+44 7911 123456' })).toEqual({});
    expect(storedPhone('+44 7911 123456')).toBe('447911123456');
    expect(storedPhone('  ')).toBe('');
  });

  it('bank card as sent: trimmed, empty fields left out, bank info only when shown', () => {
    const f = form({ bankName: ' B ', name: 'N', account: 'A1234', insNum: '001', traNum: '7' });
    expect(cardPayload(f, false)).toEqual({ bankName: 'B', name: 'N', account: 'A1234' });
    expect(cardPayload(f, true)).toEqual({
      bankName: 'B',
      name: 'N',
      account: 'A1234',
      insNum: '001',
      traNum: '7',
    });
  });

  it('bank card form: insNum and traNum cannot be typed without the bank-info setting', () => {
    // The form itself: which changes the machine accepts.
    const snapshot = bankCardMachine.resolveState({
      value: { form: 'idle' },
      context: {
        start: 'list',
        startId: undefined,
        bankInfo: false,
        cards: [],
        editingId: undefined,
        form: form({}),
        errors: {},
        failure: undefined,
        outcome: undefined,
      },
    });
    expect(snapshot.can({ type: 'field.change', field: 'insNum', value: '1' })).toBe(false);
    expect(snapshot.can({ type: 'field.change', field: 'bankName', value: 'B' })).toBe(true);
    const shown = bankCardMachine.resolveState({
      value: { form: 'idle' },
      context: { ...snapshot.context, bankInfo: true },
    });
    expect(shown.can({ type: 'field.change', field: 'traNum', value: '1' })).toBe(true);
  });

  it('loan: guarantor required, repayment not zero, sliders snap to their steps', () => {
    expect(checkGuarantor(' ')).toBe('p_loan_guarantor');
    expect(checkGuarantor('100001')).toBeUndefined();
    expect(checkRepayment(0)).toBe('p_loan_repayment_no_zero');
    expect(checkRepayment(100)).toBeUndefined();
    const amount = (v: number) => snap(v, LOAN_AMOUNT.min, LOAN_AMOUNT.max, LOAN_AMOUNT.step);
    expect(amount(123_456)).toBe(120_000);
    expect(amount(125_000)).toBe(130_000);
    expect(amount(1)).toBe(50_000);
    expect(amount(9e9)).toBe(1_000_000);
    expect(amount(Number.NaN)).toBe(50_000);
    expect(snap(16.4, LOAN_DAYS.min, LOAN_DAYS.max, LOAN_DAYS.step)).toBe(16);
    // The sliders' figures as user-centre.md §9 gives them.
    expect(LOAN_AMOUNT).toEqual({
      min: 50_000,
      max: 1_000_000,
      step: 10_000,
      default: 50_000,
      marks: [50_000, 500_000, 1_000_000],
    });
    expect(LOAN_DAYS).toEqual({ min: 7, max: 30, step: 1, default: 7, marks: [7, 15, 30] });
    expect(REPAY_STEP).toBe(100);
    // Repayment: 0..owed in steps of 100; the amount owed itself is reachable off-step.
    expect(snap(1_234, 0, 59_950, REPAY_STEP)).toBe(1_200);
    expect(snap(59_940, 0, 59_950, REPAY_STEP)).toBe(59_900);
    expect(snap(1e9, 0, 59_950, REPAY_STEP)).toBe(59_950);
    expect(snap(500, 0, 0, REPAY_STEP)).toBe(0);
  });

  it('bind e-mail: an e-mail pattern, at most 140 characters', () => {
    expect(checkBindEmail('a@b.co')).toBeUndefined();
    expect(checkBindEmail('not-an-email')).toBe('wrong_email');
    expect(checkBindEmail(`${'a'.repeat(135)}@b.com`)).toBe('wrong_email');
    expect(checkBindEmail(`${'a'.repeat(134)}@b.com`)).toBeUndefined();
  });

  it('avatar data URL back to a file', async () => {
    const blob = dataUrlToBlob('data:image/png;base64,iVBORw0KGgo=');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())].slice(0, 4)).toEqual([
      0x89, 0x50, 0x4e, 0x47,
    ]);
  });
});

/** The wallet area's rules (user-centre.md §5): amounts, images, withdraw bounds and fee verdicts. */
import { describe, expect, it } from 'vitest';
import type { FeeInfo } from '../../../../src/api/types/user.ts';
import {
  amountInput,
  checkAuthEmail,
  checkDepositAmount,
  checkFee,
  checkImage,
  checkTransferAmount,
  checkWithdrawAmount,
  dataUrlToBlob,
  readImage,
} from '../../../../src/machines/validation/wallet.ts';
import { presentNotification } from '../../../../src/machines/notifications/machine.ts';
import { png, PNG_URL } from '../../../paths/specs/network.ts';

const MB = 1024 * 1024;
const fee = (p: Partial<FeeInfo>): FeeInfo => ({
  feeType: 'FIX_AMOUNT',
  feeNum: '25',
  feeUsd: '25.00',
  practical: '975',
  isOver: false,
  afterBalance: '1000.00',
  ...p,
});

describe('amount inputs', () => {
  it('keep digits and one dot, drop a leading dot, and cut the decimals', () => {
    expect(amountInput('12a.3.4', 4)).toBe('12.34');
    expect(amountInput('.5', 5)).toBe('5');
    expect(amountInput('1.123456', 5)).toBe('1.12345');
    expect(amountInput('0.00001', 4)).toBe('0.0000');
    expect(amountInput('-3', 4)).toBe('3');
  });

  it('deposit: required, no leading dot, more than zero', () => {
    expect(checkDepositAmount('')).toBe('p_t_deposit_amount');
    expect(checkDepositAmount('.5')).toBe('p_t_deposit_amount');
    expect(checkDepositAmount('0.00')).toBe('deposit_amount_positive');
    expect(checkDepositAmount('1500')).toBeUndefined();
  });

  it('transfer: required and not zero', () => {
    expect(checkTransferAmount('')).toBe('p_t_transfer_amount');
    expect(checkTransferAmount('0.0000')).toBe('transfer_amount_no_zero');
    expect(checkTransferAmount('0.0001')).toBeUndefined();
  });
});

describe('withdraw', () => {
  const limits = { min: 100, max: 10_000_000, coin: 'USDT' };
  it('accepts the bounds themselves and nothing outside them', () => {
    expect(checkWithdrawAmount('100', limits)).toBeUndefined();
    expect(checkWithdrawAmount('10000000', limits)).toBeUndefined();
    expect(checkWithdrawAmount('99.99999', limits)).toBe('withdraw_amount_limit_front');
    expect(checkWithdrawAmount('10000000.00001', limits)).toBe('withdraw_amount_limit_front');
    expect(checkWithdrawAmount('', limits)).toBe('withdraw_amount_limit_front');
  });

  it('judges a calculation: fee type first, then the balance, then the practical amount', () => {
    expect(checkFee(fee({}))).toBeUndefined();
    expect(checkFee(fee({ feeType: 'PERCENTAGE' }))).toBeUndefined();
    expect(checkFee(fee({ feeType: '', isOver: true }))).toBe('Not support feeType');
    expect(checkFee(fee({ isOver: true, practical: '0' }))).toBe('insufficient_balance');
    expect(checkFee(fee({ practical: '0' }))).toBe('practicalNum_rule');
    expect(checkFee(fee({ practical: '-5' }))).toBe('practicalNum_rule');
  });
});

describe('images', () => {
  it('allow heic, jpg, jpeg and png up to 10 MB', () => {
    expect(checkImage({ name: 'ID.HEIC', size: 10 * MB, type: '' })).toBeUndefined();
    expect(checkImage({ name: 'a.jpeg', size: 1, type: 'image/jpeg' })).toBeUndefined();
    expect(checkImage({ name: 'a.gif', size: 1, type: 'image/gif' })).toBe('illegal_extension');
    expect(checkImage({ name: 'png', size: 1, type: 'image/png' })).toBe('illegal_extension');
    expect(checkImage({ name: 'a.png', size: 10 * MB + 1, type: 'image/png' })).toBe(
      'upload_limit',
    );
  });

  it('read into a data URL and back into the same bytes; a renamed file is refused', async () => {
    const url = await readImage(png());
    expect(url).toBe(PNG_URL);
    const back = dataUrlToBlob(url);
    expect(back.type).toBe('image/png');
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(
      new Uint8Array(await png().arrayBuffer()),
    );
    await expect(readImage(new Blob(['not a picture']))).rejects.toThrow();
  });

  it('verification e-mail is optional', () => {
    expect(checkAuthEmail('')).toBeUndefined();
    expect(checkAuthEmail('ann@example.com')).toBeUndefined();
    expect(checkAuthEmail('ann@')).toBe('wrong_email');
  });
});

describe('notifications', () => {
  const base = { id: '1', readStatus: 0 as const, title: 'T', content: 'C', timeStamp: 0 };
  it('use their own text for actionType 4, else the alarm type; the amount only on rejected payments', () => {
    expect(presentNotification({ ...base, alarmType: 629012, actionType: 4 })).toMatchObject({
      title: 'T',
      ownText: true,
    });
    expect(
      presentNotification({ ...base, alarmType: 629005, actionType: 1, paymentPrice: 1000 }),
    ).toMatchObject({ title: 'alarm.629005', ownText: false, paymentPrice: 1000 });
    expect(
      presentNotification({ ...base, alarmType: 629007, actionType: 1, paymentPrice: 5 }),
    ).toMatchObject({ title: 'alarm.629007', paymentPrice: undefined });
  });
});

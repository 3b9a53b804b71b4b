/** Bank cards: CRUD with the sensitive fields encoded both ways. */
import { describe, expect, it } from 'vitest';
import {
  decodeFields,
  encodeFields,
  SENSITIVE_BANK_FIELDS,
} from '../../../../src/api/aes-codec.ts';
import type { BankCardInput } from '../../../../src/api/types/user.ts';
import type { TestWorld } from '../../../support/sim.ts';
import { MAX_SAVED_CARDS } from '../../../../src/simulator/modules/account/cards.ts';
import { bankCard, seeded, world } from './helpers.ts';

const CARD: BankCardInput = bankCard();

const keyOf = (w: TestWorld, uid: string) => w.sim.ctx.state.users[uid]?.aesKey ?? '';

describe('bank cards', () => {
  it('adds, lists, reads, edits and deletes a card; sensitive fields travel encoded', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = keyOf(w, uid);
    expect(
      (await w.api.call('addUserBankCard', await encodeFields(key, CARD, SENSITIVE_BANK_FIELDS)))
        .code,
    ).toBe(0);
    const [listed] =
      (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 })).data?.list ?? [];
    expect(listed?.account).not.toBe(CARD.account);
    if (!listed) throw new Error('no card listed');
    const plain = await decodeFields(key, listed, SENSITIVE_BANK_FIELDS);
    expect(plain).toMatchObject({ ...CARD, phoneNumber: '447700900123', id: listed.id });
    const one = (await w.api.call('userBankCard', { id: listed.id })).data?.dto;
    expect(one).toEqual(listed);
    const edited = await encodeFields(
      key,
      { ...plain, bankName: 'Other Bank', account: '12345678' },
      SENSITIVE_BANK_FIELDS,
    );
    expect((await w.api.call('editUserBankCard', edited)).code).toBe(0);
    const after = (await w.api.call('userBankCard', { id: listed.id })).data?.dto;
    expect(after?.bankName).toBe('Other Bank');
    expect((await decodeFields(key, after ?? CARD, SENSITIVE_BANK_FIELDS)).account).toBe(
      '12345678',
    );
    expect((await w.api.call('deleteUserBankCard', { id: listed.id })).code).toBe(0);
    expect((await w.api.call('userBankCard', { id: listed.id })).code).toBe(1008);
  });

  it('answers 1001 without bank name, payee or account, 1016 undecodable, bad account or phone, 23558 markup', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = keyOf(w, uid);
    const add = async (card: Partial<BankCardInput>, encode = true) =>
      (
        await w.api.call(
          'addUserBankCard',
          (encode ? await encodeFields(key, card, SENSITIVE_BANK_FIELDS) : card) as BankCardInput,
        )
      ).code;
    expect(await add({ ...CARD, bankName: '' })).toBe(1001);
    expect(await add({ ...CARD, name: '' })).toBe(1001);
    expect(await add(CARD, false)).toBe(1016);
    expect(await add({ ...CARD, account: '12' })).toBe(1016);
    expect(await add({ ...CARD, phoneNumber: 'call me' })).toBe(1016);
    expect(await add({ ...CARD, bankAddress: '<script>' })).toBe(23558);
  });

  it('answers 23523 when bank cards are switched off', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    w.sim.backOffice.setFlag('user/bankCard', false);
    expect(
      (
        await w.api.call(
          'addUserBankCard',
          await encodeFields(keyOf(w, uid), CARD, SENSITIVE_BANK_FIELDS),
        )
      ).code,
    ).toBe(23523);
    expect((await w.api.call('currencyBanckCardCoinNet')).code).toBe(1008);
  });

  it('answers 1016 past MAX_SAVED_CARDS cards (the list shows up to 1000) and saves nothing', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const cards = w.sim.ctx.state.account.cards;
    const add = async () =>
      (
        await w.api.call(
          'addUserBankCard',
          await encodeFields(keyOf(w, uid), CARD, SENSITIVE_BANK_FIELDS),
        )
      ).code;
    expect(await add()).toBe(0);
    const [first] = Object.values(cards);
    if (!first) throw new Error('no card saved');
    for (let i = 1; i < MAX_SAVED_CARDS; i++) cards[`x${i}`] = { ...first, id: `x${i}` };
    expect(await add()).toBe(1016);
    expect(Object.keys(cards)).toHaveLength(MAX_SAVED_CARDS);
    expect((await w.api.call('deleteUserBankCard', { id: 'x1' })).code).toBe(0);
    expect(await add()).toBe(0);
  });
});

/**
 * Account calls whose reply is lost after the server did the work: a bank
 * card or an address saved or removed, an e-mail bound or proved, a password
 * changed, documents submitted. Each actor looks where the server shows the
 * effect (machines/shared/unsure.ts) and counts it done when there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type InputFrom } from 'xstate';
import { encodeFields, SENSITIVE_BANK_FIELDS } from '../../../../src/api/aes-codec.ts';
import { bankCardActors } from '../../../../src/machines/bankCard/actors.ts';
import { cryptoAddressActors } from '../../../../src/machines/cryptoAddress/actors.ts';
import { bindEmailActors } from '../../../../src/machines/bindEmail/actors.ts';
import { passwordActors } from '../../../../src/machines/password/actors.ts';
import { verificationActors } from '../../../../src/machines/verification/actors.ts';
import { responsibleActors } from '../../../../src/machines/responsible/actors.ts';
import { periodOf } from '../../../../src/simulator/modules/responsible/periods.ts';
import { LOOK_AGAIN_MS } from '../../../../src/machines/shared/unsure.ts';
import { toasts } from '../../../../src/state/toasts.ts';
import { lossyClient } from '../../../support/lossy.ts';
import type { TestWorld } from '../../../support/sim.ts';
import { bankCard, seeded, world } from '../../simulator/account/helpers.ts';

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const run = <L extends AnyActorLogic>(logic: L, input: InputFrom<L>) =>
  toPromise(createActor(logic, { input }).start());
const said = (key: string) => toasts.list.filter((t) => t.text?.key === key).length;
const lookAll = LOOK_AGAIN_MS.reduce((a, b) => a + b, 0);
const keyOf = (w: TestWorld, uid: string) => () => w.sim.ctx.state.users[uid]?.aesKey;
const cards = async (w: TestWorld) =>
  (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 100 })).data?.list ?? [];

beforeEach(() => void toasts.list.splice(0));
afterEach(() => vi.useRealTimers());

describe('a bank card whose save or removal reply was lost', () => {
  it('a new card of that account in the list: saved, once; its removal found gone', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const net = lossyClient(w);
    const actors = bankCardActors(net.api, keyOf(w, uid));
    net.loseReply('addUserBankCard');
    expect(await run(actors.saveCard, { card: bankCard(), known: [] })).toMatchObject({ code: 0 });
    const [card] = await cards(w);
    expect(await cards(w)).toHaveLength(1);
    net.loseReply('deleteUserBankCard');
    expect(await run(actors.deleteCard, { id: String(card?.id) })).toMatchObject({ code: 0 });
    expect(await cards(w)).toEqual([]);
    expect(said('unsure.bank_card')).toBe(0);
  });

  it('a card of the same account listed before is not taken for the lost one', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = w.sim.ctx.state.users[uid]?.aesKey ?? '';
    await w.api.call('addUserBankCard', await encodeFields(key, bankCard(), SENSITIVE_BANK_FIELDS));
    const known = (await cards(w)).map((c) => String(c.id));
    const net = lossyClient(w);
    // The request never arrives; the list, read again, has only the older card.
    net.loseRequest('addUserBankCard');
    // Real time (the looks take 4.5 s): the decoding's WebCrypto never answers under fake timers.
    const p = run(bankCardActors(net.api, keyOf(w, uid)).saveCard, { card: bankCard(), known });
    expect(await p).toMatchObject({ code: -1, fault: 'network' });
    expect(said('unsure.bank_card')).toBe(1);
  });
});

describe('a crypto address whose save or removal reply was lost', () => {
  it('found in the list (decoded): saved; then found gone: removed', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const net = lossyClient(w);
    const actors = cryptoAddressActors(net.api, keyOf(w, uid));
    net.loseReply('addUserWallet');
    expect(await run(actors.addWallet, { currencyId: '101', address: ` ${TRC20} ` })).toMatchObject(
      { code: 0 },
    );
    const list = (await w.api.call('userWallet', { pageNum: 1, pageSize: 10 })).data?.list ?? [];
    expect(list).toHaveLength(1);
    net.loseReply('deleteUserWallet');
    const walletId = String(list[0]?.walletId);
    expect(await run(actors.deleteWallet, { walletId })).toMatchObject({ code: 0 });
    expect((await w.api.call('userWallet', { pageNum: 1, pageSize: 10 })).data?.list).toEqual([]);
  });
});

describe('an e-mail binding whose replies were lost', () => {
  it('user info shows it bound (then proved): each step done', async () => {
    const w = await world();
    await seeded(w, { phone: '15550100301', email: undefined });
    const net = lossyClient(w);
    const actors = bindEmailActors(net.api);
    net.loseReply('bindEmailSubmit');
    expect(await run(actors.submitEmail, { email: 'Lost@Example.com' })).toMatchObject({ code: 0 });
    const code = w.sim.backOffice.lastCode('lost@example.com') ?? '';
    net.loseReply('bindEmailConfirm');
    expect(await run(actors.confirmCode, { code })).toMatchObject({ code: 0 });
    expect((await w.api.call('userInfo')).data).toMatchObject({ email: 'lost@example.com' });
    expect((await w.api.call('userInfo')).data?.emailPending).toBeFalsy();
    expect(said('unsure.email')).toBe(0);
  });
});

describe('a password change whose reply was lost', () => {
  it('the session check answers 401 (the change ended it): changed, and not an expiry', async () => {
    const w = await world();
    await seeded(w);
    const net = lossyClient(w);
    net.loseReply('passwordSubmit');
    const input = { oldPassword: 'secret123', newPassword: 'newsecret1', metaData: '{}' };
    expect(await run(passwordActors(net.api).submitPassword, input)).toMatchObject({ code: 0 });
    expect(net.served).toEqual(['passwordSubmit', 'sessionCheck']);
    // A poll answered 401 meanwhile is not "please sign in" over the change's own message.
    expect((await net.api.call('userInfo')).fault).toBe('unauthorized');
    expect(w.expired).toEqual([]);
  });

  it('not findable: stays failed and says the password may have been changed', async () => {
    const w = await world();
    await seeded(w);
    const net = lossyClient(w);
    net.offline(true);
    vi.useFakeTimers();
    const input = { oldPassword: 'secret123', newPassword: 'newsecret1', metaData: '{}' };
    const p = run(passwordActors(net.api).submitPassword, input);
    await vi.advanceTimersByTimeAsync(lookAll);
    expect(await p).toMatchObject({ code: -1 });
    expect(said('unsure.password')).toBe(1);
  });
});

describe('a self-exclusion whose reply was lost', () => {
  it('the session check answers 401 (the exclusion ended it): in force, said as done', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const net = lossyClient(w);
    net.loseReply('rtSelfExclude');
    const until = periodOf('day', w.clock.now(), 'America/New_York').end;
    expect(await run(responsibleActors(net.api).selfExclude, { until })).toMatchObject({ code: 0 });
    expect(w.sim.backOffice.responsibleOf(uid).selfExcludedUntil).toBe(until);
    expect(w.expired).toEqual([]);
  });
});

describe('documents whose submission reply was lost', () => {
  it('the record is under review with the name and number sent: submitted', async () => {
    const w = await world();
    await seeded(w);
    const net = lossyClient(w);
    net.loseReply('juniorAuthSubmit');
    const metaData = JSON.stringify({ realName: 'Ann Lee', idCard: 'X1234567', locale: 'en' });
    const r = await run(verificationActors(net.api).submit, {
      variant: 'junior',
      metaData,
      images: {},
    });
    expect(r).toMatchObject({ code: 0 });
    expect((await w.api.call('juniorAuth')).data).toMatchObject({ verifiedStatus: 1 });
  });
});

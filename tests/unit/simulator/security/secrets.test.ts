/**
 * Secrets are not the seed's: two simulators with one seed share prices and
 * nothing secret; the signing key is random (or given, validated); passwords,
 * cards and captchas are kept and drawn as a server should.
 */
import { describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import {
  decodeFields,
  encodeFields,
  SENSITIVE_BANK_FIELDS,
} from '../../../../src/api/aes-codec.ts';
import { keyBytes, parseSigningKey } from '../../../../src/simulator/auth/keys.ts';
import { pbkdf2 } from '../../../../src/simulator/auth/passwords.ts';
import { memoryStore } from '../../../../src/simulator/store.ts';
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import { deposit, seeded, signIn, signUp, world } from '../account/helpers.ts';

async function secretsOf(w: TestWorld) {
  await w.api.call('sendMail', { email: 'same@example.com', type: '1', locale: 'en' });
  const img = await w.api.call('getImageCode');
  const uid = await signUp(w, 'twin@example.com');
  const login = await signIn(w, 'twin@example.com');
  const u = w.sim.ctx.state.users[uid]!;
  return {
    code: w.sim.backOffice.lastCode('same@example.com'),
    captchaId: img.reply?.uuid,
    captchaText: w.sim.backOffice.captchaText(img.reply?.uuid ?? ''),
    image: img.data,
    signingKey: w.sim.ctx.state.secret,
    vaultKey: w.sim.ctx.state.vaultKey,
    token: login.data?.token,
    refreshToken: login.data?.refreshToken,
    salt: u.salt,
    passwordHash: u.passwordHash,
    aesKey: u.aesKey,
    inviteCode: u.inviteCode,
  };
}

describe('secrets', () => {
  it('two simulators with the same seed issue different secrets and the same prices', async () => {
    const [a, b] = [await world(), await world()];
    const [sa, sb] = [await secretsOf(a), await secretsOf(b)];
    for (const k of Object.keys(sa) as Array<keyof typeof sa>) {
      expect(sa[k], k).toBeTruthy();
      expect(sa[k], k).not.toBe(sb[k]);
    }
    expect(sa.signingKey).toMatch(/^[0-9a-f]{64}$/);
    const thumb = async (w: TestWorld) => (await w.api.call('thumb', { symbol: 'BTCUSDT' })).data;
    expect(await thumb(a)).toEqual(await thumb(b));
  });

  it('signs with a given key (SIM_SIGNING_KEY), refuses a weak one, and replaces a seed-derived one', async () => {
    const hex = 'ab'.repeat(32);
    expect(parseSigningKey(hex.toUpperCase())).toBe(hex);
    expect(parseSigningKey(btoa(String.fromCharCode(...keyBytes(hex))))).toBe(hex);
    expect(() => parseSigningKey('ab'.repeat(16))).toThrow(/256/);
    expect(() => parseSigningKey('not a key!')).toThrow();
    const w = await createWorld({ ticking: false, signingKey: hex });
    const { token } = await seeded(w);
    await expect(
      jwtVerify(token, keyBytes(hex), { currentDate: new Date(w.clock.now()) }),
    ).resolves.toBeTruthy();
    await expect(createWorld({ signingKey: 'sim-1234' })).rejects.toThrow();

    const store = memoryStore();
    const first = await createWorld({ ticking: false, store });
    await first.sim.flush();
    // A state saved by an older version, signed with a seed-derived secret.
    await store.save({
      put: [[JSON.stringify(['secret']), JSON.stringify('sim-5ec7e7')]],
      del: [],
      blobPut: [],
      blobDel: [],
    });
    const again = await createWorld({ ticking: false, store });
    expect(again.sim.ctx.state.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes passwords with a random salt and stored cost; a 10,000-iteration hash verifies and is redone', async () => {
    const w = await world();
    const { uid } = await seeded(w, { email: 'old@example.com' });
    const u = w.sim.ctx.state.users[uid]!;
    expect(u.passwordIterations).toBe(w.sim.ctx.passwordIterations);
    expect(u.salt).toMatch(/^[0-9a-f]{32}$/);
    // As saved before the cost was stored.
    u.salt = 'legacysalt';
    u.passwordHash = await pbkdf2('secret123', 'legacysalt', 10_000);
    delete u.passwordIterations;
    expect((await signIn(w, 'old@example.com', 'wrong-one')).code).toBe(1108);
    expect(u.passwordIterations).toBeUndefined();
    expect((await signIn(w, 'old@example.com')).code).toBe(0);
    expect(u.passwordIterations).toBe(w.sim.ctx.passwordIterations);
    expect(u.salt).not.toBe('legacysalt');
    expect((await signIn(w, 'old@example.com')).code).toBe(0);
  });

  it('keeps bank-card details sealed in the state, never in plain text', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = w.sim.ctx.state.users[uid]!.aesKey;
    const card = {
      bankName: 'Bank of Test',
      name: 'Ann Quill',
      account: 'GB29NWBK60161331926819',
      address: '1 Quiet Lane',
      idNumber: 'X1234567',
    };
    expect(
      (await w.api.call('addUserBankCard', await encodeFields(key, card, SENSITIVE_BANK_FIELDS)))
        .code,
    ).toBe(0);
    const state = JSON.stringify(w.sim.ctx.state);
    for (const v of [card.name, card.account, card.address, card.idNumber])
      expect(state).not.toContain(v);
    const [listed] = (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 10 })).data!
      .list;
    expect(await decodeFields(key, listed!, SENSITIVE_BANK_FIELDS)).toMatchObject(card);
  });

  it('seals a card saved plain by an older version when it is listed', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = w.sim.ctx.state.users[uid]!.aesKey;
    const plain = {
      id: 'old1',
      uid,
      createdAt: 1,
      bankName: 'Old Bank',
      name: 'Ola Nord',
      account: 'NO9386011117947',
    };
    w.sim.ctx.state.account.cards.old1 = plain;
    const [listed] = (await w.api.call('userBankCardList', { pageNum: 1, pageSize: 10 })).data!
      .list;
    expect(await decodeFields(key, listed!, SENSITIVE_BANK_FIELDS)).toMatchObject({
      name: 'Ola Nord',
      account: 'NO9386011117947',
    });
    expect(w.sim.ctx.state.account.cards.old1?.sealed).toBe(true);
    expect(JSON.stringify(w.sim.ctx.state)).not.toContain('NO9386011117947');
  });

  it('refuses another user’s self wallet (said) on a deposit, whatever the wallet type', async () => {
    const w = await world();
    const other = await seeded(w, { email: 'owner@example.com' });
    const foreign = w.sim.backOffice.addSelfWallet(
      other.uid,
      '101',
      'TXownerWallet000000000000000000000',
    );
    await seeded(w, { email: 'caller@example.com' });
    expect(await deposit(w, '1000', { said: foreign })).toBe(1085);
    expect(await deposit(w, '1000')).toBe(0);
  });
});

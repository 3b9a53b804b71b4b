/**
 * The console's "Start this path" (issue 27) against the Node host over real
 * HTTP: the operator API resets and seeds, the set-up's users act through the
 * public API. Each set-up is made as its data says, and made again from a
 * state an earlier path left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATH_SETUPS,
  SEED_ADDRESS,
  SEED_CARD,
  SETUP_IDS,
  signInUser,
} from '../../../src/config/path-setups.ts';
import {
  decodeFields,
  decodeSensitive,
  SENSITIVE_BANK_FIELDS,
} from '../../../src/api/aes-codec.ts';
import { decodeToken } from '../../../src/state/session.ts';
import { createVirtualClock } from '../../../src/simulator/clock.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/server.ts';
import { startSimServer, type SimServer } from '../../../src/simulator/host/node-server.ts';
import { operatorRoute } from '../../../src/simulator/host/operator-api.ts';
import { hashKey } from '../../../src/simulator/host/operator-key.ts';
import { httpBackOffice } from '../../../src/ui/console/http-back-office.ts';
import { startPath, type StartDeps } from '../../../src/ui/console/start-path.ts';
import { hostApi, T0 } from '../../support/sim.ts';

const KEY = 'test-operator-key-of-twenty';
let sim: Simulator;
let srv: SimServer;
let deps: StartDeps;

const asUser = (token: string | undefined) => hostApi(srv.url, () => token);

beforeAll(async () => {
  // Cheap password hashes: this test is about the set-ups, not the hashing.
  sim = await createSimulator({
    seed: 7,
    clock: createVirtualClock(T0),
    ticking: false,
    passwordIterations: 1000,
  });
  srv = await startSimServer(sim, 0, '127.0.0.1', [
    operatorRoute(sim, { keyHash: hashKey(KEY), maxFailures: 3 }),
  ]);
  deps = { bo: httpBackOffice({ url: `${srv.url}/operator/`, key: KEY }), asUser };
});
afterAll(async () => {
  sim.stop();
  await srv.close();
});

/** Sign in as a set-up says, over the public API; the token. */
async function signIn(login: string, password: string): Promise<string> {
  const phone = login.startsWith('+');
  const r = await asUser(undefined).call('login', {
    username: phone ? login.slice(1) : login,
    password,
    type: phone ? 'P' : 'E',
  });
  expect(r.code, `sign in as ${login}: ${r.message}`).toBe(0);
  return r.data?.token ?? '';
}

describe('start a QA path', () => {
  it('withdraw: a funded user with two saved wallets and a bank card, from a state a path left behind', async () => {
    // What an earlier path might leave: the same user with a wallet of its own, a flag turned off, a fault armed.
    await startPath(PATH_SETUPS.withdraw, deps);
    const before = await signIn('payout@example.com', 'secret123');
    const oldUid = sim.backOffice.userByLogin('payout@example.com');
    expect(
      (await asUser(before).call('userWallet', { pageNum: 1, pageSize: 100 })).data?.list,
    ).toHaveLength(2);
    sim.backOffice.setFlag('multi-wallet', false);
    sim.backOffice.force({ call: 'userWallet', code: 1000 });

    const started = await startPath(PATH_SETUPS.withdraw, deps);
    expect(started).toEqual({
      login: 'payout@example.com',
      password: 'secret123',
      users: [
        { login: 'payout@example.com', uid: sim.backOffice.userByLogin('payout@example.com') },
      ],
    });
    expect(sim.backOffice.userByLogin('payout@example.com')).not.toBe(oldUid);
    expect(sim.backOffice.flags()).toMatchObject({
      'multi-wallet': true,
      'user/bankCard': true,
      NO_WALLET_WITHDRAW: false,
    });
    expect(sim.backOffice.armedFaults().forced).toEqual([]);

    const token = await signIn(started.login, started.password);
    const me = asUser(token);
    const wallets = (await me.call('userWallet', { pageNum: 1, pageSize: 100 })).data?.list ?? [];
    expect(wallets.map((w) => `${w.currencyName} ${w.protocol}`).sort()).toEqual([
      'BTC BTC',
      'USDT TRC20',
    ]);
    const cards = (await me.call('userBankCardList', { pageNum: 1, pageSize: 100 })).data?.list;
    expect(cards).toHaveLength(1);
    const balance = await me.call('userBalance');
    expect(balance.code).toBe(0);
    expect(JSON.stringify(balance.data)).toContain('2000');
  });

  it('withdraw without saved wallets: the flags say so and nothing is saved', async () => {
    const started = await startPath(PATH_SETUPS['withdraw.noWallets'], deps);
    expect(sim.backOffice.flags()).toMatchObject({
      NO_WALLET_WITHDRAW: true,
      'user/bankCard': false,
    });
    const me = asUser(await signIn(started.login, started.password));
    expect((await me.call('userWallet', { pageNum: 1, pageSize: 100 })).data?.list).toEqual([]);
  });

  it.each([
    ['loan', null],
    ['loan.review', 0],
    ['loan.rejected', 2],
    ['loan.active', 1],
    ['loan.overdue', 4],
  ] as const)(
    '%s: the borrower’s loan is in the state the path starts from',
    async (id, status) => {
      const setup = PATH_SETUPS[id];
      const started = await startPath(setup, deps);
      const me = asUser(await signIn(started.login, started.password));
      const check = await me.call('userLoanCheck');
      expect(check.code).toBe(0);
      expect(check.data?.dto?.status ?? null).toBe(status);
      if (status !== null)
        expect(check.data?.dto?.guarantor).toBe(sim.backOffice.userByLogin('gus@example.com'));
      // The guarantor exists and signs in too.
      await signIn('gus@example.com', 'secret123');
    },
  );

  it('bank cards: the one card each path starts from, every field as the form saves it', async () => {
    const started = await startPath(PATH_SETUPS.bankCard, deps);
    expect(sim.backOffice.flags()).toMatchObject({ 'user/bankCard': true, bankInfo: false });
    const token = await signIn(started.login, started.password);
    const list = (await asUser(token).call('userBankCardList', { pageNum: 1, pageSize: 100 })).data
      ?.list;
    expect(list).toHaveLength(1);
    const key = decodeToken(token)?.aesKey ?? '';
    const card = await decodeFields(key, list?.[0] as object, SENSITIVE_BANK_FIELDS);
    expect(card).toMatchObject(SEED_CARD);
  });

  it('crypto addresses: the one USDT TRC20 address each path starts from', async () => {
    const started = await startPath(PATH_SETUPS.cryptoAddress, deps);
    expect(sim.backOffice.flags()).toMatchObject({ NO_WALLET_WITHDRAW: false });
    const token = await signIn(started.login, started.password);
    const list =
      (await asUser(token).call('userWallet', { pageNum: 1, pageSize: 100 })).data?.list ?? [];
    expect(list.map((w) => `${w.currencyName} ${w.protocol}`)).toEqual(['USDT TRC20']);
    const key = decodeToken(token)?.aesKey ?? '';
    expect(await decodeSensitive(key, list[0]?.cryptocurrencyAddress ?? '')).toBe(SEED_ADDRESS);
  });

  it('loan by phone: the borrower signs in with the phone number', async () => {
    const started = await startPath(PATH_SETUPS['loan.phone'], deps);
    expect(started.login).toBe('+14155552671');
    expect(sim.backOffice.userByLogin('14155552671')).toBeDefined();
    expect(sim.backOffice.flags().PHONE_REGISTER).toBe(true);
  });

  it('every set-up is started above, and each names who signs in', () => {
    const started = ['withdraw', 'withdraw.noWallets', 'loan', 'loan.review', 'loan.rejected'];
    started.push('bankCard', 'cryptoAddress');
    started.push('loan.active', 'loan.overdue', 'loan.phone');
    expect([...SETUP_IDS].sort()).toEqual(started.sort());
    for (const id of SETUP_IDS) expect(signInUser(PATH_SETUPS[id]).login, id).toMatch(/@|^\+\d+$/);
  });
});

/**
 * Deposit against the simulator: the real coin networks (all switched off by
 * the back office for the empty list), real PNG proofs (a renamed text file
 * is refused by its bytes), the minimum (500 USDT is under 1000 USD: refused
 * in the form before anything is sent) and a real duplicate (the same amount already in review: 1018). A
 * wallet-type 1 user deposits from an own wallet, resuming step two from the
 * form kept while the agreement was open. Only the list failure is forced.
 *
 * Session storage does not exist in Node: `stored` in the context says what
 * the real storage actions did. The app's clipboard and service actions are
 * recorded.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { encodeSensitive } from '../../../src/api/aes-codec.ts';
import { unseal } from '../../../src/simulator/auth/vault.ts';
import type { CoinNet } from '../../../src/api/types/user.ts';
import { depositActors } from '../../../src/machines/deposit/actors.ts';
import {
  depositMachine,
  type DepositContext,
  type DepositInput,
} from '../../../src/machines/deposit/machine.ts';
import { coinNetView } from '../../../src/simulator/modules/account/addresses.ts';
import { COIN_NETS } from '../../../src/simulator/modules/account/coins.ts';
import { readImage } from '../../../src/machines/validation/wallet.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { afterTurn, overNetwork, png, PNG_BYTES, PNG_URL } from '../../paths/specs/network.ts';

type Snap = ReturnType<(typeof depositMachine)['resolveState']>;

const PROOF = { name: 'proof.png', size: PNG_BYTES.length, type: 'image/png', url: PNG_URL };
const SELF_ADDRESS = 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY';
const CARD = { id: 'C1', bankName: 'Bank of Test', account: 'GB29NWBK60161331926819' };

const proofGood = { type: 'proof.select', file: PROOF, blob: png() };
const proofBadExtension = {
  type: 'proof.select',
  file: { name: 'proof.pdf', size: 100, type: 'application/pdf' },
  blob: png(),
};
const proofRenamed = {
  type: 'proof.select',
  file: { name: 'fake.jpg', size: 4, type: 'image/jpeg' },
  blob: new Blob(['nope'], { type: 'image/jpeg' }),
};

const amount = (value: string) => ({ type: 'field.change', field: 'amount', value });
const loaded = (dtoList: CoinNet[]) => ({
  type: 'xstate.done.actor.loadCoins',
  output: { code: 0, data: { dtoList } },
});
const loadFailed = { type: 'xstate.done.actor.loadCoins', output: { code: -1, data: null } };
const submitted = (code: number) => ({
  type: 'xstate.done.actor.submit',
  output: { code, data: null },
});

const NETS = COIN_NETS.map((n) => coinNetView(n));
const SELF = [{ ...coinNetView(COIN_NETS[0]!, 'SAID'), address: SELF_ADDRESS }];

const errorKeys = (c: DepositContext) =>
  Object.entries(c.errors)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

/** Deposits the user has asked for, newest first (read synchronously). */
const requests = (c: PathContext) =>
  c.world.sim.backOffice.walletRequests(c.data.uid as string).filter((r) => r.actionType === 0);

function spec(name: string, input: DepositInput): PathSpec {
  const self = input.walletType === 1;
  return {
    name,
    machine: depositMachine,
    input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.coins.length,
        c.coinId ?? null,
        c.amount,
        !!c.proof,
        c.agreed,
        errorKeys(c),
        c.failure ?? null,
        c.pending?.name ?? null,
        c.stored,
        c.recharge?.payState ?? null,
        c.result?.amount ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const other = { type: 'tab.select', tab: c.tab === 'crypto' ? 'bank' : 'crypto' };
      const state = JSON.stringify(s.value);
      if (input.banNewFlow) {
        // The ban and its lifting; what follows it is the other specs' ground.
        const read = (payState: number | null) => ({
          type: 'xstate.done.actor.checkRecharge',
          output: { code: 0, data: { payState } },
        });
        if (state === '"checking"')
          return c.recharge === undefined ? [read(null), read(0)] : [read(0), read(1)];
        if (state === '"banned"') return [{ type: 'status.refresh' }];
        // The form opens (its coins load); the rest is as in the other specs.
        if (state === '{"crypto":"loading"}') return [loaded(NETS)];
        // Allowed at first (nothing in review): one straight deposit, then New deposit asks
        // again, and the deposit just made is what bans the next.
        if (c.recharge?.payState !== null) return [];
        switch (state) {
          case '{"crypto":"choosing"}':
            return [{ type: 'step.next' }];
          case '{"crypto":{"details":"idle"}}':
            if (c.amount === '') return [amount('1500')];
            if (!c.proof) return [proofGood];
            if (!c.agreed) return [{ type: 'agreement.toggle' }];
            return [{ type: 'form.submit' }];
          case '{"crypto":{"details":"preparing"}}':
            return [{ type: 'xstate.done.actor.prepareImage', output: PNG_URL }];
          case '{"crypto":"submitting"}':
            return [submitted(0)];
          case '{"crypto":"submitted"}':
            return [{ type: 'deposit.new' }];
          default:
            return [];
        }
      }
      switch (state) {
        case '{"bank":"loading"}': {
          const cards = { type: 'xstate.done.actor.loadCards', output: { code: 0, data: [CARD] } };
          const failed = { type: 'xstate.done.actor.loadCards', output: { code: -1, data: null } };
          return c.failure === undefined ? [cards, failed] : [cards];
        }
        case '{"bank":"loadFailed"}':
          return [{ type: 'load.retry' }];
        case '{"bank":"ready"}':
          return [{ type: 'service.open' }, other];
        case '{"crypto":"loading"}':
          if (self) return [loaded(SELF)];
          return c.failure === -1 ? [loaded(NETS)] : [loaded(NETS), loaded([]), loadFailed];
        case '{"crypto":"loadFailed"}':
          return [{ type: 'load.retry' }];
        case '{"crypto":"submitted"}':
          return [{ type: 'deposit.new' }];
        case '{"crypto":"empty"}':
          return [other];
        case '{"crypto":"choosing"}':
          // Step one is reached here only after a deposit: another of the same is a duplicate.
          if (self) return [{ type: 'address.copy' }];
          return [
            ...(c.coinId === NETS[0]?.id ? [{ type: 'coin.select', id: NETS[1]?.id }] : []),
            { type: 'address.copy' },
            { type: 'step.next' },
            ...(c.amount === '' ? [other] : []),
          ];
        case '{"crypto":{"details":"preparing"}}':
          return [
            {
              type: 'xstate.done.actor.prepareImage',
              output: c.pending?.name === 'fake.jpg' ? null : PNG_URL,
            },
            // Another file chosen while this one is read: the new one is read instead.
            ...(c.pending?.name === 'fake.jpg' ? [proofGood, proofBadExtension] : []),
          ];
        case '{"crypto":"submitting"}':
          // 1036: the server refuses an amount the form let through (its minimum rose meanwhile).
          return c.failure === 1018 || c.failure === 1036 || self
            ? [submitted(c.failure ?? 0)]
            : [submitted(0), submitted(1018), submitted(1036)];
        case '{"crypto":{"details":"idle"}}':
          break;
        default:
          return [];
      }
      // Step two, one field at a time; each error branch where it first applies.
      if (errorKeys(c).length) return [];
      if (c.stored) return [{ type: 'navigate.away' }];
      if (c.amount === '') {
        // '.1500' loses its leading dot: 1500.
        return [amount('.1500'), amount('500'), amount('0'), { type: 'form.submit' }];
      }
      if (c.amount === '0') return [{ type: 'form.submit' }];
      if (!c.proof) return [proofGood, proofBadExtension, proofRenamed, { type: 'step.back' }];
      if (!c.agreed) {
        return [{ type: 'agreement.toggle' }, { type: 'proof.remove' }, { type: 'agreement.open' }];
      }
      return [{ type: 'form.submit' }];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'payer@example.com',
        password: 'secret123',
      });
      world.session.token = u.token;
      const key = world.sim.ctx.state.users[u.uid]?.aesKey ?? '';
      const card = await world.api.call('addUserBankCard', {
        bankName: CARD.bankName,
        name: await encodeSensitive(key, 'Ann Lee'),
        account: await encodeSensitive(key, CARD.account),
      });
      expect(card.code).toBe(0);
      let said: string | undefined;
      if (self) {
        world.sim.backOffice.setWalletType(u.uid, 1);
        said = world.sim.backOffice.addSelfWallet(u.uid, '101', SELF_ADDRESS);
      }
      if (input.banNewFlow) world.sim.backOffice.setFlag('depositBanNewFlow', true);
      return { uid: u.uid, key, said, copied: [], announced: 0, service: 0, serviceAsked: 0 };
    },
    provide: (c) =>
      depositMachine.provide({
        actors: depositActors(overNetwork(c.world.api), {
          prepare: (blob) => afterTurn(readImage(blob)),
          aesKey: () => c.data.key as string,
        }),
        actions: {
          copyAddress: ({ context }) =>
            void (c.data.copied as string[]).push(
              context.coins.find((n) => n.id === context.coinId)?.address ?? '',
            ),
          openService: () => void (c.data.service = (c.data.service as number) + 1),
        },
      }),
    resolve(e: EventObject, c) {
      if (e.type === 'coin.select') c.data.coinId = (e as EventObject & { id: string }).id;
      if (e.type === 'service.open') c.data.serviceAsked = (c.data.serviceAsked as number) + 1;
      return e;
    },
    async arrange(e: EventObject, c) {
      const out = (e as { output?: { code: number; data: { dtoList: CoinNet[] } | null } }).output;
      const bo = c.world.sim.backOffice;
      if (e.type === 'xstate.done.actor.loadCards' && out?.code === -1) {
        bo.force({ call: 'userBankCardList', status: 500 });
      }
      if (e.type === 'xstate.done.actor.loadCoins' && !self) {
        if (out?.code === -1) bo.force({ call: 'currencySimpleCoinNet', status: 500 });
        // The empty list: every network switched off; otherwise all on.
        const on = (out?.data?.dtoList.length ?? 0) > 0;
        for (const n of COIN_NETS) bo.setCoinNetEnabled(n.id, on);
      }
      if (e.type === 'xstate.done.actor.checkRecharge') {
        reached("deposit.arrange: e.type === 'xstate.done.actor.checkRecharge'");
        const payState = (e as { output?: { data: { payState: number | null } } }).output?.data
          .payState;
        // A deposit made elsewhere waits for review; later the operator approves it.
        if (payState === 0 && !requests(c).some((r) => r.payState === 0)) {
          reached('deposit.arrange: payState === 0 && !requests(c).some((r) => r.payState === 0)');
          const metaData = JSON.stringify({ coinId: '101', amt: '1500', said: '', locale: 'en' });
          const r = await c.world.api.call('userDeposit', { metaData, depositProof: png() });
          expect(r.code).toBe(0);
        }
        if (payState === 1) for (const r of requests(c)) bo.approveDeposit(r.id);
      }
      if (e.type === 'xstate.done.actor.submit' && out?.code === 1036)
        bo.force({ call: 'userDeposit', code: 1036 });
      if (e.type === 'xstate.done.actor.submit' && out?.code === 1018 && !c.data.duplicated) {
        reached(
          "deposit.arrange: e.type === 'xstate.done.actor.submit' && out?.code === 1018 && !c.data…",
        );
        // The same amount on the same network, already in review.
        const coinId = (c.data.coinId as string | undefined) ?? '101';
        const metaData = JSON.stringify({ coinId, amt: '1500', said: '', locale: 'en' });
        const r = await c.world.api.call('userDeposit', { metaData, depositProof: png() });
        expect(r.code).toBe(0);
        c.data.duplicated = true;
      }
    },
    states: {
      checking: (s) => expect(s.hasTag('busy')).toBe(true),
      banned: async (s, c) => {
        expect(s.hasTag('banned')).toBe(true);
        expect((s as Snap).context.recharge).toEqual({ payState: 0 });
        // The server agrees: its latest deposit waits, and another is refused.
        expect(requests(c)[0]?.payState).toBe(0);
        const meta = JSON.stringify({ coinId: '102', amt: '2000', said: '', locale: 'en' });
        const again = await c.world.api.call('userDeposit', {
          metaData: meta,
          depositProof: png(),
        });
        expect(again.code).toBe(23552);
      },
      disabled: (s) => {
        expect(s.hasTag('disabled')).toBe(true);
        expect((s as Snap).context.tabs).toEqual([]);
      },
      bank: (s, c) => {
        expect((s as Snap).context.tab).toBe('bank');
        expect(c.data.service).toBe(c.data.serviceAsked);
        expect((s as Snap).context.serviceRequests).toBe(c.data.serviceAsked);
      },
      'bank.loading': (s) => expect(s.hasTag('busy')).toBe(true),
      'bank.ready': async (s, c) => {
        // The user's cards, account decoded (the server keeps it sealed).
        const { account, vaultKey } = c.world.sim.ctx.state;
        const held = await Promise.all(
          Object.values(account.cards).map(async (k) => ({
            id: k.id,
            bankName: k.bankName,
            account: await unseal(vaultKey, k.account),
          })),
        );
        expect((s as Snap).context.bankCards).toEqual(held);
      },
      'bank.loadFailed': (s, c) => {
        expect((s as Snap).context.failure).toBe(-1);
        expect(c.world.toasts).toContain('Server error (500)');
      },
      crypto: (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.tab).toBe('crypto');
        expect(ctx.showQR).toBe(!input.hideQRCode);
        expect(c.data.copied).toEqual(
          (c.data.copied as string[]).map(() => (self ? SELF_ADDRESS : expect.any(String))),
        );
      },
      'crypto.loading': (s) => expect(s.hasTag('busy')).toBe(true),
      'crypto.loadFailed': (s, c) => {
        expect((s as Snap).context.failure).toBe(-1);
        expect(c.world.toasts).toContain('Server error (500)');
      },
      'crypto.empty': (s, c) => {
        expect((s as Snap).context.coins).toEqual([]);
        expect(Object.keys(c.world.sim.ctx.state.account.disabledCoinNets)).toHaveLength(
          COIN_NETS.length,
        );
      },
      'crypto.choosing': (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.step).toBe(1);
        // The offered networks and the house address are the server's.
        const coin = ctx.coins.find((n) => n.id === ctx.coinId);
        const net = COIN_NETS.find((n) => n.id === ctx.coinId);
        expect(coin?.address).toBe(self ? SELF_ADDRESS : net?.address);
        expect(ctx.result).toBeUndefined();
        // Each copy is announced once, with the step that copied.
        const copied = c.data.copied as string[];
        expect(ctx.copies).toBe(copied.length);
        const fresh = ctx.copies - (c.data.announced as number);
        c.data.announced = ctx.copies;
        expect(noticesOf(c)).toEqual(Array<string>(fresh).fill('copy_success'));
        if (fresh > 0) {
          reached('deposit.crypto.choosing: fresh > 0');
          expect(copied.at(-1)).toBe(coin?.address);
        }
      },
      'crypto.submitted': (s, c) => {
        const ctx = (s as Snap).context;
        // The result step says submit_success_please_wait (its title): no toast besides.
        expect(noticesOf(c)).toEqual([]);
        // The form behind the result is reset; the result is the request the server keeps.
        expect([ctx.amount, ctx.proof, ctx.agreed, ctx.step]).toEqual(['', undefined, false, 1]);
        const net = COIN_NETS.find((n) => n.id === ctx.coinId);
        expect(ctx.result).toEqual({
          amount: '1500',
          currency: net?.coin,
          protocol: net?.protocol,
          at: expect.any(Number),
        });
        const req = requests(c)[0];
        expect(req).toMatchObject({
          payState: 0,
          coinNetId: ctx.coinId,
          payPrice: '1500',
          // The proof is kept in the simulator's upload area, referenced from the request.
          proof: expect.stringMatching(/^upload:\d+$/),
          ...(self ? { said: c.data.said } : {}),
        });
      },
      'crypto.details': (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.step).toBe(2);
        expect(ctx.amount).toMatch(/^(|0|500|1500)$/);
        if (ctx.failure === 1036) {
          reached('deposit.crypto.details: ctx.failure === 1036');
          expect(requests(c)).toHaveLength(0);
        }
        if (ctx.failure === 1018) {
          reached('deposit.crypto.details: ctx.failure === 1018');
          expect(requests(c)).toHaveLength(1);
        }
        if (input.restored) {
          reached('deposit.crypto.details: input.restored');
          expect(ctx.restored).toBe(true);
        }
      },
      'crypto.details.idle': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.pending).toBeUndefined();
        const errs = errorKeys(ctx);
        if (errs.includes('agreement') && ctx.amount === '') {
          reached("deposit.crypto.details.idle: errs.includes('agreement') && ctx.amount === ''");
          expect(ctx.errors).toEqual({
            amount: 'p_t_deposit_amount',
            proof: 'p_upload_deposit_proof',
            agreement: 'p_read_agreement',
          });
        }
        if (ctx.amount === '0' && errs.length) {
          reached("deposit.crypto.details.idle: ctx.amount === '0' && errs.length");
          expect(ctx.errors.amount).toBe('deposit_amount_positive');
        }
        // Under the minimum: said by the form, nothing sent (the server would answer 1036).
        if (ctx.amount === '500' && ctx.errors.amount) {
          reached("deposit.crypto.details.idle: ctx.amount === '500' && ctx.errors.amount");
          expect(ctx.errors.amount).toBe('deposit_min_amount');
          expect(ctx.failure).not.toBe(1036);
        }
        if (errs.includes('proof') && ctx.amount !== '' && ctx.amount !== '0') {
          reached(
            "deposit.crypto.details.idle: errs.includes('proof') && ctx.amount !== '' && ctx.amount !== '0'",
          );
          expect(ctx.errors.proof).toBe('illegal_extension');
        }
      },
      'crypto.details.preparing': (s) => expect((s as Snap).context.pending).toBeDefined(),
      'crypto.submitting': (s, c) => {
        const ctx = (s as Snap).context;
        expect(errorKeys(ctx)).toEqual([]);
        expect(ctx.proof?.url).toBe(PNG_URL);
        // Nothing is stored until the server answers.
        expect(requests(c)).toHaveLength(c.data.duplicated ? 1 : 0);
        expect(ctx.stored).toBe(false);
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec('deposit', { types: ['bank', 'crypto'], hideQRCode: false, locale: 'en' }),
  spec('deposit (self wallet, back from the agreement)', {
    types: ['crypto', 'bank'],
    hideQRCode: true,
    walletType: 1,
    locale: 'en',
    restored: { tab: 'crypto', coinId: '101', amount: '1500', proof: PROOF, agreed: true, step: 2 },
  }),
  spec('deposit (disabled)', { types: ['crypto'], hideCrypto: true }),
  spec('deposit (new deposits banned while one is in review)', {
    types: ['crypto'],
    banNewFlow: true,
    locale: 'en',
  }),
];

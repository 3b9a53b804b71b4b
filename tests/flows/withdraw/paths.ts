/**
 * Withdraw against the simulator, with 2000 USD on the real account, a saved
 * USDT (TRC20) and BTC wallet and a bank card, all added through the API.
 *
 * Real conditions: the locks (1067 a withdrawal in review, 1066 an account
 * flagged by the back office, 1070 an open position), the empty lists
 * (wallets or card deleted), the missing bank-card limits (user/bankCard off),
 * the bounds (50 USDT is under the network's 100), isOver (5000 USDT against
 * 2000 USD), a network switched off during the form (1047), an address the
 * server cannot accept (23558). Forced: list and calculation failures (HTTP
 * 500) and two calculation replies no real network gives (an unknown fee
 * type, practical 0).
 */
import Big from 'big.js';
import { expect } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { encodeSensitive } from '../../../src/api/aes-codec.ts';
import { unseal } from '../../../src/simulator/auth/vault.ts';
import type { FeeInfo } from '../../../src/api/types/user.ts';
import { checkFee } from '../../../src/machines/validation/wallet.ts';
import { withdrawActors } from '../../../src/machines/withdraw/actors.ts';
import {
  withdrawMachine,
  type CalcInput,
  type CalcResult,
  type WithdrawContext,
  type WithdrawInput,
  type WithdrawTarget,
} from '../../../src/machines/withdraw/machine.ts';
import { coinNet, withdrawFee } from '../../../src/simulator/modules/account/coins.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { overNetwork } from '../../paths/specs/network.ts';

type Snap = ReturnType<(typeof withdrawMachine)['resolveState']>;

const FUNDS = '2000';
const USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ACCOUNT = 'GB29NWBK60161331926819';
const TYPED_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const BAD_ADDRESS = '<script>';

/** The targets as the server gives them (ids stand for the real ones, by position). */
const USDT: WithdrawTarget = {
  id: 'W1',
  kind: 'wallet',
  currencyId: '101',
  coin: 'USDT',
  protocol: 'TRC20',
  address: USDT_ADDRESS,
  min: 100,
  max: 10_000_000,
};
const BTC: WithdrawTarget = {
  ...USDT,
  id: 'W2',
  currencyId: '103',
  coin: 'BTC',
  protocol: 'BTC',
  address: BTC_ADDRESS,
  min: 0.002,
  max: 100,
};
const CARD: WithdrawTarget = {
  id: 'C1',
  kind: 'card',
  currencyId: '201',
  coin: 'USD',
  bankName: 'Bank of Test',
  account: ACCOUNT,
  min: 50,
  max: 10_000_000,
};
const COINS: WithdrawTarget[] = ['101', '102', '103', '104', '105'].map((id) => {
  const n = coinNet(id)!;
  return {
    id,
    kind: 'coin',
    currencyId: id,
    coin: n.coin,
    protocol: n.protocol,
    min: Number(n.min),
    max: Number(n.max),
  };
});

const fee = (feeType: string, feeNum: string, practical: string, isOver: boolean): FeeInfo => ({
  feeType,
  feeNum,
  feeUsd: `${feeNum}`,
  practical,
  isOver,
  afterBalance: '0',
});
const FEE_1000 = fee('FIX_AMOUNT', '25', '975', false);
const FEE_5000 = fee('FIX_AMOUNT', '25', '4975', true);
const FEE_BANK_50 = fee('PERCENTAGE', '0.1', '49.9', false);
const FEE_UNKNOWN = fee('TIERED', '25', '975', false);
const FEE_NOTHING_LEFT = fee('FIX_AMOUNT', '1000', '0', false);

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const reply = (code: number, data: unknown = null) => ({ code, data });
const amount = (value: string) => ({ type: 'field.change', field: 'amount', value });
const address = (value: string) => ({ type: 'field.change', field: 'address', value });

/** What Max fills in with the 2000 USD of FUNDS, at 1 USD per USDT (and per USD on a card). */
const MAX_2000 = '2000';

const verdict = (c: WithdrawContext) => (c.fee ? (checkFee(c.fee) ?? 'ok') : null);

/** The user's withdrawals, newest first (read synchronously). */
const withdrawals = (c: PathContext) =>
  c.world.sim.backOffice.walletRequests(c.data.uid as string).filter((r) => r.actionType === 1);
const cash = (c: PathContext) =>
  c.world.sim.ctx.ledger.balance(`u:${c.data.uid as string}:real:USD`);
const tabOf = (c: PathContext, input: WithdrawInput) =>
  (c.data.tab as string | undefined) ?? input.methods[0];

/**
 * One permit per calculate reply the path expects: the arrangement of a
 * `calculate` done step opens it; an invocation waits for one (a cancelled
 * one gives up its place).
 */
function calculateGate(c: PathContext) {
  const g = ((c.data as { gate?: Gate }).gate ??= { permits: 0, waiting: [] });
  return {
    open() {
      const next = g.waiting.shift();
      if (next) next();
      else g.permits += 1;
    },
    pass(signal: AbortSignal): Promise<void> {
      if (g.permits > 0) {
        g.permits -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        g.waiting.push(resolve);
        signal.addEventListener('abort', () => {
          const i = g.waiting.indexOf(resolve);
          if (i >= 0) g.waiting.splice(i, 1);
        });
      });
    },
  };
}
interface Gate {
  permits: number;
  waiting: Array<() => void>;
}

function spec(name: string, input: WithdrawInput): PathSpec {
  const noWallet = !!input.noWallet;
  return {
    name,
    machine: withdrawMachine,
    input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.tab,
        c.targets.length,
        c.targets.findIndex((t) => t.id === c.targetId),
        c.amount,
        c.address === '' ? '' : c.address === BAD_ADDRESS ? 'bad' : 'ok',
        verdict(c),
        c.errors,
        c.failure ?? null,
        c.lockCode ?? null,
        c.submitting,
        c.outcome ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const other = { type: 'tab.select', tab: c.tab === 'crypto' ? 'bank_card' : 'crypto' };
      const switchTab = c.showTabs ? [other] : [];
      const bank = c.tab === 'bank_card';
      const state = JSON.stringify(s.value);
      if (state === '"checking"') {
        if (c.outcome === 'submitted') return [done('checkStatus', reply(1067))];
        // Refreshed while locked: the cause is still there (its lifting is an e2e journey).
        if (c.lockCode !== undefined) return [done('checkStatus', reply(c.lockCode))];
        return [0, 1067, 1066, 1070].map((code) => done('checkStatus', reply(code)));
      }
      if (state === '{"ready":"loading"}') {
        const list = bank ? [CARD] : noWallet ? COINS : [USDT, BTC];
        // `tab` tells the arrangement which lists to act on (the machine ignores it).
        const load = (out: object) => done('loadTargets', { ...out, tab: c.tab });
        if (c.failure !== undefined) return [load(reply(0, list))];
        return [
          load(reply(0, list)),
          load(reply(0, [])),
          load(reply(-1)),
          ...(bank ? [load({ code: 0, data: [], metaMissing: true })] : []),
        ];
      }
      if (state === '{"ready":"loadFailed"}') return [{ type: 'load.retry' }];
      if (state === '"locked"') return [{ type: 'status.refresh' }];
      if (state === '{"ready":"empty"}' || state === '{"ready":"metaMissing"}') return switchTab;
      if (state === '{"ready":{"form":"checking"}}') {
        // A submit during the 1 s recheck (a fee is shown) is queued, not dropped.
        const queue = c.fee && !c.submitting ? [{ type: 'form.submit' }] : [];
        if (bank) return [done('calculate', reply(0, FEE_BANK_50)), ...queue];
        if (c.amount === '5000') return [done('calculate', reply(0, FEE_5000)), ...queue];
        // The rare replies only on the first calculation of a path (not after Max).
        if (c.fee || c.failure !== undefined || c.amount === MAX_2000)
          return [done('calculate', reply(0, FEE_1000)), ...queue];
        return [
          done('calculate', reply(0, FEE_1000)),
          done('calculate', reply(0, FEE_UNKNOWN)),
          done('calculate', reply(0, FEE_NOTHING_LEFT)),
          done('calculate', reply(-1)),
        ];
      }
      if (state === '{"ready":{"form":"submitting"}}') {
        if (bank) return [done('submit', reply(0))];
        if (c.address === BAD_ADDRESS) return [done('submit', reply(23558))];
        if (c.failure === 1047) return [done('submit', reply(1047))];
        return [done('submit', reply(0)), done('submit', reply(1066)), done('submit', reply(1047))];
      }
      if (state === '{"ready":{"form":"valid"}}') {
        if (c.failure === 1047 || c.failure === 23558) return [];
        return [
          { type: 'form.submit' },
          ...(c.targetId === c.targets[0]?.id && !bank && !noWallet
            ? [{ type: 'target.select', id: BTC.id }]
            : []),
          ...(noWallet && c.address === '' ? [address(TYPED_ADDRESS), address(BAD_ADDRESS)] : []),
          ...switchTab,
        ];
      }
      if (state === '{"ready":{"form":"invalid"}}') return [{ type: 'form.submit' }];
      if (state === '{"ready":{"form":"maxing"}}') {
        // All 2000 USD at 1 USD per coin; a failing calculation; 10 USD left (under the minimum).
        if (c.failure !== undefined) return [done('findMax', { amount: MAX_2000, code: 0 })];
        return [
          done('findMax', { amount: MAX_2000, code: 0 }),
          done('findMax', { amount: undefined, code: -1 }),
          done('findMax', { amount: '10', code: 0 }),
        ];
      }
      if (state !== '{"ready":{"form":"idle"}}') return [];
      // The form, one choice at a time.
      if (Object.values(c.errors).some(Boolean)) return [];
      const first = c.targets[0]?.id as string;
      if (!c.targetId) {
        return [
          { type: 'target.select', id: first },
          ...(c.amount === '' ? [amount(bank ? '50' : '.1000'), ...switchTab] : []),
        ];
      }
      // Max, once per path, on a target with nothing typed yet.
      const max = c.amount === '' && !c.fee ? [{ type: 'amount.max' }] : [];
      if (bank) return [amount('50'), amount('20'), { type: 'form.submit' }, ...max];
      // '.1000' loses its leading dot; 50 USDT is under the network's minimum.
      return [amount('.1000'), amount('5000'), amount('50'), { type: 'form.submit' }, ...max];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'payout@example.com',
        password: 'secret123',
        deposit: FUNDS,
      });
      world.session.token = u.token;
      const key = world.sim.ctx.state.users[u.uid]?.aesKey ?? '';
      for (const [currencyId, plain] of [
        ['101', USDT_ADDRESS],
        ['103', BTC_ADDRESS],
      ] as const) {
        const cryptocurrencyAddress = await encodeSensitive(key, plain);
        const r = await world.api.call('addUserWallet', { currencyId, cryptocurrencyAddress });
        expect(r.code).toBe(0);
      }
      const card = await world.api.call('addUserBankCard', {
        bankName: CARD.bankName as string,
        name: await encodeSensitive(key, 'Ann Lee'),
        account: await encodeSensitive(key, ACCOUNT),
      });
      expect(card.code).toBe(0);
      return { uid: u.uid, token: u.token, key };
    },
    provide: (c) => {
      const net = overNetwork(c.world.api);
      const actors = withdrawActors(net, { aesKey: () => c.data.key as string });
      const gate = calculateGate(c);
      return withdrawMachine.provide({
        actors: {
          ...actors,
          // The check replies when the path says so (its done step's arrangement opens the
          // gate), so a submit sent while it is in flight finds it still in flight.
          calculate: fromPromise<CalcResult, CalcInput>(async ({ input, signal }) => {
            await gate.pass(signal);
            return net.call(
              input.tab === 'bank_card' ? 'withdrawBankCardCalculate' : 'withdrawWalletCalculate',
              input.payload,
            ) as Promise<CalcResult>;
          }),
        },
      });
    },
    // Sample ids stand for the real target at the same place in the list.
    resolve(e: EventObject, c, snap) {
      if (e.type === 'tab.select') c.data.tab = (e as EventObject & { tab: string }).tab;
      if (e.type !== 'target.select') return e;
      const ctx = (snap as Snap).context;
      const sample = [USDT, BTC, CARD, ...COINS].find(
        (t) => t.id === (e as EventObject & { id: string }).id,
      );
      const at = ctx.targets.findIndex((t) => t.currencyId === sample?.currencyId);
      return { ...e, id: ctx.targets[at]?.id };
    },
    async arrange(e: EventObject, c) {
      const out = (
        e as { output?: { code: number; data: unknown; metaMissing?: boolean; tab?: string } }
      ).output;
      const bo = c.world.sim.backOffice;
      const uid = c.data.uid as string;
      const code = out?.code;
      const bank = (out?.tab ?? tabOf(c, input)) === 'bank_card';
      if (e.type === 'xstate.done.actor.checkStatus') {
        reached("withdraw.arrange: e.type === 'xstate.done.actor.checkStatus'");
        // Each cause once (a refresh while locked finds it still there).
        if (code === 1066) bo.setAccountAnomaly(uid, true);
        const open = bo.tradingOrders(uid).some((o) => o.positionStatus <= 2);
        if (code === 1070 && !open) {
          reached('withdraw.arrange: code === 1070 && !open');
          const info = (await c.world.api.call('productOrderInfo', { productCode: 'BTCUSDT' })).data
            ?.BTCUSDT;
          const order = await c.world.api.call('addOrder', {
            tradePair: 'BTCUSDT',
            price: 0,
            stopPrice: null,
            takeProfitPprice: null,
            orderQuantity: info?.minCount ?? 0.01,
            multiple: info?.multiple ?? 100,
            orderType: 0,
            buyPoint: 2,
            token: c.data.token as string,
          });
          expect(order.code).toBe(0);
        }
        if (code === 1067 && !c.data.submitted && !withdrawals(c).some((r) => r.payState === 0)) {
          reached(
            'withdraw.arrange: code === 1067 && !c.data.submitted && !withdrawals(c).some((r) => r.pa…',
          );
          // Someone (the user, elsewhere) already asked for a withdrawal.
          const r = await c.world.api.call('userWithdraw', {
            num: '200',
            practicalNum: '175',
            currencyId: '101',
            locale: 'en',
          });
          expect(r.code).toBe(0);
        }
      }
      if (e.type === 'xstate.done.actor.loadTargets') {
        bo.setFlag('user/bankCard', !out?.metaMissing);
        if (code === -1) {
          const call = bank
            ? 'userBankCardList'
            : noWallet
              ? 'currencySimpleCoinNet'
              : 'userWallet';
          bo.force({ call, status: 500 });
        }
        if (code === 0 && (out?.data as unknown[]).length === 0 && !out?.metaMissing) {
          // Nothing to withdraw to: the wallets (or the card) are deleted. This
          // is done on the simulator's state in one synchronous step: the
          // previous step's reply may already be in flight, and loadTargets
          // starts the moment it lands, so an awaited API call would race it.
          const account = c.world.sim.ctx.state.account;
          if (bank) {
            for (const id of Object.keys(account.cards)) delete account.cards[id];
          } else if (!noWallet) {
            for (const id of Object.keys(account.addresses)) delete account.addresses[id];
          } else {
            for (const n of COINS) bo.setCoinNetEnabled(n.id, false);
          }
        }
      }
      if (e.type === 'xstate.done.actor.calculate') {
        calculateGate(c).open();
        const data = out?.data as FeeInfo | null;
        const call = bank ? 'withdrawBankCardCalculate' : 'withdrawWalletCalculate';
        if (code === -1) bo.force({ call, status: 500 });
        // No real network answers these: the reply is the back office's.
        if (data === FEE_UNKNOWN || data === FEE_NOTHING_LEFT) {
          bo.force({ call, body: JSON.stringify({ code: 0, msg: 'success', data }) });
        }
      }
      if (e.type === 'xstate.done.actor.findMax') {
        const max = out as unknown as { amount?: string; code: number };
        const call = bank ? 'withdrawBankCardCalculate' : 'withdrawWalletCalculate';
        if (max.code === -1) bo.force({ call, status: 500 });
        // 10 USD left on the account: under every target's minimum.
        if (max.amount === '10')
          c.world.sim.ctx.ledger.transfer(
            `u:${uid}:real:USD`,
            `world:withdrawals:${uid}:USD`,
            cash(c).minus(10),
          );
      }
      if (e.type === 'xstate.done.actor.submit') {
        // The form's own withdrawal is what the next status check finds in review.
        if (code === 0) c.data.submitted = true;
        if (code === 1066) bo.setAccountAnomaly(uid, true);
        if (code === 1047) bo.setCoinNetEnabled('101', false);
      }
    },
    states: {
      checking: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('busy')).toBe(true);
        // Announced once, with the submission that went through (from the form: no lock
        // yet); a refresh of the lock that follows says nothing.
        const justSubmitted = ctx.outcome === 'submitted' && ctx.lockCode === undefined;
        expect(noticesOf(c)).toEqual(justSubmitted ? ['submit_success_please_wait'] : []);
        if (ctx.outcome === 'submitted') {
          reached("withdraw.checking: ctx.outcome === 'submitted'");
          // Submitted: in review on the server, the amount held from the balance.
          const [w] = withdrawals(c);
          expect(w?.payState).toBe(0);
          expect(cash(c).toString()).toBe(new Big(FUNDS).minus(w?.usd ?? 0).toString());
          expect([ctx.amount, ctx.submitting, ctx.targetId]).toEqual(['', false, undefined]);
        }
      },
      locked: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('locked')).toBe(true);
        const uid = c.data.uid as string;
        const flagged = !!c.world.sim.ctx.state.account.anomaly[uid];
        const inReview = withdrawals(c).some((r) => r.payState === 0);
        const open = c.world.sim.backOffice.tradingOrders(uid).some((o) => o.positionStatus <= 2);
        expect(ctx.lockCode).toBe(flagged ? 1066 : inReview ? 1067 : open ? 1070 : undefined);
      },
      ready: (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.showTabs).toBe(ctx.tabs.length > 1);
        expect(ctx.tabs).toContain(ctx.tab);
        expect(ctx.lockCode).toBeUndefined();
      },
      'ready.loading': (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('busy')).toBe(true);
        // A new tab starts clean.
        expect([ctx.amount, ctx.targets, ctx.fee]).toEqual(['', [], undefined]);
      },
      'ready.loadFailed': (s, c) => {
        expect((s as Snap).context.failure).toBe(-1);
        expect(c.world.toasts).toContain('Server error (500)');
      },
      'ready.metaMissing': (s, c) => {
        expect((s as Snap).context.tab).toBe('bank_card');
        expect(c.world.sim.backOffice.flags()['user/bankCard']).toBe(false);
      },
      'ready.empty': (s, c) => {
        const a = c.world.sim.ctx.state.account;
        const bank = (s as Snap).context.tab === 'bank_card';
        if (bank) {
          reached('withdraw.ready.empty: bank');
          expect(Object.keys(a.cards)).toEqual([]);
        } else if (noWallet) {
          reached('withdraw.ready.empty: noWallet');
          expect(Object.keys(a.disabledCoinNets)).toHaveLength(COINS.length);
        } else {
          reached('withdraw.ready.empty: not (noWallet)');
          expect(Object.keys(a.addresses)).toEqual([]);
        }
      },
      'ready.form': async (s, c) => {
        const ctx = (s as Snap).context;
        const a = c.world.sim.ctx.state.account;
        const vaultKey = c.world.sim.ctx.state.vaultKey;
        // What the form offers is the server's: wallets with decoded addresses, cards (kept sealed), networks.
        const expected =
          ctx.tab === 'bank_card'
            ? await Promise.all(
                Object.values(a.cards).map(async (k) => [k.id, await unseal(vaultKey, k.account)]),
              )
            : noWallet
              ? COINS.map((n) => [n.id, undefined])
              : Object.values(a.addresses).map((w) => [w.walletId, w.address]);
        expect(ctx.targets.map((t) => [t.id, t.account ?? t.address])).toEqual(expected);
        const t = ctx.targets.find((x) => x.id === ctx.targetId);
        expect(ctx.limits).toEqual(t && { min: t.min, max: t.max, coin: t.coin });
      },
      'ready.form.idle': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.fee).toBeUndefined();
        // Nothing is validated without a target.
        if (!ctx.targetId) {
          reached('withdraw.ready.form.idle: !ctx.targetId');
          expect(ctx.errors.amount).toBeUndefined();
        }
        if (ctx.errors.amount) {
          reached('withdraw.ready.form.idle: ctx.errors.amount');
          expect(ctx.errors.amount).toBe('withdraw_amount_limit_front');
          expect(ctx.limits).toBeDefined();
        }
      },
      'ready.form.maxing': (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('calculating')).toBe(true);
        expect(ctx.targetId).toBeDefined();
        expect(ctx.submitting).toBe(false);
      },
      'ready.form.checking': (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('calculating')).toBe(true);
        expect(Number(ctx.amount)).toBeGreaterThanOrEqual(ctx.limits?.min ?? Infinity);
        expect(Number(ctx.amount)).toBeLessThanOrEqual(ctx.limits?.max ?? -Infinity);
        // A submit during the check is kept (the flag is up) and nothing else changes the form.
        if (ctx.submitting) {
          reached('withdraw.ready.form.checking: ctx.submitting');
          expect(s.can({ type: 'form.submit' })).toBe(false);
          expect(s.can({ type: 'field.change', field: 'amount', value: '200' })).toBe(false);
          expect(s.can({ type: 'tab.select', tab: 'bank_card' })).toBe(false);
        }
      },
      'ready.form.valid': (s, c) => {
        const ctx = (s as Snap).context;
        const t = ctx.targets.find((x) => x.id === ctx.targetId);
        // The fee the server computes for this network and amount.
        const net = coinNet(t?.kind === 'card' ? '201' : t?.currencyId)!;
        const num = new Big(ctx.amount);
        expect(ctx.fee?.practical).toBe(num.minus(withdrawFee(net, num)).toString());
        expect(ctx.fee?.isOver).toBe(false);
        expect(ctx.submitting).toBe(false);
        if (ctx.failure === 1047) {
          reached('withdraw.ready.form.valid: ctx.failure === 1047');
          expect(c.world.sim.ctx.state.account.disabledCoinNets['101']).toBe(true);
        }
        if (!ctx.failure) {
          reached('withdraw.ready.form.valid: !ctx.failure');
          expect(withdrawals(c)).toHaveLength(0);
        }
      },
      'ready.form.invalid': (s, c) => {
        const ctx = (s as Snap).context;
        if (ctx.failure === -1) {
          reached('withdraw.ready.form.invalid: ctx.failure === -1');
          expect(c.world.toasts).toContain('Server error (500)');
        } else {
          reached('withdraw.ready.form.invalid: not (ctx.failure === -1)');
          const expected = { TIERED: 'Not support feeType' }[ctx.fee?.feeType ?? ''];
          expect(ctx.errors.amount).toBe(
            expected ?? (ctx.fee?.isOver ? 'insufficient_balance' : 'practicalNum_rule'),
          );
        }
        if (ctx.fee?.isOver) {
          reached('withdraw.ready.form.invalid: ctx.fee?.isOver');
          expect(cash(c).lt(ctx.amount)).toBe(true);
        }
      },
      'ready.form.submitting': (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.submitting).toBe(true);
        expect(s.hasTag('submitting')).toBe(true);
        // Nothing changes the form while it is being submitted.
        expect(s.can({ type: 'form.submit' })).toBe(false);
        expect(s.can({ type: 'field.change', field: 'amount', value: '200' })).toBe(false);
        expect(s.can({ type: 'tab.select', tab: 'bank_card' })).toBe(false);
        // The submit actor is already running: its one request may have landed, never two.
        expect(withdrawals(c).length).toBeLessThanOrEqual(1);
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec('withdraw', { methods: ['crypto', 'bank_card'], bankCard: true, locale: 'en' }),
  spec('withdraw (no saved wallets)', {
    methods: ['crypto', 'bank_card'],
    bankCard: false,
    noWallet: true,
    locale: 'en',
  }),
];

/**
 * The store's safety net: saves write only the units a call or a tick
 * changed (persistence.ts), so a write that the change tracking misses would
 * be lost on a reload. After a random sequence of calls across every module
 * (orders, closes, options, price ticks with fills and stops, deposits with
 * proofs and their review, KYC images, avatars, mails, messages, transfers,
 * sign-ins, operator switches), a simulator started from the store holds
 * exactly the live state, and the uploads read back the same.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memoryStore } from '../../../../src/simulator/store.ts';
import { optionProductId } from '../../../../src/simulator/modules/trading/option-config.ts';
import { isUploadRef } from '../../../../src/simulator/persist/uploads.ts';
import { MODULES } from '../../../../src/simulator/modules/index.ts';
import { createWorld, T0, type TestWorld } from '../../../support/sim.ts';
import { png, signIn } from '../account/helpers.ts';
import { slow } from '../../../support/time-scale.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'EURUSD', 'XAUUSD'] as const;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    user: fc.nat(1),
    sym: fc.nat(SYMBOLS.length - 1),
    dir: fc.nat(1),
    pending: fc.boolean(),
    sl: fc.option(fc.integer({ min: 1, max: 300 })),
  }),
  fc.record({ kind: fc.constant('close' as const), user: fc.nat(1), pick: fc.nat() }),
  fc.record({ kind: fc.constant('option' as const), user: fc.nat(1), dir: fc.nat(1) }),
  fc.record({
    kind: fc.constant('wait' as const),
    ms: fc.oneof(
      fc.integer({ min: 200, max: 60_000 }),
      fc.integer({ min: 60_000, max: 3 * 86_400_000 }),
    ),
  }),
  fc.record({ kind: fc.constant('profile' as const), user: fc.nat(1), avatar: fc.boolean() }),
  fc.record({
    kind: fc.constant('deposit' as const),
    user: fc.nat(1),
    amt: fc.integer({ min: 20, max: 5000 }),
    decide: fc.constantFrom('approve', 'reject', 'leave'),
  }),
  fc.record({ kind: fc.constant('kyc' as const), user: fc.nat(1), decide: fc.boolean() }),
  fc.record({ kind: fc.constant('mail' as const), n: fc.nat(20) }),
  fc.record({ kind: fc.constant('message' as const), user: fc.nat(1), read: fc.boolean() }),
  fc.record({ kind: fc.constant('transfer' as const), user: fc.nat(1), num: fc.nat(300) }),
  fc.record({ kind: fc.constant('login' as const), user: fc.nat(1) }),
  fc.record({ kind: fc.constant('operator' as const), on: fc.boolean(), sym: fc.nat(3) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

interface Run {
  w: TestWorld;
  users: Array<{ uid: string; email: string; token: string }>;
}

async function apply(r: Run, s: Step): Promise<void> {
  const { w } = r;
  const bo = w.sim.backOffice;
  if (s.kind === 'wait') {
    // Ticks at a few points of the wait (as the ledger property test does), so
    // long waits cross interest rollovers without running every 200 ms tick.
    for (let k = 0; k < 4; k++) {
      w.clock.advance(Math.ceil(s.ms / 4));
      for (const m of MODULES) m.onTick?.(w.sim.ctx, w.clock.now());
    }
    return;
  }
  if (s.kind === 'mail')
    return void (await w.api.call('sendMail', {
      email: `m${s.n}@example.com`,
      type: '1',
      locale: 'en',
    }));
  if (s.kind === 'operator') {
    bo.setFlag('explore', s.on);
    return bo.setTradeStatus(SYMBOLS[s.sym] ?? 'BTCUSDT', s.on ? 1 : 2);
  }
  const u = r.users[s.user]!;
  w.session.token = u.token;
  const token = u.token;
  if (s.kind === 'order') {
    const sym = SYMBOLS[s.sym]!;
    const q = (await w.api.call('thumb', { symbol: sym })).data!;
    const buy = s.dir === 0;
    const away = s.pending ? (buy ? 0.999 : 1.001) : 1;
    const sl = s.sl === null ? null : q.price * (buy ? 1 - s.sl / 10_000 : 1 + s.sl / 10_000);
    await w.api.call('addOrder', {
      tradePair: sym,
      price: Number((q.price * away).toPrecision(8)),
      stopPrice: sl === null ? null : Number(sl.toPrecision(8)),
      takeProfitPprice: null,
      orderQuantity: w.sim.ctx.products.get(sym)!.minCount,
      multiple: w.sim.ctx.products.get(sym)!.multiple,
      orderType: s.dir as 0 | 1,
      buyPoint: s.pending ? 1 : 2,
      token,
    });
    return;
  }
  if (s.kind === 'close') {
    const mine = Object.values(w.sim.ctx.state.trading.orders).filter(
      (o) => o.uid === u.uid && (o.positionStatus === 1 || o.positionStatus === 2),
    );
    const o = mine[s.pick % Math.max(1, mine.length)];
    if (!o) return;
    const call = o.positionStatus === 1 ? 'cancelOrder' : 'closeOrder';
    await w.api.call(call, { orderId: o.id, token });
    return;
  }
  if (s.kind === 'option') {
    const q = (await w.api.call('thumb', { symbol: 'BTCUSDT' })).data!;
    await w.api.call('addOrderOption', {
      tradePair: 'BTCUSDT',
      optionsProductId: optionProductId(w.sim.ctx, 'BTCUSDT')!,
      price: q.price,
      timeLong: 60,
      btime: w.clock.now(),
      rate: 85,
      amount: 10,
      orderType: s.dir as 0 | 1,
      token,
    });
    return;
  }
  if (s.kind === 'profile') {
    const metaData = JSON.stringify({ nickName: `nick${w.clock.now() % 1000}` });
    await w.api.call('infoSubmit', { metaData, ...(s.avatar ? { avatar: png() } : {}) });
    return;
  }
  if (s.kind === 'deposit') {
    const metaData = JSON.stringify({ coinId: '101', amt: String(s.amt), said: '', locale: 'en' });
    await w.api.call('userDeposit', { metaData, depositProof: png() });
    const req = bo.walletRequests(u.uid).find((x) => x.actionType === 0 && x.payState === 0);
    if (req && s.decide === 'approve') bo.approveDeposit(req.id);
    if (req && s.decide === 'reject') bo.rejectDeposit(req.id, 'blurred');
    return;
  }
  if (s.kind === 'kyc') {
    const metaData = JSON.stringify({ realName: 'Ann Lee', idCard: 'X1', idType: 1, locale: 'en' });
    const images = { cardImgFront: png(), cardImgReverse: png(), cardImgAvatar: png() };
    await w.api.call('authSubmit', { metaData, ...images });
    if (w.sim.ctx.state.account.kyc[u.uid]?.verifiedStatus === 1) {
      if (s.decide) bo.rejectKyc(u.uid, 'unreadable');
      else bo.approveKyc(u.uid);
    }
    return;
  }
  if (s.kind === 'message') {
    bo.sendMessage(u.uid, 'Hi', 'A message');
    const list = (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list ?? [];
    if (s.read && list[0]) await w.api.call('userUpdateNotification', { ids: [list[0].id] });
    return;
  }
  if (s.kind === 'transfer') {
    await w.api.call('transformWallet', {
      currId: '2',
      curr: 'USDT',
      type: (s.num % 2) as 0 | 1,
      num: String(s.num),
    });
    return;
  }
  const login = await signIn(w, u.email);
  if (login.data?.token) u.token = login.data.token;
}

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Every upload reference in a state, with its data URL. */
async function images(w: TestWorld): Promise<Record<string, string | undefined>> {
  const out: Record<string, string | undefined> = {};
  const walk = (v: unknown) => {
    if (isUploadRef(v)) out[v] = undefined;
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(plain(w.sim.ctx.state));
  for (const ref of Object.keys(out)) out[ref] = await w.sim.backOffice.upload(ref);
  return out;
}

describe('store: a reload gives back the live state', () => {
  it(
    `after ${RUNS} random sequences of calls and ticks`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 30, maxLength: 60 }), async (steps) => {
          const store = memoryStore();
          const w = await createWorld({ store, ticking: false });
          const users = [];
          for (const email of ['a@example.com', 'b@example.com']) {
            const { uid, token } = await w.sim.backOffice.seedUser({
              email,
              password: 'secret123',
              deposit: 5000,
            });
            users.push({ uid, email, token });
          }
          const r: Run = { w, users };
          try {
            for (const s of steps) await apply(r, s);
            await w.sim.flush();
            const again = await createWorld({ store, ticking: false, start: w.clock.now() });
            try {
              expect(plain(again.sim.ctx.state)).toEqual(plain(w.sim.ctx.state));
              expect(await images(again)).toEqual(await images(w));
            } finally {
              again.sim.stop();
            }
          } finally {
            w.sim.stop();
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    slow(300_000),
  );

  it('starts a new durable store at a time-based id (ms since 2025), a memory one at 1000', async () => {
    const w = await createWorld({
      store: memoryStore(undefined, { durable: true }),
      ticking: false,
    });
    expect(w.sim.ctx.state.nextId).toBe(T0 - Date.UTC(2025, 0, 1));
    w.sim.stop();
    const m = await createWorld({ store: memoryStore(), ticking: false });
    expect(m.sim.ctx.state.nextId).toBe(1000);
    m.sim.stop();
  });
});

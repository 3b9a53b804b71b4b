/**
 * Nothing acknowledged that is not saved: when the store refuses a save
 * (disk full, its size ceiling, an I/O error) the call answers an error, and
 * every change that was not saved is undone in memory, so the simulator goes
 * on as the store holds it (what a restart would load). Indexes built from
 * the state follow (no phantom position keeps trading), and the next change
 * saves as usual.
 */
import { describe, expect, it } from 'vitest';
import { encodeFields, SENSITIVE_BANK_FIELDS } from '../../../../src/api/aes-codec.ts';
import type { OrdersMessage } from '../../../../src/api/types/realtime.ts';
import type { WireRequest } from '../../../../src/api/wire.ts';
import { nodeWriteScope } from '../../../../src/simulator/host/write-scope.ts';
import { runtime } from '../../../../src/simulator/modules/trading/state.ts';
import { memoryStore, StoreFullError, type SimStore } from '../../../../src/simulator/store.ts';
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import { bankCard } from '../account/helpers.ts';
import { trader } from '../trading/support.ts';

/** A memory store that refuses saves (and reads back) when told to. */
function flaky() {
  const inner = memoryStore();
  const s = {
    ...inner,
    fail: undefined as Error | undefined,
    failRead: false,
    save: async (b: Parameters<SimStore['save']>[0]) => {
      if (s.fail) throw s.fail;
      return inner.save(b);
    },
    read: async (keys: readonly string[]) => {
      if (s.failRead) throw new Error('EIO');
      return inner.read(keys);
    },
  };
  return s;
}

const CARD = (n: number) => bankCard(`Bank ${n}`);

async function addCard(w: TestWorld, uid: string, n: number) {
  const key = w.sim.ctx.state.users[uid]?.aesKey ?? '';
  return w.api.call('addUserBankCard', await encodeFields(key, CARD(n), SENSITIVE_BANK_FIELDS));
}

const banks = async (w: TestWorld) =>
  ((await w.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 })).data?.list ?? [])
    .map((c) => c.bankName)
    .sort();

async function signedIn(store: SimStore) {
  const w = await createWorld({ store, ticking: false, writeScope: nodeWriteScope() });
  const { uid, token } = await w.sim.backOffice.seedUser({
    email: 'saver@example.com',
    password: 'secret123',
  });
  w.session.token = token;
  await w.sim.flush();
  return { w, uid, token };
}

describe('a save that fails', () => {
  it('answers an error, undoes the change, and the next change saves', async () => {
    const store = flaky();
    const { w, uid } = await signedIn(store);
    expect((await addCard(w, uid, 1)).code).toBe(0);
    store.fail = new StoreFullError('disk full');
    const r = await addCard(w, uid, 2);
    expect(r).toMatchObject({ code: -1, fault: 'http', status: 500 });
    store.fail = undefined;
    // Gone from memory at once, as from the store.
    expect(await banks(w)).toEqual(['Bank 1']);
    expect((await addCard(w, uid, 3)).code).toBe(0);
    expect(await banks(w)).toEqual(['Bank 1', 'Bank 3']);
    w.sim.stop();
    const again = await createWorld({ store, ticking: false });
    again.session.token = w.session.token;
    expect(await banks(again)).toEqual(['Bank 1', 'Bank 3']);
    again.sim.stop();
  });

  it('says why on the wire: 500, code 1000, storage full', async () => {
    const store = flaky();
    const { w, token } = await signedIn(store);
    store.fail = new StoreFullError('disk full');
    const req: WireRequest = {
      root: 'api',
      method: 'POST',
      path: '/waa/user/notification/read',
      headers: { Authorization: `Bearer ${token}` },
      body: { ids: [] },
    };
    // A call that writes nothing is not failed by the store.
    expect((await w.sim.handle(req)).status).toBe(200);
    const card = await encodeFields(
      w.sim.ctx.state.users[Object.keys(w.sim.ctx.state.users)[0] as string]?.aesKey ?? '',
      CARD(9),
      SENSITIVE_BANK_FIELDS,
    );
    const res = await w.sim.handle({ ...req, path: '/waa/user/bank/insert', body: card });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({
      code: 1000,
      msg: 'storage full: the change was not saved',
      data: null,
    });
    w.sim.stop();
  });

  it('fails only the calls whose writes it undid', async () => {
    const store = flaky();
    const { w, uid } = await signedIn(store);
    const other = await w.sim.backOffice.seedUser({
      email: 'b@example.com',
      password: 'secret123',
    });
    await w.sim.flush();
    // Both change at once; the store refuses the first save that holds the second one's card.
    const encoded = async (id: string, n: number) =>
      encodeFields(w.sim.ctx.state.users[id]?.aesKey ?? '', CARD(n), SENSITIVE_BANK_FIELDS);
    const [ca, cb] = [await encoded(uid, 1), await encoded(other.uid, 2)];
    const save = store.save;
    store.save = async (b) => {
      if (b.put.some(([, v]) => v.includes('"uid":"' + other.uid + '"')))
        throw new StoreFullError('disk full');
      return save(b);
    };
    // The client reads the session's token as a call starts.
    const mine = w.session.token;
    const a = w.api.call('addUserBankCard', ca);
    w.session.token = other.token;
    const b = w.api.call('addUserBankCard', cb);
    w.session.token = mine;
    const [ra, rb] = await Promise.all([a, b]);
    store.save = save;
    // Each answer matches what was kept.
    const kept = Object.values(w.sim.ctx.state.account.cards).map((c) => c.uid);
    expect(kept.includes(uid), JSON.stringify([ra, rb])).toBe(ra.code === 0);
    expect(kept.includes(other.uid)).toBe(rb.code === 0);
    expect(rb).toMatchObject({ code: -1, status: 500 });
    w.sim.stop();
  });

  it('undoes an order whole: no position, no margin, no phantom in the indexes or lists', async () => {
    const store = flaky();
    const t = await trader({ store, writeScope: nodeWriteScope() });
    await t.w.sim.flush();
    const got: OrdersMessage[] = [];
    const conn = await t.w.sim.connect('exchange', {
      message: (m) => 'ordertype' in m && 'data' in m && got.push(JSON.parse(JSON.stringify(m))),
      closed: () => {},
    });
    await conn.send({ op: 'auth', token: t.token });
    const before = (await t.w.api.call('userBalance')).data;
    store.fail = new StoreFullError('disk full');
    const r = await t.order({ tradePair: 'BTCUSDT' });
    store.fail = undefined;
    expect(r.status).toBe(500);
    expect((await t.w.api.call('userBalance')).data).toEqual(before);
    expect(runtime(t.w.sim.ctx).active.size).toBe(0);
    expect(Object.keys(t.w.sim.ctx.state.trading.orders)).toEqual([]);
    // The socket had been told of it; the next tick tells it the list is empty again.
    const told = got.filter((m) => m.ordertype === 'holding');
    expect(told.some((m) => (m as { data: unknown[] }).data.length === 1)).toBe(true);
    got.length = 0;
    t.w.clock.advance(1_000);
    const last = [...got].reverse().find((m) => m.ordertype === 'holding') as
      { data: unknown[] } | undefined;
    expect(last?.data).toEqual([]);
    // And trading goes on.
    expect((await t.order({ tradePair: 'BTCUSDT' })).code).toBe(0);
    conn.close();
    t.w.sim.stop();
  });

  it('stops acknowledging changes when the store cannot even be read back', async () => {
    const store = flaky();
    const { w, uid } = await signedIn(store);
    store.fail = new Error('EIO');
    store.failRead = true;
    expect((await addCard(w, uid, 1)).status).toBe(500);
    store.fail = undefined;
    store.failRead = false;
    // Memory may no longer be what the store holds: nothing more is acknowledged.
    expect((await addCard(w, uid, 2)).status).toBe(500);
    w.sim.stop();
  });
});

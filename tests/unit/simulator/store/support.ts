/** Shared set-up for the store tests: large worlds, images of a chosen size. */
import { memoryStore, type SimStore } from '../../../../src/simulator/store.ts';
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import type { OrderRecord } from '../../../../src/simulator/modules/trading/state.ts';
import type { UserRecord } from '../../../../src/simulator/users.ts';

/** A PNG-signed image of `bytes` bytes (the simulator checks the signature and the size). */
export function pngOf(bytes: number): Blob {
  const b = new Uint8Array(bytes);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < bytes; i++) b[i] = (i * 31) & 0xff;
  return new Blob([b], { type: 'image/png' });
}

/** Submit a USDT deposit with a proof; returns the reply code. */
export async function depositWith(w: TestWorld, amt: string, proof: Blob): Promise<number> {
  const metaData = JSON.stringify({ coinId: '101', amt, said: '', locale: 'en' });
  return (await w.api.call('userDeposit', { metaData, depositProof: proof })).code;
}

/**
 * A world with `users` users (one real, signed in; the rest copies of it),
 * `ordersPerUser` orders each and five 100 kB deposit proofs of the first user.
 */
export async function largeWorld(
  users: number,
  ordersPerUser: number,
  store: SimStore = memoryStore(),
): Promise<{ w: TestWorld; uid: string; store: SimStore }> {
  const w = await createWorld({ store, ticking: false });
  const { uid, token } = await w.sim.backOffice.seedUser({
    email: 'big@example.com',
    password: 'secret123',
    deposit: 10_000,
  });
  w.session.token = token;
  const q = (await w.api.call('thumb', { symbol: 'BTCUSDT' })).data!;
  const placed = await w.api.call('addOrder', {
    tradePair: 'BTCUSDT',
    price: q.price,
    stopPrice: null,
    takeProfitPprice: null,
    orderQuantity: 0.01,
    multiple: 20,
    orderType: 0,
    buyPoint: 2,
    token,
  });
  const s = w.sim.ctx.state;
  const order = s.trading.orders[placed.data!] as OrderRecord;
  const base = JSON.parse(JSON.stringify(s.users[uid])) as UserRecord;
  let id = s.nextId;
  for (let i = 1; i < users; i++) {
    const other = String(Number(uid) + 1_000_000 + i);
    s.users[other] = { ...base, uid: other, email: `u${i}@example.com` };
    s.ledger[`u:${other}:real:USD`] = '1000';
    s.ledger[`world:deposits:${other}:USD`] = '-1000';
  }
  for (let i = 0; i < users * ordersPerUser; i++) {
    const oid = String((id += 1));
    s.trading.orders[oid] = { ...order, id: oid, positionStatus: 3, closingTime: order.orderTime };
  }
  s.nextId = id;
  for (let i = 0; i < 5; i++) expect0(await depositWith(w, String(1000 + i), pngOf(100_000)));
  await w.sim.flush();
  return { w, uid, store };
}

function expect0(code: number) {
  if (code !== 0) throw new Error(`deposit answered ${code}`);
}

/**
 * The exchange channel's deltas (api/types/realtime.ts): a client that merges
 * them sees exactly the lists a full-list client sees, at every push, while the
 * server sends only what changed; a reconnect, an unfreeze and every structural
 * change bring a full list.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trader, type Trader } from './support.ts';
import type { ExchangeMessage, ServerMessage } from '../../../../src/api/types/realtime.ts';
import type { MarketOrder } from '../../../../src/api/types/trading.ts';
import { patchOrders } from '../../../../src/api/realtime/order-patch.ts';

let t: Trader;
afterEach(() => t?.w.sim.stop());

type Type = ExchangeMessage['ordertype'];

/** A raw connection to the hub, as a socket would have it: every message serialised. */
async function connect(tr: Trader, delta: boolean) {
  const wire: ExchangeMessage[] = [];
  const lists: Partial<Record<Type, MarketOrder[]>> = {};
  const conn = await tr.w.sim.connect('exchange', {
    message: (m: ServerMessage) => {
      if (!('ordertype' in m)) return;
      const copy = JSON.parse(JSON.stringify(m)) as ExchangeMessage;
      wire.push(copy);
      if ('data' in copy) lists[copy.ordertype] = copy.data;
      else patchOrders(lists[copy.ordertype] ?? [], copy.patch);
    },
    closed: () => {},
  });
  await conn.send(
    delta ? { op: 'auth', token: tr.token, delta: true } : { op: 'auth', token: tr.token },
  );
  await vi.waitFor(() => expect(lists.holding && lists.pending).toBeTruthy());
  return { wire, lists, conn };
}

const bytes = (ms: ExchangeMessage[]) => ms.reduce((s, m) => s + JSON.stringify(m).length, 0);

describe('trading: exchange channel deltas', () => {
  it('a merging client shows the same lists as a full-list client at every push, for far fewer bytes', async () => {
    t = await trader();
    await t.order({ tradePair: 'BTCUSDT' });
    await t.order({ tradePair: 'ETHUSDT', orderType: 1 });
    const full = await connect(t, false);
    const delta = await connect(t, true);
    full.wire.length = 0;
    delta.wire.length = 0;
    for (let s = 0; s < 60; s++) {
      t.w.clock.advance(1000);
      expect(delta.lists).toEqual(full.lists);
    }
    expect(delta.wire.length).toBe(full.wire.length);
    expect(delta.wire.every((m) => 'patch' in m)).toBe(true);
    // Each patch carries the live numbers only, never the order's fixed fields.
    const fields = new Set(
      delta.wire.flatMap((m) => ('patch' in m ? m.patch.flatMap((p) => Object.keys(p)) : [])),
    );
    expect([...fields].sort()).toEqual(['currentPrice', 'id', 'profitLoss']);
    expect(new Set(delta.lists.holding!.map((o) => o.profitLoss)).size).toBeGreaterThan(0);
    expect(bytes(delta.wire)).toBeLessThan(bytes(full.wire) / 4);
  });

  it('sends a full list on every structural change: placed, filled, closed', async () => {
    t = await trader();
    const delta = await connect(t, true);
    const full = await connect(t, false);
    delta.wire.length = 0;
    const id = (await t.order({ tradePair: 'BTCUSDT' })).data!;
    expect(delta.wire.at(-1)).toMatchObject({ ordertype: 'holding', data: [{ id }] });
    const q = await t.quote('ETHUSDT');
    // A buy limit at the ask fills on the next tick: out of one list, into the other.
    const limit = (await t.order({ tradePair: 'ETHUSDT', buyPoint: 1, price: q.askPrice })).data!;
    expect(delta.wire.at(-1)).toMatchObject({ ordertype: 'pending', data: [{ id: limit }] });
    delta.wire.length = 0;
    t.w.clock.advance(60_000);
    expect(t.w.sim.ctx.state.trading.orders[limit]!.positionStatus).toBe(2);
    expect(
      delta.wire
        .filter((m) => 'data' in m)
        .map((m) => m.ordertype)
        .sort(),
    ).toEqual(['holding', 'pending']);
    expect(delta.lists.holding!.map((o) => o.id).sort()).toEqual([id, limit].sort());
    t.w.clock.advance(3 * 60_000);
    expect(delta.lists).toEqual(full.lists);
    await t.refresh();
    await t.w.api.call('closeOrder', { orderId: id, token: t.token });
    expect(delta.wire.at(-1)).toMatchObject({ ordertype: 'holding', data: [{ id: limit }] });
    expect(delta.lists).toEqual(full.lists);
  });

  it('starts again from full lists after a reconnect and after a frozen spell', async () => {
    t = await trader();
    await t.order({ tradePair: 'BTCUSDT' });
    const first = await connect(t, true);
    t.w.clock.advance(2000);
    expect(first.wire.at(-1)).toHaveProperty('patch');
    first.conn.close();
    const again = await connect(t, true);
    expect(again.wire.slice(0, 2).every((m) => 'data' in m)).toBe(true);
    // Deltas lost while frozen would leave the client behind: the first message after is full.
    t.w.sim.backOffice.freezeChannel('exchange', true);
    t.w.clock.advance(3000);
    again.wire.length = 0;
    t.w.sim.backOffice.freezeChannel('exchange', false);
    t.w.clock.advance(1000);
    expect(again.wire[0]).toHaveProperty('data');
    expect(again.wire.at(-1)!.ordertype).toBe('holding');
  });
});

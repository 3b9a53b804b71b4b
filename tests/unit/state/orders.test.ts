/** The app's order lists merging the exchange channel's messages, and the server's choice of full list or delta. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyOrders,
  clearOrders,
  notePlaced,
  noteClosed,
  onPositionsGone,
  orders,
  UNLISTED_CHECKS_MS,
} from '../../../src/state/orders.ts';
import { ordersUpdate } from '../../../src/simulator/order-deltas.ts';
import type { MarketOrder } from '../../../src/api/types/trading.ts';

const order = (id: string, over: Partial<MarketOrder> = {}): MarketOrder => ({
  id,
  uid: '7',
  orderType: 0,
  buyPoint: 2,
  transactionTime: '2026-11-18 15:00:00',
  tradePair: 'BTCUSDT',
  productName: 'Bitcoin',
  orderQuantity: 0.1,
  securityDepositInitial: 70,
  openingPrice: 70000,
  currentPrice: 70010,
  stopPrice: null,
  takeProfitPrice: null,
  profitLoss: 1,
  feeAmount: 0.5,
  transactionTimeTs: 1,
  closingTimeTs: null,
  positionStatus: 2,
  ...over,
});

beforeEach(() => clearOrders());

describe('orders store: full lists and deltas', () => {
  it('changes only the patched fields of the patched orders', () => {
    applyOrders({ ordertype: 'holding', data: [order('1'), order('2')] });
    applyOrders({
      ordertype: 'holding',
      patch: [{ id: '2', currentPrice: 70100, profitLoss: 10 }],
    });
    expect(orders.holding).toEqual([
      order('1'),
      order('2', { currentPrice: 70100, profitLoss: 10 }),
    ]);
    // A patch for an order the list no longer has (it came late) changes nothing.
    applyOrders({ ordertype: 'holding', patch: [{ id: '9', profitLoss: 5 }] });
    expect(orders.holding.map((o) => o.profitLoss)).toEqual([1, 10]);
  });

  it('tells of open positions that left the list (closed), not of the first list or pending ones', () => {
    const told: string[][] = [];
    const off = onPositionsGone((ids) => told.push(ids));
    applyOrders({ ordertype: 'holding', data: [order('1'), order('2'), order('3')] });
    applyOrders({ ordertype: 'pending', data: [order('8', { positionStatus: 1 })] });
    expect(told).toEqual([]);
    applyOrders({ ordertype: 'holding', data: [order('2')] });
    applyOrders({ ordertype: 'pending', data: [] });
    expect(told).toEqual([['1', '3']]);
    off();
    applyOrders({ ordertype: 'holding', data: [] });
    expect(told).toEqual([['1', '3']]);
  });

  it('ignores a delta before the first full list (nothing to patch yet)', () => {
    applyOrders({ ordertype: 'holding', patch: [{ id: '1', profitLoss: 3 }] });
    expect(orders.loaded.holding).toBe(false);
    expect(orders.holding).toEqual([]);
  });

  it('the server sends what the client merges back into the current list', () => {
    const before = [order('1'), order('2')];
    const now = [order('1', { currentPrice: 70020, profitLoss: 2 }), order('2')];
    const msg = ordersUpdate(before, { ordertype: 'holding', data: now });
    expect(msg).toEqual({
      ordertype: 'holding',
      patch: [{ id: '1', currentPrice: 70020, profitLoss: 2 }],
    });
    applyOrders({ ordertype: 'holding', data: before.map((o) => ({ ...o })) });
    applyOrders(msg);
    expect(orders.holding).toEqual(now);
  });

  it('the server sends the full list when the orders, their order, or a field changed shape', () => {
    const full = (data: MarketOrder[]) => ({ ordertype: 'holding' as const, data });
    const a = [order('1'), order('2')];
    expect(ordersUpdate(undefined, full(a))).toHaveProperty('data');
    expect(ordersUpdate(a, full([order('1')]))).toHaveProperty('data');
    expect(ordersUpdate(a, full([order('2'), order('1')]))).toHaveProperty('data');
    const { transactionTime: _gone, ...noTime } = order('2');
    expect(ordersUpdate(a, full([order('1'), noTime as MarketOrder]))).toHaveProperty('data');
    expect(ordersUpdate(a, full([order('1'), order('2')]))).toEqual({
      ordertype: 'holding',
      patch: [],
    });
  });
});

describe('orders store: an order placed here that no list shows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Seen on a loaded machine (stop 38's run): a take profit 60 away fired before the channel
  // listed the order; "Order placed" said "Loading…" for ever and no notice said it closed.
  it('is looked for among the closed ones until found, then kept for "Order placed"', () => {
    const told: string[][] = [];
    const off = onPositionsGone((ids) => told.push(ids));
    applyOrders({ ordertype: 'holding', data: [] });
    notePlaced('5');
    vi.advanceTimersByTime(UNLISTED_CHECKS_MS[0] - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual([['5']]);
    // Not in the closed list yet: asked again at the next wait.
    vi.advanceTimersByTime(UNLISTED_CHECKS_MS[1] - UNLISTED_CHECKS_MS[0]);
    expect(told).toEqual([['5'], ['5']]);
    noteClosed([order('5', { positionStatus: 3, closeReason: 'takeProfit' })]);
    vi.advanceTimersByTime(60_000);
    expect(told).toEqual([['5'], ['5']]);
    expect(orders.closed['5']?.closeReason).toBe('takeProfit');
    off();
  });

  it('is not looked for once a list shows it, nor when one already did', () => {
    const told: string[][] = [];
    const off = onPositionsGone((ids) => told.push(ids));
    applyOrders({ ordertype: 'holding', data: [order('1')] });
    notePlaced('1');
    notePlaced('2');
    applyOrders({ ordertype: 'pending', data: [order('2', { positionStatus: 1 })] });
    vi.advanceTimersByTime(60_000);
    expect(told).toEqual([]);
    off();
  });

  it('keeps the newest 20 closed positions, and none after sign-out', () => {
    noteClosed(Array.from({ length: 25 }, (_, i) => order(String(i), { positionStatus: 3 })));
    expect(Object.keys(orders.closed).sort((a, b) => +a - +b)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 5)),
    );
    notePlaced('30');
    clearOrders();
    expect(orders.closed).toEqual({});
    const told: string[][] = [];
    const off = onPositionsGone((ids) => told.push(ids));
    vi.advanceTimersByTime(60_000);
    expect(told).toEqual([]);
    off();
  });
});

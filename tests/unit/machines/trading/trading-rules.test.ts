import { describe, expect, it } from 'vitest';
import type { ProductOrderInfo } from '../../../../src/api/types/trading.ts';
import {
  checkAmount,
  checkBalance,
  checkPendingPrice,
  checkStopLoss,
  checkTakeProfit,
  checkStopSide,
  marginOf,
  parseDeliveryTime,
  parseDeliveryTimes,
  payoutRate,
  settleVolume,
  stopReference,
  typeVolume,
  volumePrecision,
} from '../../../../src/machines/validation/trading.ts';
import {
  listCall,
  pagePayload,
  readPage,
  type InfiniteListContext,
} from '../../../../src/machines/shared/infiniteList/machine.ts';

const info = {
  minCount: 0.01,
  maxCount: 10,
  multiple: 20,
  pip: 0.01,
  pricePrecision: 2,
} as ProductOrderInfo;
const quote = { bid: 99.9, ask: 100.1, price: 100, time: 0 };

describe('market order rules (trading.md §5)', () => {
  it('clamps the volume: at once above the maximum, on leaving the field below the minimum', () => {
    expect(typeVolume('50', info)).toEqual({ value: '10', error: 'volume_max_rule' });
    expect(typeVolume('10.01', info)).toEqual({ value: '10', error: 'volume_max_rule' });
    expect(typeVolume('10', info)).toEqual({ value: '10' });
    expect(typeVolume('0.00', info)).toEqual({ value: '0.00' });
    expect(settleVolume('0.00', info)).toEqual({ value: '0.01', error: 'volume_min_rule' });
    expect(settleVolume('', info)).toEqual({ value: '', error: 'volume_empty_rule' });
    expect(settleVolume('2', info)).toEqual({ value: '2' });
    expect(settleVolume('0.01', info)).toEqual({ value: '0.01' });
    expect(settleVolume('10', info)).toEqual({ value: '10' });
    expect(settleVolume('2.', info)).toEqual({ value: '2' });
  });
  it('types whole shares for stocks', () => {
    expect(volumePrecision({ ...info, minCount: 1 })).toBe(0);
    expect(volumePrecision(info)).toBe(2);
  });
  it('refuses a buy above the ask and a sell below the bid', () => {
    expect(checkPendingPrice('100.2', 0, quote)).toBe('index.wrong_price');
    expect(checkPendingPrice('99', 0, quote)).toBeUndefined();
    expect(checkPendingPrice('99.8', 1, quote)).toBe('index.wrong_price');
    expect(checkPendingPrice('101', 1, quote)).toBeUndefined();
    expect(checkPendingPrice('', 0, quote)).toBe('index.wrong_price');
    // Inside the spread, and at the bound itself: a buy against the ask, a sell against the bid.
    expect(checkPendingPrice('100.05', 0, quote)).toBeUndefined();
    expect(checkPendingPrice('100.1', 0, quote)).toBeUndefined();
    expect(checkPendingPrice('99.95', 1, quote)).toBeUndefined();
    expect(checkPendingPrice('99.9', 1, quote)).toBeUndefined();
  });
  it('needs stops when enabled, and no zero stop loss', () => {
    expect(checkStopLoss('', true)).toBe('stoploss_empty_rule');
    expect(checkStopLoss('0', true)).toBe('stoploss_zero_rule');
    expect(checkStopLoss('', false)).toBeUndefined();
    expect(checkTakeProfit('', true)).toBe('takeprofit_empty_rule');
  });
  it('sets stops against the closing side: the bid for a buy, the ask for a sell, else the limit', () => {
    expect(stopReference(0, false, '', quote)).toBe(99.9);
    expect(stopReference(1, false, '', quote)).toBe(100.1);
    expect(stopReference(0, true, '98.5', quote)).toBe(98.5);
    expect(stopReference(1, true, '', quote)).toBe(100.1);
    expect(stopReference(0, false, '', null)).toBeUndefined();
  });
  it('refuses a stop on the wrong side of its reference with the code the server would send', () => {
    // Market orders: 308–311; pending orders (against the limit price): 312–315.
    expect(checkStopSide('stopLoss', '101', 0, false, 99.9)).toBe('code.311');
    expect(checkStopSide('stopLoss', '99.9', 0, false, 99.9)).toBe('code.311');
    expect(checkStopSide('takeProfit', '98', 0, false, 99.9)).toBe('code.310');
    expect(checkStopSide('stopLoss', '99', 1, false, 100.1)).toBe('code.309');
    expect(checkStopSide('takeProfit', '101', 1, false, 100.1)).toBe('code.308');
    expect(checkStopSide('takeProfit', '101', 1, true, 100.1)).toBe('code.312');
    expect(checkStopSide('stopLoss', '99', 1, true, 100.1)).toBe('code.313');
    expect(checkStopSide('takeProfit', '98', 0, true, 99.9)).toBe('code.314');
    expect(checkStopSide('stopLoss', '101', 0, true, 99.9)).toBe('code.315');
    // The right side, empty, or no reference yet: nothing to refuse.
    expect(checkStopSide('stopLoss', '95', 0, false, 99.9)).toBeUndefined();
    expect(checkStopSide('takeProfit', '105', 0, false, 99.9)).toBeUndefined();
    expect(checkStopSide('stopLoss', '', 0, false, 99.9)).toBeUndefined();
    expect(checkStopSide('stopLoss', '101', 0, false, undefined)).toBeUndefined();
  });
  it('computes margin in decimals and checks it against the balance', () => {
    expect(marginOf(71047.16, '0.01', info)).toBe('35.52');
    expect(marginOf(0.1, '3', { ...info, multiple: 3 })).toBe('0.10');
    expect(checkBalance('35.52', 35.51)).toBe('insufficient_balance');
    expect(checkBalance('35.52', 35.52)).toBeUndefined();
  });
});

describe('option rules (trading.md §3, §5)', () => {
  it('decodes timeRatePayload entries', () => {
    expect(parseDeliveryTime('30|80^10,50,100^10000|10^30s')).toEqual({
      timeLong: 30,
      profitRate: 80,
      chips: [10, 50, 100],
      max: 10000,
      min: 10,
      name: '30s',
    });
    expect(parseDeliveryTime('60|85^^0|5')).toMatchObject({
      chips: [],
      max: 0,
      min: 5,
      name: '60s',
    });
    expect(parseDeliveryTime('x|1')).toBeUndefined();
    expect(parseDeliveryTimes({ b: '300|90^^|', a: '30|80^^|' }).map((d) => d.timeLong)).toEqual([
      30, 300,
    ]);
  });
  it('checks the amount: required, positive integer, in range with max only when > 0', () => {
    const term = parseDeliveryTime('30|80^10^100|10');
    expect(checkAmount('', term)).toBe('amount_empty_rule');
    expect(checkAmount('10.5', term)).toBe('amount_positive_int_rule');
    expect(checkAmount('0', term)).toBe('amount_positive_int_rule');
    expect(checkAmount('5', term)).toBe('amount_range_rule');
    expect(checkAmount('101', term)).toBe('amount_range_rule');
    expect(checkAmount('100', term)).toBeUndefined();
    expect(checkAmount('1000000', parseDeliveryTime('30|80^10^0|10'))).toBeUndefined();
    expect(payoutRate(term)).toBe(0.8);
  });
});

describe('list paging (trading.md §4 "Lists", user-centre.md §7)', () => {
  const ctx = (call: InfiniteListContext['call']) =>
    ({ call, payload: { type: 1 }, limit: 10 }) as unknown as InfiniteListContext;
  it('pages with page/limit, or pageNum/pageSize for deposit and withdrawal records', () => {
    expect(pagePayload(ctx('walletRecord'), 2)).toEqual({ type: 1, page: 2, limit: 10 });
    expect(pagePayload(ctx('uesrRecharge'), 3)).toEqual({ type: 1, pageNum: 3, pageSize: 10 });
  });
  it('reads list or items with the other fields as totals', () => {
    expect(readPage({ list: [1], pages: 2, profitLossToday: 3 })).toEqual({
      items: [1],
      pages: 2,
      totals: { profitLossToday: 3 },
    });
    expect(readPage({ items: [1, 2], pages: 1, todayWinLoss: 0, totalWinLoss: 5 }).items).toEqual([
      1, 2,
    ]);
    expect(readPage(null)).toEqual({ items: [], pages: 0, totals: {} });
  });
  it('uses the Mock call on a demo account where there is one', () => {
    expect(listCall('userOrder', true)).toBe('userOrderMock');
    expect(listCall('userOrder')).toBe('userOrder');
    expect(listCall('userOptionHistory', true)).toBe('userOptionHistory');
  });
});

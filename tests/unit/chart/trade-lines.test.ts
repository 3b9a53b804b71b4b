/**
 * Trades on the chart (issue 28 item 1): which lines and markers a symbol's
 * trades make, their prices, labels, names and colours, and how the chart's
 * overlays follow them (created, changed, removed at once, never saved as
 * drawings), with a chart that records its calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chart, KLineData, OverlayCreate } from 'klinecharts';
import type { MarketOrder, OptionOrder } from '../../../src/api/types/trading.ts';
import {
  linesKey,
  spreadLabels,
  tradeLines,
  tradeMarks,
  type TradeWords,
} from '../../../src/ui/chart/trade-lines.ts';
import type { TradeOverlayState } from '../../../src/ui/chart/trade-overlays.ts';
import type * as TradeOverlays from '../../../src/ui/chart/trade-overlays.ts';
import type * as Drawings from '../../../src/ui/chart/drawings.ts';
import type { FakeElement } from './headless-chart.ts';
import { headlessChart, settle } from './headless-chart.ts';

// klinecharts needs a DOM when it loads: the headless chart installs one first.
let overlays: typeof TradeOverlays;
let drawings: typeof Drawings;
let real: Chart;
beforeAll(async () => {
  const bars: KLineData[] = Array.from({ length: 30 }, (_, i) => ({
    timestamp: i * 60_000,
    open: 56_500 + i,
    high: 56_520 + i,
    low: 56_480 + i,
    close: 56_505 + i,
    volume: 1,
  }));
  real = await headlessChart(bars);
  overlays = await import('../../../src/ui/chart/trade-overlays.ts');
  drawings = await import('../../../src/ui/chart/drawings.ts');
});

const WORDS: Record<string, string> = {
  'order.buy': 'Buy',
  'order.sell': 'Sell',
  'order.stopLoss': 'Stop loss',
  'order.takeProfit': 'Take profit',
  'position.pendingOrder': 'Pending order',
  'option.long': 'Buy long',
  'option.short': 'Buy short',
  'option.timeLeft': '{{seconds}} s left',
};
const t: TradeWords = (key, values) =>
  (WORDS[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values?.[k]));

const order = (id: string, over: Partial<MarketOrder> = {}): MarketOrder => ({
  id,
  uid: '7',
  orderType: 0,
  buyPoint: 2,
  tradePair: 'BTCUSDT',
  productName: 'Bitcoin',
  orderQuantity: 0.1,
  securityDepositInitial: 280,
  openingPrice: 56_552.8,
  currentPrice: 56_560,
  stopPrice: null,
  takeProfitPrice: null,
  profitLoss: 0.72,
  feeAmount: 2.83,
  transactionTimeTs: 1_000,
  closingTimeTs: null,
  positionStatus: 2,
  ...over,
});

const option = (uid: string, over: Partial<OptionOrder> = {}): OptionOrder => ({
  id: uid,
  uid,
  orderType: 0,
  tradePair: 'BTCUSDT',
  productName: 'Bitcoin',
  price: 56_500.25,
  priceEnd: null,
  feeAmount: 0,
  timeLong: 60,
  beginTime: 0,
  endTime: 60_000,
  completeTime: null,
  amount: 100,
  rate: 85,
  winLost: null,
  positionStatus: 0,
  ...over,
});

describe('trade lines', () => {
  it('a position with both stops: its entry with side, volume and live P&L, then each stop', () => {
    const lines = tradeLines(
      'BTCUSDT',
      [order('1', { stopPrice: 56_492.8, takeProfitPrice: 56_612.8 })],
      [],
      [],
      0,
      t,
    );
    expect(lines.map((l) => [l.key, l.kind, l.price, l.label, l.name, l.tone])).toEqual([
      ['position:1', 'position', 56_552.8, 'Buy 0.10 · +0.72 USD', 'Buy 0.10 · 56552.80', 'up'],
      ['stopLoss:1', 'stopLoss', 56_492.8, 'Stop loss 56492.80', 'Stop loss 56492.80', 'down'],
      [
        'takeProfit:1',
        'takeProfit',
        56_612.8,
        'Take profit 56612.80',
        'Take profit 56612.80',
        'up',
      ],
    ]);
    expect(new Set(lines.map((l) => JSON.stringify(l.target)))).toEqual(
      new Set([JSON.stringify({ kind: 'order', id: '1' })]),
    );
  });

  it('a sell with a loss, a pending order, a running option; other symbols and ended options are left out', () => {
    const lines = tradeLines(
      'BTCUSDT',
      [order('1', { orderType: 1, profitLoss: -4.8 }), order('2', { tradePair: 'ETHUSDT' })],
      [order('3', { positionStatus: 1, buyPoint: 1, openingPrice: 56_000, orderQuantity: 1 })],
      [option('o1'), option('o2', { endTime: 1_000 }), option('o3', { tradePair: 'ETHUSDT' })],
      18_200,
      t,
    );
    expect(lines.map((l) => [l.key, l.label, l.tone])).toEqual([
      ['position:1', 'Sell 0.10 · -4.80 USD', 'down'],
      ['pending:3', 'Buy 1.00 · Pending order 56000.00', 'up'],
      ['option:o1', 'Buy long 100.00 USD · 42 s left', 'up'],
    ]);
    expect(lines.find((l) => l.key === 'option:o1')).toMatchObject({
      price: 56_500.25,
      name: 'Buy long 100.00 USD · 56500.25',
      target: { kind: 'option', id: 'o1' },
    });
  });

  it('markers for this symbol’s closed trades that have both times', () => {
    const closed = [
      order('1', { positionStatus: 3, closingTimeTs: 5_000, currentPrice: 56_600 }),
      order('2', { positionStatus: 3, closingTimeTs: null }),
      order('3', { positionStatus: 3, closingTimeTs: 6_000, tradePair: 'ETHUSDT' }),
      order('4', { positionStatus: 3, closingTimeTs: 7_000, orderType: 1 }),
    ];
    expect(tradeMarks('BTCUSDT', closed)).toEqual([
      {
        key: 'closed:1',
        tone: 'up',
        entry: { timestamp: 1_000, value: 56_552.8 },
        exit: { timestamp: 5_000, value: 56_600 },
      },
      {
        key: 'closed:4',
        tone: 'down',
        entry: { timestamp: 1_000, value: 56_552.8 },
        exit: { timestamp: 7_000, value: 56_560 },
      },
    ]);
  });
});

/** A chart that records the overlay calls the trade layer makes. */
function recordingChart() {
  const calls: Array<[string, unknown]> = [];
  const created = new Map<string, OverlayCreate>();
  const chart = {
    getDom: () => null,
    createOverlay(o: OverlayCreate) {
      calls.push(['create', o.id]);
      created.set(o.id!, o);
      return o.id;
    },
    overrideOverlay(o: Partial<OverlayCreate>) {
      calls.push(['override', o.id]);
      return true;
    },
    removeOverlay(f: { id?: string; groupId?: string }) {
      calls.push(['remove', f.id ?? `group:${f.groupId}`]);
      return true;
    },
  } as unknown as Chart;
  return { chart, calls, created };
}

describe('trade overlays', () => {
  const colours = { up: '#16a34a', down: '#dc2626', text: '#ffffff' };

  it('are created once, changed only where a line changed, and removed at once', () => {
    const { syncTradeOverlays, TRADES_GROUP } = overlays;
    const { chart, calls, created } = recordingChart();
    const state: TradeOverlayState = new Map();
    const opened: unknown[] = [];
    const sync = (orders: MarketOrder[]) =>
      syncTradeOverlays(
        chart,
        tradeLines('BTCUSDT', orders, [], [], 0, t),
        [],
        colours,
        (x) => opened.push(x),
        state,
      );
    sync([order('1', { stopPrice: 56_000 })]);
    expect(calls).toEqual([
      ['create', 'trade:position:1'],
      ['create', 'trade:stopLoss:1'],
    ]);
    expect(created.get('trade:position:1')).toMatchObject({
      name: 'tradeLine',
      groupId: TRADES_GROUP,
      lock: true,
      points: [{ value: 56_552.8 }],
      extendData: { label: 'Buy 0.10 · +0.72 USD', colour: '#16a34a', kind: 'position' },
    });
    // The group is not the drawings' (drawings.ts saves and removes only its own).
    expect(TRADES_GROUP).not.toBe('drawings');

    calls.length = 0;
    sync([order('1', { stopPrice: 56_000 })]);
    expect(calls).toEqual([]);
    // The P&L moved: the entry's label reads it when the chart next draws (on the candle's
    // update; klinecharts keeps a copy of the overlay's data), with no redraw of its own.
    sync([order('1', { stopPrice: 56_000, profitLoss: -1.5 })]);
    expect(calls).toEqual([]);
    const entry = state.get('position:1')!;
    expect(entry.next ?? entry.label).toBe('Buy 0.10 · -1.50 USD');
    // Its stop moved: that line is overridden.
    sync([order('1', { stopPrice: 56_100, profitLoss: -1.5 })]);
    expect(calls).toEqual([['override', 'trade:stopLoss:1']]);

    // Its label opens the order (the label's element calls it: below).
    state.get('position:1')?.open?.();
    expect(opened).toEqual([{ kind: 'order', id: '1' }]);

    // Closed: both its lines go in the same pass.
    calls.length = 0;
    sync([]);
    expect(calls).toEqual([
      ['remove', 'trade:position:1'],
      ['remove', 'trade:stopLoss:1'],
    ]);
    expect(state.size).toBe(0);
  });

  it('markers are created and removed with the closed list; clearing removes the whole group', () => {
    const { syncTradeOverlays, clearTradeOverlays, TRADES_GROUP } = overlays;
    const { chart, calls } = recordingChart();
    const state: TradeOverlayState = new Map();
    const marks = tradeMarks('BTCUSDT', [order('9', { positionStatus: 3, closingTimeTs: 9_000 })]);
    syncTradeOverlays(chart, [], marks, colours, () => {}, state);
    expect(calls).toEqual([['create', 'trade:closed:9']]);
    clearTradeOverlays(chart, state);
    expect(calls.at(-1)).toEqual(['remove', `group:${TRADES_GROUP}`]);
    expect(state.size).toBe(0);
  });
});

describe('trade overlays in klinecharts', () => {
  it('are locked overlays of their own group: drawings neither save nor remove them', () => {
    const { syncTradeOverlays, clearTradeOverlays, TRADES_GROUP } = overlays;
    const state: TradeOverlayState = new Map();
    const lines = tradeLines('BTCUSDT', [order('1', { takeProfitPrice: 57_000 })], [], [], 0, t);
    syncTradeOverlays(real, lines, [], { up: '#0a0', down: '#a00', text: '#fff' }, () => {}, state);
    const drawn = () => real.getOverlays({ groupId: TRADES_GROUP });
    expect(drawn().map((o) => [o.id, o.name, o.lock, o.points[0]?.value])).toEqual([
      ['trade:position:1', 'tradeLine', true, 56_552.8],
      ['trade:takeProfit:1', 'tradeLine', true, 57_000],
    ]);
    expect(drawings.finishedDrawings(real)).toEqual([]);
    drawings.removeDrawings(real);
    expect(drawn()).toHaveLength(2);
    clearTradeOverlays(real, state);
    expect(drawn()).toHaveLength(0);
  });
});

describe('a trade line’s place', () => {
  it('a rule across the pane with its label at the left; beyond the prices in view, the label waits at that edge', () => {
    const { linePlace } = overlays;
    const pane = { width: 300, height: 200 };
    const label = 'Take profit 57000.00';
    expect(linePlace(80.4, undefined, pane, label)).toEqual({
      row: 80,
      labelY: 80.4,
      text: label,
      arrow: '',
      align: 'left',
    });
    // Moved off a label close by (spreadLabels): the rule stays at its price.
    expect(linePlace(80.4, 99, pane, label)).toMatchObject({ row: 80, labelY: 99 });
    expect(linePlace(-30, undefined, pane, label)).toEqual({
      row: null,
      labelY: 12,
      text: label,
      arrow: '↑ ',
      align: 'right',
    });
    expect(linePlace(260, undefined, pane, label)).toEqual({
      row: null,
      labelY: 188,
      text: label,
      arrow: '↓ ',
      align: 'right',
    });
  });
});

describe('trade lines over a chart', () => {
  const colours = { up: '#0a0', down: '#a00', text: '#fff' };
  const elements = () =>
    (real.getDom('candle_pane', 'main') as unknown as FakeElement)
      .all()
      .filter((e) => e.className.startsWith('trade-'));
  const tags = () =>
    (real.getDom('candle_pane', 'yAxis') as unknown as FakeElement)
      .all()
      .filter((e) => e.className.includes('trade-tag'));

  it('each line is a rule and a label over the pane that opens its trade; the entry is tagged on the axis; closing removes them', async () => {
    const state: TradeOverlayState = new Map();
    const opened: unknown[] = [];
    const sync = (orders: MarketOrder[]) =>
      overlays.syncTradeOverlays(
        real,
        tradeLines('BTCUSDT', orders, [], [], 0, t),
        [],
        colours,
        (x) => opened.push(x),
        state,
      );
    sync([order('1', { takeProfitPrice: 56_530 })]);
    await settle();
    const layer = elements().find((e) => e.className === 'trade-layer')!;
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    const labels = elements().filter((e) => e.className === 'trade-label');
    expect(labels.map((e) => e.textContent)).toEqual([
      'Buy 0.10 · +0.72 USD',
      'Take profit 56530.00',
    ]);
    const rules = elements().filter((e) => e.className === 'trade-rule');
    expect(rules).toHaveLength(2);
    // Placed by the chart's drawing pass: a whole pixel row each, the lower price lower.
    const row = (e: FakeElement) => Number(/translateY\((-?\d+)px\)/.exec(e.style.transform!)?.[1]);
    expect(rules.every((e) => Number.isInteger(row(e)))).toBe(true);
    expect(row(rules[1]!)).toBeGreaterThan(row(rules[0]!));
    expect(labels[0]!.style.background).toBe('#0a0');
    expect(tags().map((e) => e.textContent)).toEqual(['56552.80']);

    // The label opens the trade; a press on it is not the chart's (no drag, no crosshair).
    expect(labels[0]!.dispatch('click')).toBe(1);
    expect(labels[0]!.dispatch('mousedown')).toBe(1);
    expect(opened).toEqual([{ kind: 'order', id: '1' }]);
    expect(rules[0]!.dispatch('click')).toBe(0);

    // The P&L moves: only the label's text changes, with no pass of the chart (a still price
    // draws none), at most every LIVE_LABEL_MS, the newest text last.
    const pnl = (profitLoss: number) => sync([order('1', { takeProfitPrice: 56_530, profitLoss })]);
    const after = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await after(overlays.LIVE_LABEL_MS + 20);
    pnl(-1.5);
    expect(labels[0]!.textContent).toBe('Buy 0.10 · -1.50 USD');
    pnl(2.25);
    pnl(3);
    expect(labels[0]!.textContent).toBe('Buy 0.10 · -1.50 USD');
    // Held back, then written in a drawing frame (a timer's frame here: no requestAnimationFrame).
    await after(overlays.LIVE_LABEL_MS + 80);
    expect(labels[0]!.textContent).toBe('Buy 0.10 · +3.00 USD');
    // The chart's next pass keeps it.
    real.setStyles({ grid: { show: false } });
    await settle();
    expect(labels[0]!.textContent).toBe('Buy 0.10 · +3.00 USD');

    // Closed: its elements go at once, before any pass.
    sync([]);
    expect(elements().filter((e) => e.className !== 'trade-layer')).toEqual([]);
    expect(tags()).toEqual([]);
    overlays.clearTradeOverlays(real, state);
    expect(elements()).toEqual([]);
  });
});

describe('labels never cover each other', () => {
  const H = 18;
  const apart = (ys: number[]) => {
    const s = [...ys].sort((a, b) => a - b);
    return s.every((y, i) => i === 0 || y - s[i - 1]! >= H - 1e-9);
  };

  it('leaves labels far apart where their lines are', () => {
    expect(spreadLabels([50, 200, 120], 400, H)).toEqual([50, 200, 120]);
  });

  it('pushes a close stop loss and take profit off the entry, keeping their order', () => {
    // entry 200, stop loss 205 below it, take profit 196 above it: one stack, in price order.
    const out = spreadLabels([200, 205, 196], 400, H);
    expect(apart(out)).toBe(true);
    expect(out[2]).toBeLessThan(out[0]!);
    expect(out[0]).toBeLessThan(out[1]!);
    expect(out[2]).toBe(196);
  });

  it('keeps the stack inside the pane at its bottom and top', () => {
    const bottom = spreadLabels([395, 398, 399], 400, H);
    expect(apart(bottom)).toBe(true);
    expect(Math.max(...bottom)).toBeLessThanOrEqual(400 - H / 2);
    const top = spreadLabels([1, 0, 2], 400, H);
    expect(apart(top)).toBe(true);
    expect(Math.min(...top)).toBeGreaterThanOrEqual(H / 2);
  });

  it('keeps the first ones readable when more labels than fit are in view', () => {
    const out = spreadLabels([10, 10, 10, 10], 40, H);
    expect(out.slice(0, 2)).toEqual([H / 2, H / 2 + H]);
  });
});

describe('trade labels on the chart', () => {
  // A chart with three trade lines: two close together in view, one above the prices in view.
  const lines = [
    { id: 'trade:position:1', points: [{ value: 100 }], visible: true },
    { id: 'trade:stopLoss:1', points: [{ value: 99.9 }], visible: true },
    { id: 'trade:takeProfit:1', points: [{ value: 500 }], visible: true },
    { id: 'trade:pending:2', points: [{ value: 600 }], visible: true },
  ];
  const chart = {} as unknown as Chart;
  // 1 px per 0.1 of price, 100 at 200 px; above 150 is off the pane's top.
  const yAxis = { convertToPixel: (v: number) => 200 - (v - 100) * 10 } as never;

  it('each takes its place among all the trade labels', () => {
    overlays.noteTradeLines(
      chart,
      lines.map((l) => ({ id: l.id, value: l.points[0]!.value })),
    );
    const place = (id: string) => overlays.labelPlace(chart, yAxis, id, 400);
    const entry = place('trade:position:1')!;
    const stop = place('trade:stopLoss:1')!;
    // The stop (1 px under the entry) is moved down a whole label.
    expect(entry).toBe(200);
    expect(stop - entry).toBeGreaterThanOrEqual(18);
    // Two beyond the top wait at the right one above the other, not on top of each other.
    expect(place('trade:takeProfit:1')).toBe(12);
    expect(place('trade:pending:2')).toBe(30);
  });
});

describe('what a change of the orders redraws', () => {
  it('a P&L or a current price patched: the same lines (a label only); a stop, a fill, another order: new lines', () => {
    const key = (holding: MarketOrder[], pending: MarketOrder[] = []) =>
      linesKey('BTCUSDT', holding, pending);
    const base = key([order('1', { stopPrice: 56_000 })]);
    expect(key([order('1', { stopPrice: 56_000, profitLoss: -4, currentPrice: 56_400 })])).toBe(
      base,
    );
    // Another symbol's order is not on this chart.
    expect(key([order('1', { stopPrice: 56_000 }), order('2', { tradePair: 'ETHUSDT' })])).toBe(
      base,
    );
    for (const changed of [
      key([order('1', { stopPrice: 56_100 })]),
      key([order('1', { stopPrice: 56_000, takeProfitPrice: 57_000 })]),
      key([order('1', { stopPrice: 56_000, orderQuantity: 0.2 })]),
      key([order('1', { stopPrice: 56_000 }), order('2')]),
      key([], [order('1', { stopPrice: 56_000 })]),
      key([]),
    ])
      expect(changed).not.toBe(base);
  });
});

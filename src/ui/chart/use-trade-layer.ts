/**
 * The trade layer of a product chart (issue 28 item 1): the signed-in user's
 * open positions, their stops, pending orders and running options as lines,
 * and closed trades as entry and exit markers (trade-lines.ts), kept in step
 * with the exchange channel's lists (state/orders.ts), the running options
 * (running-options-feed.ts) and the closed list.
 *
 * It never re-renders the chart's React tree on a live update: the lists are
 * watched with valtio's `subscribe`, and the overlays redrawn at most once per
 * animation frame (a P&L that moves changes only its label). What a screen
 * reader is told (`names`) changes only when a line comes, goes or moves.
 */
import { useEffect, useState } from 'react';
import type { Chart } from 'klinecharts';
import { subscribe } from 'valtio/vanilla';
import type { ApiClient } from '../../api/client.ts';
import type { MarketOrder } from '../../api/types/trading.ts';
import { orders } from '../../state/orders.ts';
import { serverNow } from '../../state/server-clock.ts';
import { decodeToken, isDemo, session } from '../../state/session.ts';
import { tradeEvents } from '../../state/trade-events.ts';
import { runningOptions } from '../../state/running-options.ts';
import { watchRunningOptions } from '../trade/running-options-feed.ts';
import { recentClosedOrders } from '../trade/trade-results.ts';
import { animationFrame, atMostEvery } from './frame-batch.ts';
import {
  cachedWords,
  linesKey,
  tradeLines,
  tradeMarks,
  type TradeTarget,
  type TradeWords,
} from './trade-lines.ts';
import {
  LIVE_LABEL_GRACE_MS,
  LIVE_LABEL_MS,
  clearTradeOverlays,
  syncTradeOverlays,
  type TradeColours,
  type TradeOverlayState,
} from './trade-overlays.ts';

/** How many of the newest closed trades are looked at for markers. */
export const CLOSED_MARKS = 50;

/** A line as a screen reader hears it, and what it opens. */
export interface TradeLineName {
  key: string;
  name: string;
  target: TradeTarget;
}

const sameNames = (a: readonly TradeLineName[], b: readonly TradeLineName[]) =>
  a.length === b.length && a.every((x, i) => x.key === b[i]!.key && x.name === b[i]!.name);

interface LayerOptions {
  api: ApiClient;
  colours: TradeColours;
  t: TradeWords;
  onOpen: (target: TradeTarget) => void;
  /** The lines' names changed (one came, went or moved). */
  onNames: (names: TradeLineName[]) => void;
}

/** Draw the trades of `symbol` on `chart` until the returned function is called. */
function attachTradeLayer(chart: Chart, symbol: string, o: LayerOptions): () => void {
  const state: TradeOverlayState = new Map();
  let closed: MarketOrder[] = [];
  let shown: TradeLineName[] = [];
  let cancel: (() => void) | undefined;
  let alive = true;
  const words = cachedWords(o.t);

  const draw = () => {
    cancel = undefined;
    drawnKey = linesKey(symbol, orders.holding, orders.pending);
    const lines = tradeLines(
      symbol,
      orders.holding,
      orders.pending,
      runningOptions.list ?? [],
      serverNow(),
      words,
    );
    syncTradeOverlays(chart, lines, tradeMarks(symbol, closed), o.colours, o.onOpen, state);
    const next = lines.map((l) => ({ key: l.key, name: l.name, target: l.target }));
    if (!sameNames(shown, next)) {
      shown = next;
      o.onNames(next);
    }
  };
  const schedule = () => {
    cancel ??= animationFrame(draw);
  };
  // A P&L patch changes only a position's label: drawn at most every LIVE_LABEL_MS (the label
  // is written no more often anyway), not with every price of a busy symbol; on a steady feed
  // from the patch's own message, so no timer wakes the page between prices.
  const live = atMostEvery(LIVE_LABEL_MS, () => schedule(), LIVE_LABEL_GRACE_MS);
  let drawnKey = '';
  const onOrders = () => {
    const key = linesKey(symbol, orders.holding, orders.pending);
    if (key === drawnKey) live.call();
    else schedule();
  };
  const loadClosed = () =>
    void recentClosedOrders(o.api, isDemo(decodeToken(session.token)), CLOSED_MARKS).then(
      (list) => {
        if (!alive) return;
        closed = list;
        schedule();
      },
    );

  const offs = [
    subscribe(orders, onOrders),
    subscribe(runningOptions, schedule),
    // A trade closed or an option settled: its marker, or its line gone.
    subscribe(tradeEvents, loadClosed),
    watchRunningOptions(o.api, false),
  ];
  // The options' time left, once a second while one runs on this symbol.
  const clock = setInterval(() => {
    if (runningOptions.list?.some((x) => x.tradePair === symbol)) schedule();
  }, 1000);
  loadClosed();
  draw();
  return () => {
    alive = false;
    for (const off of offs) off();
    clearInterval(clock);
    live.cancel();
    cancel?.();
    clearTradeOverlays(chart, state);
  };
}

export function useTradeLayer(
  chart: Chart | null,
  symbol: string,
  opts: {
    api: ApiClient;
    signedIn: boolean;
    colours: TradeColours;
    t: TradeWords;
    /** A line's label was clicked or tapped; undefined: no trade layer. */
    onOpen: ((target: TradeTarget) => void) | undefined;
  },
): TradeLineName[] {
  const { api, signedIn, colours, t, onOpen } = opts;
  const [names, setNames] = useState<TradeLineName[]>([]);
  const on = !!onOpen && signedIn;
  const { up, down, text } = colours;
  // Read through a box so a new callback identity does not rebuild the layer.
  const [box] = useState(() => ({ onOpen }));
  box.onOpen = onOpen;

  useEffect(() => {
    if (!chart || !on) return;
    const off = attachTradeLayer(chart, symbol, {
      api,
      colours: { up, down, text },
      t,
      onOpen: (target) => box.onOpen?.(target),
      onNames: setNames,
    });
    return () => {
      off();
      setNames([]);
    };
  }, [chart, on, symbol, api, t, up, down, text, box]);

  return on ? names : [];
}

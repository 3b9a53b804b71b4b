/**
 * Klines for the chart: history (limit 300) plus the live kline channel,
 * served to klinecharts as its data loader.
 *
 * The live subscription starts before the history request, and bars that
 * arrive meanwhile wait until the history is in, so no bar is lost between
 * the two. After the market channel reconnects, `refill` fetches history
 * again and applies every bar from the chart's last one on: the stale last
 * candle is corrected and missed candles are added, without resetting the
 * user's zoom or scroll. Live bars reach the chart at most once per frame.
 */
import type { DataLoader, KLineData } from 'klinecharts';
import type { KlinePoint } from '../../api/types/trading.ts';
import type { Period } from '../../api/wire.ts';
import { createFrameBatch, type Schedule } from './frame-batch.ts';
import { klinePeriod, toKLineData } from './kline-data.ts';

export interface KlineSource {
  /** The last bars, oldest first; undefined when the call failed. */
  history(symbol: string, period: Period): Promise<KlinePoint[] | undefined>;
  /** Live bars of one symbol and period; returns unsubscribe. */
  subscribe(symbol: string, period: Period, onBar: (bar: KlinePoint) => void): () => void;
}

/** What a refill did: 'reload' when the gap is wider than the history window. */
export type RefillResult = 'applied' | 'reload' | 'skipped';

export interface KlineFeed {
  loader: DataLoader;
  /** Start live bars and fetch history; undefined when a later prepare superseded this one. */
  prepare(symbol: string, period: Period): Promise<KlinePoint[] | undefined>;
  /** Re-read history after a reconnect; `lastTimestamp` is the chart's newest bar. */
  refill(lastTimestamp: number | undefined): Promise<RefillResult>;
  dispose(): void;
}

interface Prepared {
  symbol: string;
  period: Period;
  bars: KLineData[];
}

export function createKlineFeed(source: KlineSource, schedule?: Schedule): KlineFeed {
  let gen = 0;
  let key: { symbol: string; period: Period } | undefined;
  let ready: Prepared | undefined;
  let unsubscribe: (() => void) | undefined;
  let sink: ((bar: KLineData) => void) | undefined;
  let refilling = false;
  // Live bars held while the chart is not listening or a refill is reading history.
  let waiting = new Map<number, KLineData>();
  const batch = createFrameBatch((bars) => {
    for (const b of bars) sink?.(b);
  }, schedule);

  const onLive = (p: KlinePoint) => {
    const bar = toKLineData(p);
    if (sink && !refilling) batch.push(bar);
    else waiting.set(bar.timestamp, bar);
  };

  /** Hand the held bars to the chart, those not older than `from`. */
  const release = (from: number) => {
    const held = [...waiting.values()].sort((a, b) => a.timestamp - b.timestamp);
    waiting = new Map();
    for (const b of held) if (b.timestamp >= from) batch.push(b);
  };

  const samePeriod = (p: { type: string; span: number }, ours: Period) => {
    const k = klinePeriod(ours);
    return k.type === p.type && k.span === p.span;
  };

  const loader: DataLoader = {
    getBars({ type, symbol, period, callback }) {
      // Only the last 300 bars exist for the chart (trading.md §9): nothing older to page in.
      if (type !== 'init') return callback([], false);
      // A reset before our history is in: the chart is asked again once it is.
      if (!ready || ready.symbol !== symbol.ticker || !samePeriod(period, ready.period)) return;
      // klinecharts keeps and grows the array it is given: hand it a copy.
      callback([...ready.bars], false);
    },
    subscribeBar({ callback }) {
      sink = callback;
      release(ready?.bars.at(-1)?.timestamp ?? 0);
    },
    unsubscribeBar() {
      sink = undefined;
      batch.clear();
    },
  };

  return {
    loader,
    async prepare(symbol, period) {
      const g = ++gen;
      unsubscribe?.();
      batch.clear();
      waiting = new Map();
      refilling = false;
      ready = undefined;
      key = { symbol, period };
      unsubscribe = source.subscribe(symbol, period, onLive);
      const points = await source.history(symbol, period);
      if (g !== gen) return undefined;
      const list = points ?? [];
      ready = { symbol, period, bars: list.map(toKLineData) };
      return list;
    },
    async refill(lastTimestamp) {
      if (!key || !ready || refilling) return 'skipped';
      const g = gen;
      refilling = true;
      const points = await source.history(key.symbol, key.period);
      if (g !== gen) return 'skipped';
      refilling = false;
      if (!points) {
        // The call failed (and said so): keep what the chart has, and go on live.
        release(lastTimestamp ?? 0);
        return 'skipped';
      }
      const bars = points.map(toKLineData);
      const first = bars[0];
      if (lastTimestamp === undefined || (first && first.timestamp > lastTimestamp))
        return 'reload';
      // History first, then what the channel sent while it was being read.
      for (const b of bars) if (b.timestamp >= lastTimestamp) batch.push(b);
      ready = { ...ready, bars };
      release(lastTimestamp);
      return 'applied';
    },
    dispose() {
      gen++;
      unsubscribe?.();
      unsubscribe = undefined;
      batch.clear();
      sink = undefined;
    },
  };
}

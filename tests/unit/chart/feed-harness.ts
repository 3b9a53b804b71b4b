/**
 * The kline feed against the real simulator and channel, with a stand-in for
 * klinecharts that keeps data by its rules (a newer bar is appended, the same
 * bar replaced, an older one ignored) and frames that run when the test says.
 */
import type { KLineData } from 'klinecharts';
import { createWorld, type TestWorld } from '../../support/sim.ts';
import { createKlineFeed, type KlineFeed } from '../../../src/ui/chart/kline-feed.ts';
import { appKlineSource } from '../../../src/ui/chart/kline-source.ts';
import { klinePeriod } from '../../../src/ui/chart/kline-data.ts';
import type { Period } from '../../../src/api/wire.ts';

export interface FeedWorld {
  w: TestWorld;
  feed: KlineFeed;
  /** The chart's bars. */
  data: KLineData[];
  /** Chart updates per frame, oldest frame first. */
  updatesPerFrame: number[];
  load(symbol: string, period: Period): Promise<void>;
  /** Run one animation frame. */
  frame(): void;
  /** Drop the market channel (as a network failure would) and open it again later. */
  drop(): void;
  reconnect(): Promise<void>;
  /** A fresh read of the server's history. */
  history(symbol: string, period: Period): Promise<KLineData[]>;
}

export const settle = () => new Promise((r) => setTimeout(r, 5));

export async function feedWorld(): Promise<FeedWorld> {
  const w = await createWorld();
  const channel = w.channel('market');
  let close: (() => void) | undefined;
  const connect = async () => {
    close = channel.connect({ open() {}, message() {}, closed() {} });
    await settle();
  };
  await connect();
  let frames: Array<() => void> = [];
  const feed = createKlineFeed(appKlineSource(w.api, channel), (fn) => {
    frames.push(fn);
    return () => (frames = frames.filter((f) => f !== fn));
  });
  const fw: FeedWorld = {
    w,
    feed,
    data: [],
    updatesPerFrame: [],
    async load(symbol, period) {
      await feed.prepare(symbol, period);
      feed.loader.getBars({
        type: 'init',
        timestamp: null,
        symbol: { ticker: symbol, pricePrecision: 2, volumePrecision: 2 },
        period: klinePeriod(period),
        callback: (list) => {
          fw.data = list;
          feed.loader.subscribeBar?.({
            symbol: { ticker: symbol, pricePrecision: 2, volumePrecision: 2 },
            period: klinePeriod(period),
            callback: (bar) => {
              fw.updatesPerFrame[fw.updatesPerFrame.length - 1]! += 1;
              const last = fw.data.at(-1);
              if (!last || bar.timestamp > last.timestamp) fw.data.push(bar);
              else if (bar.timestamp === last.timestamp) fw.data[fw.data.length - 1] = bar;
            },
          });
        },
      });
    },
    frame() {
      const run = frames;
      frames = [];
      fw.updatesPerFrame.push(0);
      for (const f of run) f();
    },
    drop() {
      w.sim.backOffice.dropChannel('market');
      close?.();
    },
    reconnect: connect,
    async history(symbol, period) {
      const r = await w.api.call('klineHistoryLimit', { symbol, period, limit: 300 });
      return (r.data ?? []).map((p) => ({
        timestamp: p.time,
        open: p.openPrice,
        high: p.highestPrice,
        low: p.lowestPrice,
        close: p.closePrice,
        volume: p.volume,
        turnover: p.turnover,
      }));
    },
  };
  return fw;
}

/** The chart's data: history, live bars at most once per frame, and no gap or stale bar after a reconnect. */
import { afterEach, describe, expect, it } from 'vitest';
import { feedWorld, settle, type FeedWorld } from './feed-harness.ts';

let fw: FeedWorld;
afterEach(() => {
  fw?.feed.dispose();
  fw?.w.sim.stop();
});

const MINUTE = 60_000;

/** Every bar one period after the one before. */
const gaps = (list: Array<{ timestamp: number }>, step: number) =>
  list.slice(1).filter((b, i) => b.timestamp - list[i]!.timestamp !== step).length;

describe('kline feed', () => {
  it('loads 300 bars, then live bars change the last candle and add new ones, equal to the server', async () => {
    fw = await feedWorld();
    await fw.load('BTCUSDT', '1min');
    expect(fw.data).toHaveLength(300);
    const first = fw.data.at(-1)!;

    fw.w.clock.advance(2 * MINUTE + 5_000);
    await settle();
    fw.frame();
    expect(fw.data.length).toBe(302);
    expect(fw.data.at(-3)!.timestamp).toBe(first.timestamp);
    expect(gaps(fw.data, MINUTE)).toBe(0);
    // What the chart shows is what the server's history now says, bar for bar.
    const server = await fw.history('BTCUSDT', '1min');
    expect(fw.data.slice(-300)).toEqual(server);
  });

  it('applies at most one batch per frame: one update per bar, however many messages came', async () => {
    fw = await feedWorld();
    await fw.load('ETHUSDT', '1min');
    const start = fw.w.clock.now();
    fw.w.clock.advance(MINUTE - (start % MINUTE) - 3_000); // 3 s before the minute turns
    await settle();
    fw.frame();
    fw.updatesPerFrame.length = 0;

    fw.w.clock.advance(2_000); // several ticks, one bar
    await settle();
    fw.frame();
    fw.w.clock.advance(3_000); // the minute turns: the old bar's last state and the new bar
    await settle();
    fw.frame();
    fw.frame(); // nothing new: no update
    expect(fw.updatesPerFrame).toEqual([1, 2, 0]);
    expect(fw.data.slice(-300)).toEqual(await fw.history('ETHUSDT', '1min'));
  });

  it('after the market channel drops and reconnects, refill leaves no gap and no stale candle', async () => {
    fw = await feedWorld();
    await fw.load('BTCUSDT', '1min');
    fw.drop();
    fw.w.clock.advance(3 * MINUTE + 10_000); // three bars missed, the last one shown is stale
    await fw.reconnect();
    const stale = fw.data.at(-1)!;

    expect(await fw.feed.refill(stale.timestamp)).toBe('applied');
    fw.frame();
    const server = await fw.history('BTCUSDT', '1min');
    expect(fw.data.slice(-300)).toEqual(server);
    expect(gaps(fw.data, MINUTE)).toBe(0);
    expect(fw.data.find((b) => b.timestamp === stale.timestamp)).not.toEqual(stale);
  });

  it('asks for a full reload when the gap is wider than the history window', async () => {
    fw = await feedWorld();
    await fw.load('BTCUSDT', '1min');
    fw.drop();
    fw.w.clock.advance(400 * MINUTE);
    await fw.reconnect();
    expect(await fw.feed.refill(fw.data.at(-1)!.timestamp)).toBe('reload');
  });

  it('drops a history reply that a newer symbol or period has superseded', async () => {
    fw = await feedWorld();
    const a = fw.feed.prepare('BTCUSDT', '1min');
    const b = fw.feed.prepare('BTCUSDT', '5min');
    expect(await a).toBeUndefined();
    expect(await b).toHaveLength(300);
  });

  it('does not touch the chart while a refill is reading history, then applies history before live bars', async () => {
    fw = await feedWorld();
    await fw.load('SOLUSDT', '1min');
    const refill = fw.feed.refill(fw.data.at(-1)!.timestamp);
    fw.w.clock.advance(1_500);
    fw.frame();
    expect(fw.updatesPerFrame.at(-1)).toBe(0);
    await refill;
    await settle();
    fw.frame();
    expect(fw.data.slice(-300)).toEqual(await fw.history('SOLUSDT', '1min'));
  });
});

/**
 * A modal covering the screen holds the live prices behind it
 * (ui/hooks/use-live-quote.ts `holdLiveQuotes`): no row is told of a tick while
 * held, and every row whose price moved meanwhile is told once when it ends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { holdLiveQuotes, listen } from '../../../src/ui/hooks/use-live-quote.ts';
import { prices } from '../../../src/state/prices.ts';
import type { PriceEntry } from '../../../src/api/types/trading.ts';

const entry = (symbol: string, price: number) => ({ symbol, price }) as unknown as PriceEntry;
// valtio tells subscribers after a microtask.
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('live quotes under a modal', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    stops.splice(0).forEach((f) => f());
    prices.bySymbol = {};
  });

  it('tells a row of each tick when nothing covers the screen', async () => {
    prices.bySymbol = { BTCUSDT: entry('BTCUSDT', 1) };
    let told = 0;
    stops.push(listen('BTCUSDT', () => (told += 1)));
    prices.bySymbol.BTCUSDT = entry('BTCUSDT', 2);
    await settle();
    expect(told).toBe(1);
  });

  it('holds the rows while held, then tells each moved row once', async () => {
    prices.bySymbol = {
      BTCUSDT: entry('BTCUSDT', 1),
      ETHUSDT: entry('ETHUSDT', 1),
      X: entry('X', 1),
    };
    const told: string[] = [];
    for (const s of ['BTCUSDT', 'ETHUSDT', 'X']) stops.push(listen(s, () => told.push(s)));
    const release = holdLiveQuotes();
    const second = holdLiveQuotes();
    for (const p of [2, 3, 4]) {
      prices.bySymbol.BTCUSDT = entry('BTCUSDT', p);
      await settle();
    }
    prices.bySymbol.ETHUSDT = entry('ETHUSDT', 2);
    await settle();
    expect(told).toEqual([]);
    release();
    release(); // a second call of the same release changes nothing
    expect(told).toEqual([]); // the other hold is still open
    second();
    expect(told.sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    prices.bySymbol.X = entry('X', 2);
    await settle();
    expect(told).toContain('X');
  });
});

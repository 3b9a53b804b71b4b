/**
 * The bench workload: 300 one-minute candles, then live updates of the last
 * candle (a new candle every 40th update), the same sequence for both runs.
 */
import type { KlinePoint } from '../../src/api/types/trading.ts';

export const SYMBOL = 'BENCH';
export const BARS = 300;
export const UPDATES_PER_SECOND = 20;
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 18, 15, 0, 0);

/** A small seeded generator, so both runs see the same prices. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const round = (v: number) => Math.round(v * 100) / 100;

export function createWorkload() {
  const rand = prng(7);
  let price = 60_000;
  const history: KlinePoint[] = [];
  for (let i = 0; i < BARS; i++) {
    const open = price;
    let high = open;
    let low = open;
    for (let k = 0; k < 6; k++) {
      price += (rand() - 0.5) * 40;
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    history.push({
      time: T0 + i * MINUTE,
      openPrice: round(open),
      closePrice: round(price),
      highestPrice: round(high),
      lowestPrice: round(low),
      volume: round(10 + rand() * 30),
      turnover: 0,
    });
  }
  let last = { ...history[BARS - 1]! };
  let n = 0;
  /** The next live bar: the last candle moves; every 40th update opens the next one. */
  const next = (): KlinePoint => {
    n++;
    price += (rand() - 0.5) * 20;
    if (n % 40 === 0) {
      last = {
        time: last.time + MINUTE,
        openPrice: last.closePrice,
        closePrice: round(price),
        highestPrice: 0,
        lowestPrice: 0,
        volume: 0,
        turnover: 0,
      };
      last.highestPrice = Math.max(last.openPrice, last.closePrice);
      last.lowestPrice = Math.min(last.openPrice, last.closePrice);
    } else {
      last = {
        ...last,
        closePrice: round(price),
        highestPrice: Math.max(last.highestPrice, round(price)),
        lowestPrice: Math.min(last.lowestPrice, round(price)),
        volume: round(last.volume + rand()),
      };
    }
    return last;
  };
  return { history, next };
}

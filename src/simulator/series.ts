/**
 * One product's price path, as a pure function of (product key, time): the
 * key is the market key's subkey for the symbol (prng.ts), so the path is
 * unpredictable without the market key.
 *
 * - A daily mean-reverting walk of log prices fixes each UTC day's opening value.
 * - Inside a day, a Brownian bridge of 1440 one-minute steps joins one day's
 *   opening value to the next.
 * - Inside a minute, 300 ticks (every 200 ms) run from the minute's open to its
 *   close through its high and low, which are known in closed form. So a
 *   minute bar's high and low never need the ticks, and the live ticks always
 *   agree with the history.
 *
 * Any instant is computed in O(1) once its day's 1440 steps are cached.
 */
import { KeyedStream, normal, unit } from './prng.ts';

export const MINUTE = 60_000;
export const DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;
export const TICK_MS = 200;
export const TICKS_PER_MINUTE = MINUTE / TICK_MS;
/** Daily walk's pull back towards the product's level. */
const REVERSION = 0.03;

/** What each sequence of the product's stream is for (the first nonce word). */
const LANE = {
  start: 7,
  days: 11,
  walk: 1,
  extremes: 2,
  volume: 3,
  /** Per minute: word 0 places the extremes, words 1..300 jitter the ticks. */
  ticks: 4,
} as const;

export interface SeriesParams {
  /** The product's 256-bit key (the market key's subkey for the symbol: prng.ts `subkey`). */
  key: Uint8Array;
  level: number;
  /** Daily volatility (fraction). */
  vol: number;
  /** Typical volume per minute (0: none). */
  volume: number;
  /** First UTC day index (epoch days) the series covers. */
  anchorDay: number;
}

/** One UTC day at minute resolution. Index i is minute i; close arrays have 1441 boundary values. */
export interface DayPath {
  day: number;
  /** Price at minute boundaries 0..1440 (boundary i = open of minute i); valid up to `filled`. */
  edge: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
  /** Minutes [0, filled) are worked out (and boundaries up to filled). */
  filled: number;
}

/** A path being filled: the walk it is built from. */
interface Fillable extends DayPath {
  a: number;
  w: Float64Array;
  drift: number;
}

/** A path boundary's price: the bridge from log price a, walk value w at minute i, drift removed. */
const edgeValue = (a: number, w: number, i: number, drift: number): number =>
  Math.exp(a + w - (i / MINUTES_PER_DAY) * drift);

/** One product's price path: the daily walk and the minute bridge inside each day. */
export class Series {
  private readonly x0: number[] = [];
  private readonly days = new Map<number, Fillable>();
  /** Single path boundaries worked out without their day's path (edgeAt). */
  private readonly edges = new Map<number, number>();
  private readonly sigmaMinute: number;
  private readonly logLevel: number;
  private running:
    { day: number; i: number; k: number; h: number; l: number; c: number } | undefined;
  private readonly rand: KeyedStream;
  /** The tick words of the minute last ticked (ticks come in order). */
  private ticksOf: { day: number; i: number; words: Uint32Array } | undefined;

  constructor(readonly p: SeriesParams) {
    this.rand = new KeyedStream(p.key);
    this.sigmaMinute = p.vol / Math.sqrt(MINUTES_PER_DAY);
    this.logLevel = Math.log(p.level);
    this.x0.push(this.logLevel + p.vol * 2 * normal(this.rand.word(LANE.start, 0, 0, 0)));
  }

  /** Log price at the start of absolute UTC day `day`. */
  private dayStart(day: number): number {
    const d = Math.max(0, day - this.p.anchorDay);
    if (this.x0.length <= d) {
      const from = this.x0.length - 1;
      const z = this.rand.words(LANE.days, 0, 0, from, d - from);
      for (let j = 0; j < z.length; j++) {
        const x = this.x0[from + j] as number;
        this.x0.push(x + this.p.vol * normal(z[j] as number) - REVERSION * (x - this.logLevel));
      }
    }
    return this.x0[d] as number;
  }

  /** The day's minute path (cached; a handful of days per product). */
  dayPath(day: number, through = MINUTES_PER_DAY): DayPath {
    let path = this.days.get(day);
    if (path) {
      // Refresh recency.
      this.days.delete(day);
      this.days.set(day, path);
    } else {
      const { a, w, drift } = this.walk(day);
      const edge = new Float64Array(MINUTES_PER_DAY + 1);
      edge[0] = edgeValue(a, w[0] as number, 0, drift);
      path = {
        day,
        edge,
        high: new Float64Array(MINUTES_PER_DAY),
        low: new Float64Array(MINUTES_PER_DAY),
        volume: new Float64Array(MINUTES_PER_DAY),
        filled: 0,
        a,
        w,
        drift,
      };
      this.days.set(day, path);
      if (this.days.size > 24) this.days.delete(this.days.keys().next().value as number);
    }
    if (path.filled < through) this.fill(path, through);
    return path;
  }

  /**
   * Work out minutes [filled, through) of a path. Lazily: today's quotes only
   * need the minutes so far (the walk itself is always whole: its end fixes
   * the drift), which halves the first quotes' work on average.
   */
  private fill(path: Fillable, through: number): void {
    const { day, edge, high, low, volume, a, w, drift, filled } = path;
    const s = this.sigmaMinute;
    const perMinute = this.p.volume;
    const ext = this.rand.words(LANE.extremes, day, 0, filled, through - filled);
    const vol = this.rand.words(LANE.volume, day, 0, filled, through - filled);
    for (let i = filled; i < through; i++) {
      edge[i + 1] = edgeValue(a, w[i + 1] as number, i + 1, drift);
      const o = edge[i] as number;
      const c = edge[i + 1] as number;
      const h = ext[i - filled] as number;
      const reach = 0.6 * s * o;
      high[i] = Math.max(o, c) + (reach * (h >>> 16)) / 65536;
      low[i] = Math.min(o, c) - (reach * (h & 0xffff)) / 65536;
      volume[i] = perMinute * (0.3 + 1.4 * unit(vol[i - filled] as number));
    }
    path.filled = through;
  }

  /**
   * Price at tick `k` (0..299) of minute `i` of a day path. The path goes
   * o → first extreme → second extreme → c, plus small clamped jitter; the
   * last tick is exactly the close and the extremes are hit exactly.
   */
  tick(path: DayPath, i: number, k: number): number {
    const o = path.edge[i] as number;
    const c = path.edge[i + 1] as number;
    const hi = path.high[i] as number;
    const lo = path.low[i] as number;
    const words = this.tickWords(path.day, i);
    const h = words[0] as number;
    const ka = h % 149;
    const kb = ka + 1 + ((h >>> 8) % (298 - ka));
    const highFirst = (h >>> 24) & 1;
    const e1 = highFirst ? hi : lo;
    const e2 = highFirst ? lo : hi;
    if (k === ka) return e1;
    if (k === kb) return e2;
    if (k >= TICKS_PER_MINUTE - 1) return c;
    const u = (k + 1) / TICKS_PER_MINUTE;
    const ua = (ka + 1) / TICKS_PER_MINUTE;
    const ub = (kb + 1) / TICKS_PER_MINUTE;
    const lerp = (x0: number, y0: number, x1: number, y1: number) =>
      y0 + ((u - x0) / (x1 - x0)) * (y1 - y0);
    const base = u < ua ? lerp(0, o, ua, e1) : u < ub ? lerp(ua, e1, ub, e2) : lerp(ub, e2, 1, c);
    const jitter = 0.25 * this.sigmaMinute * o * normal(words[k + 1] as number);
    return Math.min(hi, Math.max(lo, base + jitter));
  }

  /** A minute's tick words: its shape, then each tick's jitter (one read per minute, not per tick). */
  private tickWords(day: number, i: number): Uint32Array {
    const j = this.ticksOf;
    if (j && j.day === day && j.i === i) return j.words;
    const words = this.rand.words(LANE.ticks, day, i, 0, 1 + TICKS_PER_MINUTE);
    this.ticksOf = { day, i, words };
    return words;
  }

  /** Price at an instant: the last tick at or before it. */
  priceAt(t: number): number {
    const day = Math.floor(t / DAY);
    const ms = t - day * DAY;
    const i = Math.floor(ms / MINUTE);
    const k = Math.floor((ms - i * MINUTE) / TICK_MS);
    // A minute's last tick is its close (the extremes fall on earlier ticks):
    // for a day not yet built (a previous close) the walk alone gives it.
    if (k === TICKS_PER_MINUTE - 1 && !this.days.has(day)) return this.edgeAt(day, i + 1);
    return this.tick(this.dayPath(day, i + 1), i, k);
  }

  /**
   * Boundary `i` of a day's path without building the path: the same walk
   * and the same arithmetic as dayPath, without its arrays, highs, lows and
   * volumes (a fraction of the cost).
   */
  private edgeAt(day: number, i: number): number {
    // Cached: every tick's quote asks for the same previous close again.
    const key = day * (MINUTES_PER_DAY + 1) + i;
    let v = this.edges.get(key);
    if (v === undefined) {
      if (this.edges.size > 64) this.edges.clear();
      this.edges.set(key, (v = this.walkEdge(day, i)));
    }
    return v;
  }

  /**
   * A day's Brownian walk of 1440 minute steps (w[0] = 0), its opening log
   * price a and the drift that bends it onto the next day's opening.
   */
  private walk(day: number): { a: number; w: Float64Array; drift: number } {
    const a = this.dayStart(day);
    const s = this.sigmaMinute;
    const steps = this.rand.words(LANE.walk, day, 0, 0, MINUTES_PER_DAY);
    const w = new Float64Array(MINUTES_PER_DAY + 1);
    for (let i = 0; i < MINUTES_PER_DAY; i++) {
      w[i + 1] = (w[i] as number) + s * normal(steps[i] as number);
    }
    return { a, w, drift: (w[MINUTES_PER_DAY] as number) - (this.dayStart(day + 1) - a) };
  }

  private walkEdge(day: number, i: number): number {
    const { a, w, drift } = this.walk(day);
    return edgeValue(a, w[i] as number, i, drift);
  }

  /**
   * Minute `i`'s bar as of tick `k` (k = 299: the whole minute). The open is
   * the previous close; high and low include it.
   */
  minuteBar(path: DayPath, i: number, k = TICKS_PER_MINUTE - 1) {
    const o = path.edge[i] as number;
    if (k >= TICKS_PER_MINUTE - 1) {
      return {
        o,
        h: path.high[i] as number,
        l: path.low[i] as number,
        c: path.edge[i + 1] as number,
        v: path.volume[i] as number,
      };
    }
    // Ticks come in order, so carry the running high/low of the minute under way.
    const run = this.running;
    let h = o;
    let l = o;
    let c = o;
    let j = 0;
    if (run && run.day === path.day && run.i === i && run.k <= k) {
      h = run.h;
      l = run.l;
      c = run.c;
      j = run.k + 1;
    }
    for (; j <= k; j++) {
      c = this.tick(path, i, j);
      if (c > h) h = c;
      if (c < l) l = c;
    }
    this.running = { day: path.day, i, k, h, l, c };
    return { o, h, l, c, v: ((path.volume[i] as number) * (k + 1)) / TICKS_PER_MINUTE };
  }
}

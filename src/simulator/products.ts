/** The product registry: catalogue definitions plus back-office overrides (trade status, hours, market events). */
import { lastOpenAt, marketStatusAt, nyDate, type MarketHours } from '../api/hours.ts';
import type { ProductOrderInfo } from '../api/types/trading.ts';
import {
  CATALOGUE,
  COMMISSION_FRACTION,
  HOURS,
  productBySymbol,
  type ProductDef,
} from './catalogue.ts';
import { eventRefusal, type MarketEvent } from './market-events.ts';
import type { CoreState } from './core-state.ts';

const NO_EVENTS: readonly MarketEvent[] = [];

export interface Products {
  all(): readonly ProductDef[];
  get(symbol: string): ProductDef | undefined;
  hours(symbol: string): MarketHours;
  tradeStatus(symbol: string): number;
  info(symbol: string): ProductOrderInfo | undefined;
  setTradeStatus(symbol: string, status: number): void;
  setHours(symbol: string, hours: MarketHours | undefined): void;
  /** The market events laid over a product's prices (market-events.ts). */
  events(symbol: string): readonly MarketEvent[];
  /** Schedule a market event; throws with the reason when it is refused. */
  addEvent(symbol: string, event: MarketEvent): void;
  /** Called after hours or market events change, so caches can be dropped. */
  onHoursChange(fn: () => void): void;
}

/** The product registry over a state's back-office overrides. */
export function createProducts(state: CoreState): Products {
  const listeners: Array<() => void> = [];
  const hours = (symbol: string): MarketHours => {
    const o = state.products[symbol]?.hours;
    if (o) return o;
    const d = productBySymbol.get(symbol);
    return HOURS[d?.hours ?? 'always'];
  };
  const tradeStatus = (symbol: string) => state.products[symbol]?.tradeStatus ?? 1;
  return {
    all: () => CATALOGUE,
    get: (s) => productBySymbol.get(s),
    hours,
    tradeStatus,
    info(symbol) {
      const d = productBySymbol.get(symbol);
      if (!d) return undefined;
      const h = hours(symbol);
      return {
        productCode: d.symbol,
        productName: d.name,
        maxCount: d.maxCount,
        minCount: d.minCount,
        countNum: d.minCount,
        multiple: d.multiple,
        pip: d.pip,
        pricePrecision: d.precision,
        tradeStatus: tradeStatus(symbol),
        marketStartTime: h.start,
        marketCloseTime: h.close,
        type: String(d.type),
        contractSize: d.contractSize,
        feeRate: Number(COMMISSION_FRACTION),
      };
    },
    setTradeStatus(symbol, status) {
      state.products[symbol] = { ...state.products[symbol], tradeStatus: status };
    },
    setHours(symbol, h) {
      const { hours: _old, ...rest } = state.products[symbol] ?? {};
      state.products[symbol] = h ? { ...rest, hours: h } : rest;
      for (const fn of listeners) fn();
    },
    events: (symbol) => state.products[symbol]?.events ?? NO_EVENTS,
    addEvent(symbol, e) {
      if (!productBySymbol.has(symbol)) throw new Error(`unknown symbol ${symbol}`);
      const o = state.products[symbol] ?? {};
      const why = eventRefusal(e, o.events?.length ?? 0);
      if (why) throw new Error(why);
      state.products[symbol] = { ...o, events: [...(o.events ?? []), e] };
      for (const fn of listeners) fn();
    },
    onHoursChange: (fn) => void listeners.push(fn),
  };
}

/**
 * Look up the catalogue's sessions around `now` (and load the time-zone data
 * on the way): answers are cached, so work done early is not done again.
 */
export function warmHours(now: number): void {
  const midnight = Math.floor(now / 86_400_000) * 86_400_000;
  nyDate(now);
  for (const h of Object.values(HOURS)) {
    marketStatusAt(h, now);
    lastOpenAt(h, now);
    lastOpenAt(h, midnight - 1);
  }
}

/**
 * The back office: what a product reviewer or a test uses to act as the
 * operator. The core offers scenario switches, channel faults, product status
 * and hours, and site flags; each module exports the type of its own
 * operations (approve a deposit, read the outbox…) and makes them in its
 * `backOffice()` hook. {@link BackOffice} is composed here from those types,
 * so the imports point from here down to the modules.
 */
import type { MarketHours } from '../api/hours.ts';
import type { ChannelName } from '../api/wire.ts';
import type { ChannelHub } from './channels.ts';
import type { BackOfficeDeps, SimContext, SimModule } from './module.ts';
import type { DelayRule, ForcedReply, Scenarios } from './scenarios.ts';
import type { TokenService } from './auth/tokens.ts';
import type { SimState } from './state.ts';
import type { UsersBackOffice } from './modules/users.ts';
import type { IdentityBackOffice } from './modules/identity/index.ts';
import type { AccountBackOffice } from './modules/account/index.ts';
import { DEFAULT_FLAGS } from './core-state.ts';
import type { TradingBackOffice } from './modules/trading/backoffice.ts';
import type { ResponsibleBackOffice } from './modules/responsible/index.ts';
import { isShiftable } from './clock.ts';
import { eventRefusal, nextTick, type MarketEvent } from './market-events.ts';
import type { StoredBlob } from './persist/batch.ts';
import type { BookmarkInfo, ScenarioDoc, createBookmarks } from './scenario-file.ts';

// Scenario files and bookmarks load on first use: not in the worker's first chunk (issue 31).
const scenarioFile = () => import('./scenario-file.ts');

/** What is armed: frozen channels, stalled ones (connections still to hold), forced replies, delays. */
export interface ArmedFaults {
  frozen: ChannelName[];
  stalled: Partial<Record<ChannelName, number>>;
  forced: ForcedReply[];
  delays: DelayRule[];
}

/** The core's own operations; modules add the rest. */
export interface CoreBackOffice {
  /** Simulator time (epoch ms). */
  now(): number;
  /** Answer the next matching call with a code, an HTTP status or a raw body. */
  force(rule: ForcedReply): void;
  /** Delay the next matching call's reply. */
  delay(rule: DelayRule): void;
  clearScenarios(): void;
  scenarios(): ReturnType<Scenarios['list']>;
  /** Close every connection of a channel. */
  dropChannel(name: ChannelName): void;
  /** Keep a channel's connections open but silent (or resume). */
  freezeChannel(name: ChannelName, on: boolean): void;
  /**
   * The next `more` connections of a channel do not open (held until dropped);
   * adds to what is left; 0 lifts the stall and fails the held ones.
   */
  stallChannel(name: ChannelName, more: number): void;
  /** Connections of a channel the stall will still hold. */
  stalledChannel(name: ChannelName): number;
  /** Everything armed now (the console lists it; it survives a page load until lifted). */
  armedFaults(): ArmedFaults;
  setTradeStatus(symbol: string, status: number): void;
  /** Replace a product's weekly hours (undefined restores the catalogue's). */
  setHours(symbol: string, hours: MarketHours | undefined): void;
  /**
   * A gap on each symbol (market-events.ts): from the next tick on, prices are
   * `pct` % away, with no tick between. All or none. Returns the gap's time.
   */
  marketGap(symbols: string[], pct: number): number;
  /** A flash crash on each symbol: from the next tick, down `pct` % over half of `seconds`, then back. */
  flashCrash(symbols: string[], pct: number, seconds: number): number;
  /** A wide spread on each symbol: from the next tick, for `seconds`, bid and ask `factor` times as far apart. */
  widenSpread(symbols: string[], factor: number, seconds: number): number;
  /** A trading halt on each symbol: from the next tick, for `seconds`, the market is closed. */
  haltTrading(symbols: string[], seconds: number): number;
  /**
   * A silent feed on each symbol: from the next tick, for `seconds`, the
   * market channel sends nothing about it (the socket stays open, the others go on).
   */
  silenceFeed(symbols: string[], seconds: number): number;
  /** The market events fired on a product, oldest first. */
  marketEvents(symbol: string): readonly MarketEvent[];
  setFlag(name: string, enable: boolean): void;
  flags(): Record<string, boolean>;
  /** Every flag back to its default (a QA set-up's reset). */
  resetFlags(): void;
  /** Forget everything saved (the next start begins afresh). */
  wipe(): Promise<void>;
  /** Skip time ahead (a running simulator on the wall clock only); returns the new simulator time. */
  skipTime(ms: number): number;
  /** The whole world as a scenario file (scenario-file.ts), with an optional one-line description. */
  saveScenario(description?: string): Promise<ScenarioDoc>;
  /** Replace the world with a scenario file's (an older version is migrated, a newer one refused). */
  loadScenario(doc: ScenarioDoc): Promise<void>;
  /** Keep the world now under a name (in memory, for this session); returns every bookmark. */
  bookmark(name: string): Promise<BookmarkInfo[]>;
  bookmarks(): BookmarkInfo[];
  /** Go back to a bookmark. */
  restoreBookmark(name: string): Promise<void>;
}

/** Core operations plus every module's. */
export interface BackOffice
  extends
    CoreBackOffice,
    UsersBackOffice,
    IdentityBackOffice,
    AccountBackOffice,
    TradingBackOffice,
    ResponsibleBackOffice {}

/**
 * The back office of one simulator: the core's operations, then each
 * module's from its `backOffice()` hook.
 */
export function createBackOffice(d: {
  ctx: SimContext<SimState>;
  hub: ChannelHub;
  scenarios: Scenarios;
  modules: readonly SimModule<SimState>[];
  /** Forget everything saved (the persistence's wipe). */
  wipe: () => Promise<void>;
  tokens: TokenService;
  /** Replace the whole state (the persistence's replace), for a loaded scenario. */
  replace: (state: SimState, blobs: ReadonlyMap<string, StoredBlob | null>) => void;
}): BackOffice {
  const { ctx, hub, scenarios } = d;
  const world = { ctx, hub, replace: d.replace };
  let marks: ReturnType<typeof createBookmarks> | undefined;
  const bookmarksOf = async () => (marks ??= (await scenarioFile()).createBookmarks(world));
  /** One event on each symbol, at the next tick: every symbol checked before any is touched. */
  const fire = (symbols: string[], make: (at: number) => MarketEvent): number => {
    const at = nextTick(ctx.clock.now());
    const e = make(at);
    const list = [...new Set(symbols)];
    if (list.length === 0) throw new Error('name at least one symbol');
    for (const symbol of list) {
      if (!ctx.products.get(symbol)) throw new Error(`unknown symbol ${symbol}`);
      const why = eventRefusal(e, ctx.products.events(symbol).length);
      if (why) throw new Error(`${symbol}: ${why}`);
    }
    for (const symbol of list) ctx.products.addEvent(symbol, e);
    ctx.persist();
    return at;
  };
  const core: CoreBackOffice = {
    now: () => ctx.clock.now(),
    force: (rule) => scenarios.force(rule),
    delay: (rule) => scenarios.delay(rule),
    clearScenarios: () => scenarios.clear(),
    scenarios: () => scenarios.list(),
    dropChannel: (name) => hub.drop(name),
    freezeChannel: (name, on) => hub.faults.freeze(name, on),
    stallChannel: (name, more) => hub.faults.stall(name, more),
    stalledChannel: (name) => hub.faults.stalled(name),
    armedFaults: () => {
      const channels = ['market', 'exchange'] as const;
      const stalled: ArmedFaults['stalled'] = {};
      for (const ch of channels)
        if (hub.faults.stalled(ch) > 0) stalled[ch] = hub.faults.stalled(ch);
      return {
        frozen: channels.filter((ch) => hub.faults.isFrozen(ch)),
        stalled,
        ...scenarios.list(),
      };
    },
    setTradeStatus: (symbol, status) => {
      ctx.products.setTradeStatus(symbol, status);
      ctx.persist();
    },
    setHours: (symbol, hours) => {
      ctx.products.setHours(symbol, hours);
      ctx.persist();
    },
    marketGap: (symbols, pct) => fire(symbols, (at) => ({ kind: 'gap', at, pct })),
    flashCrash: (symbols, pct, seconds) =>
      fire(symbols, (at) => ({ kind: 'crash', at, pct, ms: seconds * 1000 })),
    widenSpread: (symbols, factor, seconds) =>
      fire(symbols, (at) => ({ kind: 'spread', at, factor, ms: seconds * 1000 })),
    haltTrading: (symbols, seconds) =>
      fire(symbols, (at) => ({ kind: 'halt', at, ms: seconds * 1000 })),
    silenceFeed: (symbols, seconds) =>
      fire(symbols, (at) => ({ kind: 'silent', at, ms: seconds * 1000 })),
    marketEvents: (symbol) => ctx.products.events(symbol),
    setFlag: (name, enable) => {
      ctx.state.flags[name] = enable;
      ctx.persist();
    },
    flags: () => ({ ...ctx.state.flags }),
    resetFlags: () => {
      const flags = ctx.state.flags;
      for (const k of Object.keys(flags)) delete flags[k];
      Object.assign(flags, DEFAULT_FLAGS);
      ctx.persist();
    },
    wipe: () => d.wipe(),
    skipTime: (ms) => {
      const clock = ctx.clock;
      if (!isShiftable(clock)) throw new Error('this simulator runs on a clock that cannot skip');
      if (!(ms > 0)) throw new Error('skip a positive time');
      clock.setOffset(clock.offset() + ms);
      ctx.state.timeOffset = clock.offset();
      ctx.persist();
      return clock.now();
    },
    saveScenario: async (description) => (await scenarioFile()).saveScenario(world, description),
    loadScenario: async (doc) => (await scenarioFile()).loadScenario(world, doc),
    bookmark: async (name) => (await bookmarksOf()).bookmark(name),
    // None before the first bookmark(), which loads the file's module.
    bookmarks: () => marks?.bookmarks() ?? [],
    restoreBookmark: async (name) => (await bookmarksOf()).restoreBookmark(name),
  };
  addModuleOps(core, ctx, d.modules, { tokens: d.tokens, hub });
  // Every module's operations are in (or, late modules, will be before anyone may use them).
  return core as BackOffice;
}

/** Merge modules' own operations into a back office (at creation, and when late modules load). */
export function addModuleOps(
  bo: CoreBackOffice,
  ctx: SimContext<SimState>,
  modules: readonly SimModule<SimState>[],
  deps: BackOfficeDeps,
): void {
  for (const m of modules) Object.assign(bo, m.backOffice?.(ctx, deps));
}

/**
 * A simulator's start-up, before it answers anything: load (or make) the saved
 * state, repair what an older save lacks, build the modules' shared context,
 * run each module's init and save the result once. `createSimulator`
 * (server.ts) wires requests, channels and the tick onto what this returns.
 */
import type { TokenPayload } from '../api/types/trading.ts';
import { isKeyHex, newKeyHex } from './auth/keys.ts';
import { DEFAULT_PASSWORD_ITERATIONS } from './auth/password-cost.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import { lazyTokenService } from './auth/lazy-tokens.ts';
import { isShiftable, realClock, type Clock } from './clock.ts';
import type { SimContext, SimModule } from './module.ts';
import { openPersistence, type Persistence, type WriteScope } from './persistence.ts';
import type { MarketEvent } from './market-events.ts';
import { PriceEngine } from './prices.ts';
import { createProducts, warmHours } from './products.ts';
import { CATALOGUE, HOURS, productBySymbol } from './catalogue.ts';
import { isMarketKey, marketKeyOf } from './prng.ts';
import { newState, type SimState } from './state.ts';
import { memoryStore, type SimStore } from './store.ts';

export interface SimulatorOptions {
  /**
   * Names the market (prng.ts `marketKeyOf`) for a reproducible demo or a
   * test: whoever knows it can predict every price. Without it a new store
   * draws a random secret market key (kept in the store, like the signing
   * key). A store keeps the market it was made with; a store saved before
   * market keys existed (its market followed a public seed) gets this one,
   * or a random one.
   */
  seed?: number | string;
  clock?: Clock;
  store?: SimStore;
  modules?: readonly SimModule<SimState>[];
  /**
   * Resolve once the early modules answer (product list, site config) and
   * load the others in the background; a call to one of them waits for it.
   * The worker does this; by default every module is in before the simulator
   * resolves. Ignored with `modules`.
   */
  early?: boolean;
  /** With `early`: how the late modules are loaded (default: their chunk; tests hold it back). */
  loadLate?: () => Promise<readonly SimModule<SimState>[]>;
  /** Start the price tick loop (default true). */
  ticking?: boolean;
  /**
   * PBKDF2 iterations for new password hashes (default 600,000, OWASP's figure
   * for PBKDF2-HMAC-SHA256). The in-browser worker uses fewer, tests far fewer;
   * a hash of another cost still verifies and is redone at the next sign-in.
   */
  passwordIterations?: number;
  /**
   * What makes and checks password hashes instead (the Node host's worker
   * pool, host/password-pool.ts); without it, PBKDF2 at `passwordIterations`
   * through WebCrypto.
   */
  passwordHasher?: PasswordHasher;
  /**
   * The token signing key as hex (at least 256 bits; see `parseSigningKey`).
   * Without it the store's own random key is used (made once per store).
   */
  signingKey?: string;
  /** Tells calls' writes apart across awaits, for exact save failures (persistence.ts; host/write-scope.ts). */
  writeScope?: WriteScope;
}

export interface StartedState {
  ctx: SimContext<SimState>;
  persistence: Persistence;
  /** Save now. */
  save(): Promise<void>;
  /** Drop a save that `ctx.persist` has scheduled (on stop). */
  cancelSave(): void;
}

/**
 * Loads the state and initialises the modules. `publishOrders` is the channel
 * hub's, which the caller builds afterwards (it needs the context). `modules`
 * is read again at each session check, so modules added later (server.ts) count.
 */
export async function startState(
  opts: SimulatorOptions,
  modules: readonly SimModule<SimState>[],
  publishOrders: SimContext<SimState>['publishOrders'],
): Promise<StartedState> {
  const clock = opts.clock ?? realClock;
  const store = opts.store ?? memoryStore();
  // Drawn before the state loads, so the early guess below can use it.
  const marketKey = opts.seed !== undefined ? marketKeyOf(opts.seed) : newKeyHex();

  const opening = openPersistence(store, {
    fresh: () => newState(marketKey, clock.now(), newKeyHex(), newKeyHex()),
    now: clock.now(),
    ...(opts.writeScope ? { scope: opts.writeScope } : {}),
  });
  // While the store loads (IndexedDB works on its own thread), do what needs
  // no state: the time-zone data and this week's sessions of the catalogue's
  // hours, which the trading module's init and the first quotes read.
  warmHours(clock.now());
  // The worker (early) also draws the first quotes meanwhile, on a guess: the
  // world is new, or from today, and keeps the catalogue's hours (a first
  // visit). Used only when the loaded state says so; otherwise dropped.
  let hoursOf = (symbol: string) => HOURS[productBySymbol.get(symbol)?.hours ?? 'always'];
  let eventsOf = (_symbol: string): readonly MarketEvent[] => [];
  const guess = opts.early
    ? new PriceEngine({
        marketKey,
        createdAt: clock.now(),
        products: CATALOGUE,
        hoursOf: (symbol) => hoursOf(symbol),
        eventsOf: (symbol) => eventsOf(symbol),
      })
    : undefined;
  if (guess) {
    const now = clock.now();
    CATALOGUE.forEach((d, i) => guess.quote(d.symbol, now, i, 1));
    performance.mark('sim:guessed-quotes');
  }
  const persistence = await opening;
  const state = persistence.state;
  performance.mark('sim:state-loaded');
  // Keys are random, never from the seed; a state saved before that held a
  // seed-derived secret anyone could recompute: replace it (its sessions end).
  if (!isKeyHex(state.secret)) state.secret = newKeyHex();
  if (!isKeyHex(state.vaultKey)) state.vaultKey = newKeyHex();
  // A state saved before market keys held a public numeric seed (its prices
  // anyone could compute): it gets the key asked for, or a random one.
  if (!isMarketKey(state.marketKey)) state.marketKey = marketKey;
  delete (state as { seed?: unknown }).seed;
  if (opts.signingKey !== undefined && !isKeyHex(opts.signingKey))
    throw new Error('signingKey must be at least 256 bits of lower-case hex');
  // Time skipped by a reviewer stays skipped after a reload.
  if (isShiftable(clock) && state.timeOffset) clock.resetOffset(state.timeOffset);
  const products = createProducts(state);
  hoursOf = (s) => products.hours(s);
  eventsOf = (s) => products.events(s);
  const guessed =
    guess !== undefined &&
    state.marketKey === marketKey &&
    guess.sameHistory(state.createdAt) &&
    Object.keys(state.products).length === 0;
  const prices = guessed
    ? guess
    : new PriceEngine({
        marketKey: state.marketKey,
        createdAt: state.createdAt,
        products: products.all(),
        hoursOf,
        eventsOf,
      });
  products.onHoursChange(() => prices.hoursChanged());
  // The state's key is read at each use: a loaded scenario brings its own.
  const signingKey = opts.signingKey;
  const tokens = lazyTokenService(signingKey ?? (() => state.secret), clock);

  let saveTimer: number | undefined;
  const save = () => persistence.save();
  const persist = () => {
    if (saveTimer !== undefined) return;
    saveTimer = clock.setTimeout(() => {
      saveTimer = undefined;
      // A failure is logged and undone where it happens (persistence.ts).
      save().catch(() => {});
    }, 250);
  };

  const ctx: SimContext<SimState> = {
    clock,
    state,
    passwordIterations: opts.passwordIterations ?? DEFAULT_PASSWORD_ITERATIONS,
    ...(opts.passwordHasher ? { passwordHasher: opts.passwordHasher } : {}),
    // The ledger module (a late one, with big.js) puts the real one in place.
    get ledger(): never {
      throw new Error('simulator: the ledger is not loaded yet');
    },
    prices,
    products,
    tokens,
    uploads: persistence.uploads,
    persist,
    publishOrders,
    sessionValid: (s: TokenPayload, token: string) =>
      modules.every((m) => m.sessionValid?.(ctx, s, token) ?? true),
  };
  for (const m of modules) m.init?.(ctx);
  persistence.onRestore(() => {
    for (const m of modules) {
      try {
        m.restored?.(ctx);
      } catch (e) {
        console.error(`simulator: ${m.name} could not rebuild after an undone save`, e);
      }
    }
  });
  performance.mark('sim:init');
  // What the modules' init added (or a migration changed) is saved at once,
  // but not waited for: the store writes while the first quotes are worked
  // out. Saves run in order (a later call's save lands after this one) and a
  // failed one is marked again for the next, so nothing waits on it.
  void save().then(
    () => performance.mark('sim:saved'),
    () => {},
  );

  return {
    ctx,
    persistence,
    save,
    cancelSave: () => {
      if (saveTimer !== undefined) clock.clearTimeout(saveTimer);
    },
  };
}

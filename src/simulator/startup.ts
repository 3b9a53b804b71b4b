/**
 * A simulator's start-up, before it answers anything: load (or make) the saved
 * state, repair what an older save lacks, build the modules' shared context,
 * run each module's init and save the result once. `createSimulator`
 * (server.ts) wires requests, channels and the tick onto what this returns.
 */
import type { TokenPayload } from '../api/types/trading.ts';
import { isKeyHex, newKeyHex } from './auth/keys.ts';
import { DEFAULT_PASSWORD_ITERATIONS } from './auth/passwords.ts';
import { createTokenService } from './auth/tokens.ts';
import { isShiftable, realClock, type Clock } from './clock.ts';
import { Ledger } from './ledger.ts';
import type { SimContext, SimModule } from './module.ts';
import { openPersistence, type Persistence } from './persistence.ts';
import { PriceEngine } from './prices.ts';
import { createProducts, warmHours } from './products.ts';
import { newState } from './state.ts';
import { memoryStore, type SimStore } from './store.ts';

export interface SimulatorOptions {
  seed?: number;
  clock?: Clock;
  store?: SimStore;
  modules?: readonly SimModule[];
  /** Start the price tick loop (default true). */
  ticking?: boolean;
  /**
   * PBKDF2 iterations for new password hashes (default 600,000, OWASP's figure
   * for PBKDF2-HMAC-SHA256). The in-browser worker uses fewer, tests far fewer;
   * a hash of another cost still verifies and is redone at the next sign-in.
   */
  passwordIterations?: number;
  /**
   * The token signing key as hex (at least 256 bits; see `parseSigningKey`).
   * Without it the store's own random key is used (made once per store).
   */
  signingKey?: string;
}

export interface StartedState {
  ctx: SimContext;
  persistence: Persistence;
  /** Save now. */
  save(): Promise<void>;
  /** Drop a save that `ctx.persist` has scheduled (on stop). */
  cancelSave(): void;
}

/**
 * Loads the state and initialises the modules. `publishOrders` is the channel
 * hub's, which the caller builds afterwards (it needs the context).
 */
export async function startState(
  opts: SimulatorOptions,
  modules: readonly SimModule[],
  publishOrders: SimContext['publishOrders'],
): Promise<StartedState> {
  const seed = opts.seed ?? 1;
  const clock = opts.clock ?? realClock;
  const store = opts.store ?? memoryStore();

  const opening = openPersistence(store, {
    fresh: () => newState(seed, clock.now(), newKeyHex(), newKeyHex()),
    now: clock.now(),
  });
  // While the store loads (IndexedDB works on its own thread), do what needs
  // no state: the time-zone data and this week's sessions of the catalogue's
  // hours, which the trading module's init and the first quotes read.
  warmHours(clock.now());
  const persistence = await opening;
  const state = persistence.state;
  performance.mark('sim:state-loaded');
  // Keys are random, never from the seed; a state saved before that held a
  // seed-derived secret anyone could recompute: replace it (its sessions end).
  if (!isKeyHex(state.secret)) state.secret = newKeyHex();
  if (!isKeyHex(state.vaultKey)) state.vaultKey = newKeyHex();
  if (opts.signingKey !== undefined && !isKeyHex(opts.signingKey))
    throw new Error('signingKey must be at least 256 bits of lower-case hex');
  // Time skipped by a reviewer stays skipped after a reload.
  if (isShiftable(clock) && state.timeOffset) clock.setOffset(state.timeOffset);
  const products = createProducts(state);
  const prices = new PriceEngine({
    seed: state.seed,
    createdAt: state.createdAt,
    products: products.all(),
    hoursOf: (s) => products.hours(s),
  });
  products.onHoursChange(() => prices.hoursChanged());
  const tokens = createTokenService(opts.signingKey ?? state.secret, clock);

  let saveTimer: number | undefined;
  const save = () => persistence.save();
  const persist = () => {
    if (saveTimer !== undefined) return;
    saveTimer = clock.setTimeout(() => {
      saveTimer = undefined;
      void save();
    }, 250);
  };

  const ctx: SimContext = {
    clock,
    state,
    passwordIterations: opts.passwordIterations ?? DEFAULT_PASSWORD_ITERATIONS,
    ledger: new Ledger(state.ledger),
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
  performance.mark('sim:init');
  // What the modules' init added (or a migration changed) is saved at once,
  // but not waited for: the store writes while the first quotes are worked
  // out. Saves run in order (a later call's save lands after this one) and a
  // failed one is marked again for the next, so nothing waits on it.
  void save().then(() => performance.mark('sim:saved'));

  return {
    ctx,
    persistence,
    save,
    cancelSave: () => {
      if (saveTimer !== undefined) clock.clearTimeout(saveTimer);
    },
  };
}

/**
 * How the simulator is put together: modules (market data, trading,
 * identity, user centre…) each own a section of the state and answer a set of
 * calls. The server composes them and routes requests by the contract.
 *
 * Nothing here knows the modules: a module's context names the sections it
 * reads (`SimContext<TradingSlice & UsersSlice>`), each imported from its
 * owner, and state.ts / back-office.ts compose the whole.
 */
import type { CallName, DataOf, ExtraOf, PayloadOf } from '../api/contract.ts';
import type { TokenPayload } from '../api/types/trading.ts';
import type { OrdersMessage } from '../api/types/realtime.ts';
import type { Clock } from './clock.ts';
import type { PriceEngine } from './prices.ts';
import type { CoreState } from './core-state.ts';
import type { Ledger } from './ledger.ts';
import type { TokenService } from './auth/tokens.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { Products } from './products.ts';
import type { Uploads } from './persist/uploads.ts';
import type { ChannelHub } from './channels.ts';

/** A reply: the JSON body fields, or a bare HTTP status. */
export type Reply<K extends CallName = CallName> =
  | ({ code: number; msg?: string; data: DataOf<K> | null } & Partial<ExtraOf<K>>)
  | { httpStatus: number; body?: string };

export interface CallInfo {
  /** Valid session of the bearer token, if any. */
  session: TokenPayload | undefined;
  token: string | undefined;
  now: number;
  /** Where the call came from (payload.ts `peerOf`): throttles count per source. */
  peer: string;
}

export type Handler<K extends CallName> = (
  payload: PayloadOf<K>,
  info: CallInfo,
) => Reply<K> | Promise<Reply<K>>;

export type Handlers = { [K in CallName]?: Handler<K> };

/**
 * What every module can reach. `S` is the state sections a module reads
 * beside the core's, each typed by its owner (a module's own and those of
 * others it reads); the server's context has them all (`SimState`).
 */
export interface SimContext<S extends object = object> {
  clock: Clock;
  state: CoreState & S;
  /**
   * PBKDF2 iterations for new password hashes. There is no seeded generator
   * here on purpose: secrets come from secure-random.ts, market data from
   * the price engine's hashes of seed and time.
   */
  passwordIterations: number;
  /** The host's password hasher (the Node host's worker pool); else PBKDF2 at {@link passwordIterations}. */
  passwordHasher?: PasswordHasher;
  ledger: Ledger;
  prices: PriceEngine;
  products: Products;
  tokens: TokenService;
  /** Mark the state changed (saved shortly after). */
  persist(): void;
  /** Push the user's orders on the exchange channel (routed by ordertype) to connections on that book. */
  publishOrders(uid: string, msg: OrdersMessage, book?: 'real' | 'demo'): void;
  /** Is this session still good (user exists, not logged out)? Identity decides. */
  sessionValid(session: TokenPayload, token: string): boolean;
  /** Uploaded images (the blob area). */
  uploads: Uploads;
}

/** What a module's back-office operations may use beyond its context. */
export interface BackOfficeDeps {
  tokens: TokenService;
  hub: ChannelHub;
}

/**
 * A module: `S` is the state sections it reads (see {@link SimContext}),
 * `Ops` the back-office operations it adds (back-office.ts composes them).
 */
export interface SimModule<S extends object = object, Ops extends object = object> {
  readonly name: string;
  /** Create this module's state section when missing (new or older saved state). */
  init?(ctx: SimContext<S>): void;
  handlers(ctx: SimContext<S>): Handlers;
  /** Called on every price tick (fills, stops, settlements). */
  onTick?(ctx: SimContext<S>, now: number): void;
  /** Messages to send when a user's exchange channel authenticates. */
  exchangeSnapshot?(ctx: SimContext<S>, session: TokenPayload): OrdersMessage[];
  /**
   * A refusal of an authenticated call before its handler runs (the session
   * time limit: responsible trading), or undefined to let it through. Runs
   * inside the user's serialised call; it may end the session.
   */
  sessionRefusal?(
    ctx: SimContext<S>,
    session: TokenPayload,
    token: string,
    now: number,
  ): Reply | undefined;
  /** Whether a session is valid, beyond its signature (identity module). */
  sessionValid?(ctx: SimContext<S>, session: TokenPayload, token: string): boolean;
  /**
   * Changes that could not be saved were undone: the state is back to what
   * the store holds. Rebuild what the module derives from the state (indexes).
   */
  restored?(ctx: SimContext<S>): void;
  /** This module's back-office operations (merged into the back office). */
  backOffice?(ctx: SimContext<S>, deps: BackOfficeDeps): Ops;
  /**
   * The serialisation key of an anonymous call this module answers, when
   * calls about the same account must not interleave (e.g. `login:<address>`);
   * undefined leaves the call unserialised. `peer` is the caller's source
   * (payload.ts `peerOf`).
   */
  serialKey?(
    ctx: SimContext<S>,
    name: CallName,
    payload: Record<string, unknown>,
    peer: string,
  ): string | undefined;
}

/** A success reply (code 0) with its data. */
export const ok = <D>(data: D): { code: 0; msg: string; data: D } => ({
  code: 0,
  msg: 'success',
  data,
});

/**
 * A failure reply. Without a message, the server's for the code (codes.ts)
 * is filled in as the reply goes out (server.ts), so the table of messages
 * loads beside the late modules, not in the worker's first chunk.
 */
export const fail = (code: number, msg?: string): { code: number; msg?: string; data: null } =>
  msg === undefined ? { code, data: null } : { code, msg, data: null };

/** Is this reply a bare HTTP status rather than a JSON body? */
export const isHttp = (r: Reply): r is { httpStatus: number; body?: string } => 'httpStatus' in r;

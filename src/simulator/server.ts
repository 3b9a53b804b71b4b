/**
 * The exchange simulator as a server: `createSimulator({ seed, clock, store })`
 * returns `{ handle(req), connect(channel, sink), backOffice }`. It answers
 * wire requests exactly as a live server would (401 for a /waa/ call without a
 * valid token, reply codes from real conditions), so the client cannot tell it
 * from one.
 */
import { contract, matchCall, needsToken, type CallName } from '../api/contract.ts';
import type { ChannelSink } from '../api/realtime/connectors.ts';
import type { TokenPayload } from '../api/types/trading.ts';
import {
  type ChannelCommand,
  type ChannelName,
  type WireRequest,
  type WireResponse,
} from '../api/wire.ts';
import { bearer, decodePayload, json, peerOf, TOO_MANY_TEXT } from './payload.ts';
import { ChannelFaults } from './channel-faults.ts';
import { ChannelHub, type ConnectOptions } from './channels.ts';
import {
  fail,
  isHttp,
  type Handlers,
  type Reply,
  type SimContext,
  type SimModule,
} from './module.ts';
import { allQuotes } from './modules/market.ts';
import { EARLY_MODULES, codeMessages, loadLateModules } from './modules/early.ts';
import type { PriceEngine } from './prices.ts';
import { Scenarios } from './scenarios.ts';
import { silentAt } from './market-events.ts';
import { TICK_MS } from './series.ts';
import { createSerialiser } from './serial.ts';
import { addModuleOps, createBackOffice, type BackOffice } from './back-office.ts';
import { refusal } from './edge/refusal.ts';
import { startState, type SimulatorOptions } from './startup.ts';
import { SaveFailed, type WriteRange } from './persistence.ts';
import { HasherBusy } from './auth/passwords.ts';
import type { SimState } from './state.ts';

export type { SimulatorOptions };

export interface Simulator {
  handle(req: WireRequest): Promise<WireResponse>;
  /**
   * Open a connection once the channel admits it (the stall fault may hold it
   * forever); `admitted`: the host has already waited for {@link admit}.
   */
  connect(
    name: ChannelName,
    sink: ChannelSink,
    /** `admitted`: see above; the rest is the host's say on the connection (channels.ts). */
    opts?: { admitted?: boolean } & ConnectOptions,
  ): Promise<{ send(cmd: ChannelCommand): Promise<void>; close(): void }>;
  /** Resolves when a new connection of the channel may open (a WebSocket host: before the handshake). */
  admit(name: ChannelName): Promise<void>;
  /** The operator's operations; a module's own ones are there once {@link loaded}. */
  backOffice: BackOffice;
  /**
   * Resolves once every module is in: at once, unless the simulator was made
   * with `early` (then a little after; rejects if their chunk fails to load).
   */
  loaded(): Promise<void>;
  /** For tests and hosts: the modules' shared context. */
  readonly ctx: SimContext<SimState>;
  /** Save now (the worker calls this before it goes away). */
  flush(): Promise<void>;
  /** Stop the tick and the save timer (the store stays open). */
  stop(): void;
  /** Stop, save what is left and close the store (a host's shutdown). */
  close(): Promise<void>;
}

/** A module's say on an authenticated call before its handler (a session past its time limit ends). */
function sessionRefusal(
  modules: readonly SimModule<SimState>[],
  ctx: SimContext<SimState>,
  session: TokenPayload,
  token: string,
  now: number,
): Reply | undefined {
  for (const m of modules) {
    const refused = m.sessionRefusal?.(ctx, session, token, now);
    if (refused) return refused;
  }
  return undefined;
}

/** The reply to a call whose handling threw. */
function thrown(
  name: CallName,
  e: unknown,
  out: (status: number, body: { code: number }) => Promise<WireResponse>,
): Promise<WireResponse> | WireResponse {
  // Its earlier writes were undone by a failed save while it ran: as a failed save of its own.
  if (e instanceof SaveFailed) return json(500, { code: 1000, msg: e.message, data: null });
  // The host's password pool has this caller's share waiting already: nothing done, try later.
  if (e instanceof HasherBusy) return json(429, { code: -1, msg: TOO_MANY_TEXT, data: null });
  console.error(`simulator: ${name} failed`, e);
  return out(200, fail(1000));
}

/**
 * A simulator: its state loaded (or made), its modules started, ready to answer
 * calls and channels.
 */
export async function createSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  // The late modules' chunk is asked for first thing, so it loads while the state does.
  const loadLate = opts.loadLate ?? loadLateModules;
  const late = opts.modules || !opts.early ? undefined : loadLate();
  const modules: SimModule<SimState>[] = [
    ...(opts.modules ?? (late ? EARLY_MODULES : [...EARLY_MODULES, ...(await loadLate())])),
  ];
  // eslint-disable-next-line prefer-const -- assigned once the context exists
  let hub: ChannelHub;
  const { ctx, persistence, save, cancelSave } = await startState(opts, modules, (uid, msg, book) =>
    hub.publishOrders(uid, msg, book),
  );
  const { clock, products, prices, tokens } = ctx;

  const handlers: Handlers = {};
  for (const m of modules) Object.assign(handlers, m.handlers(ctx));

  const verify = async (token: string | undefined) => {
    if (!token) return undefined;
    // Whether a session is still good is the identity and users modules' to say.
    await loaded();
    const s = await tokens.verify(token);
    return s && ctx.sessionValid(s, token) ? s : undefined;
  };

  // Read back through the state (tracked): the faults are saved as they change.
  ctx.state.stalls ??= {};
  ctx.state.faults ??= { frozen: [], forced: [], delays: [] };
  const faults = ctx.state.faults;
  hub = new ChannelHub({
    verify,
    // A user removed since the socket signed in has no session either (its calls answer 1002).
    stillValid: (s, token) => ctx.sessionValid(s, token) && ctx.state.users?.[s.uid] !== undefined,
    snapshot: (s) => modules.flatMap((m) => m.exchangeSnapshot?.(ctx, s) ?? []),
    knows: (symbol) => products.get(symbol) !== undefined,
    faults: new ChannelFaults(ctx.state.stalls, faults.frozen, ctx.persist),
    silent: (symbol, now) => silentAt(products.events(symbol), now),
    now: () => clock.now(),
  });

  const scenarios = new Scenarios(faults, ctx.persist);
  const { serialised } = createSerialiser();
  /** A user's changes one at a time; anonymous calls as their module says. */
  const serialKey = (
    name: CallName,
    session: TokenPayload | undefined,
    payload: Record<string, unknown>,
    peer: string,
  ): string | undefined => {
    if (session) return contract[name].method === 'GET' ? undefined : `uid:${session.uid}`;
    for (const m of modules) {
      const k = m.serialKey?.(ctx, name, payload, peer);
      if (k !== undefined) return k;
    }
    return undefined;
  };
  const sleep = (ms: number) => new Promise<void>((r) => clock.setTimeout(r, ms));

  /** A JSON reply; a failure without a message gets the server's for its code (module.ts fail). */
  const out = async (
    status: number,
    body: { code: number; msg?: string; data?: unknown },
  ): Promise<WireResponse> => {
    if (body.code === 0 || body.msg !== undefined) return json(status, body);
    const { CODE_MESSAGES } = await codeMessages();
    return json(status, { ...body, msg: CODE_MESSAGES[body.code] ?? 'Failure' });
  };

  async function answer(
    name: CallName,
    req: WireRequest,
    params: Record<string, string>,
  ): Promise<WireResponse> {
    const ep = contract[name];
    // A call the loaded modules do not answer (or that needs a session) waits
    // for the late ones: never a 404 for a call they will answer a little later.
    if (!handlers[name] || needsToken(ep)) {
      try {
        await loaded();
      } catch {
        return { status: 503, body: '' };
      }
    }
    const forced = scenarios.takeForced(name);
    if (forced) {
      if (forced.body !== undefined) return { status: forced.status ?? 200, body: forced.body };
      if (forced.status !== undefined) return { status: forced.status, body: '' };
      return out(200, fail(forced.code ?? -1, forced.msg));
    }
    let raw: unknown;
    try {
      raw = await decodePayload(req);
    } catch {
      return out(400, fail(1001));
    }
    // The one validated edge: no handler sees a payload its call's schema refuses.
    const refused = await refusal(name, ep, raw, params);
    if (refused !== undefined) return out(200, fail(refused));
    const payload = { ...(raw as Record<string, unknown>), ...params };
    const token =
      bearer(req.headers) ??
      (ep.root === 'exchange' ? (payload.token as string | undefined) : undefined);
    const session = needsToken(ep) ? await verify(token) : undefined;
    if (needsToken(ep) && !session) {
      if (ep.root === 'exchange') return out(200, fail(400));
      return { status: 401, body: '' };
    }
    const handler = handlers[name] as
      ((p: unknown, i: unknown) => Reply | Promise<Reply>) | undefined;
    if (!handler) return json(404, { code: -1, msg: `Not found: ${ep.path}`, data: null });
    const peer = peerOf(req.headers);
    let reply: Reply;
    // The call's writes, numbered (persistence.ts), so its save says whether they were kept.
    let writes: WriteRange | undefined;
    try {
      reply = await serialised(serialKey(name, session, payload, peer), async () => {
        // A call queued behind a password change or a revocation no longer has a session.
        if (session && token && !ctx.sessionValid(session, token))
          return ep.root === 'exchange' ? fail(400) : { httpStatus: 401 };
        const r = await persistence.bracket(() => {
          const now = clock.now();
          const refused = session && token && sessionRefusal(modules, ctx, session, token, now);
          return refused || handler(payload, { session, token, now, peer });
        });
        writes = r.writes;
        return r.value;
      });
    } catch (e) {
      return thrown(name, e, out);
    }
    // A change is saved before its reply goes out, so a reload right after loses nothing;
    // one that could not be saved was undone, and the call says so.
    if (ep.method !== 'GET' && ep.root !== 'market') {
      try {
        await persistence.save(writes);
      } catch (e) {
        if (!(e instanceof SaveFailed)) throw e;
        return json(500, { code: 1000, msg: e.message, data: null });
      }
    }
    if (isHttp(reply)) return { status: reply.httpStatus, body: reply.body ?? '' };
    return out(200, reply);
  }

  async function handle(req: WireRequest): Promise<WireResponse> {
    let hit: ReturnType<typeof matchCall>;
    try {
      hit = matchCall(req.root, req.path);
    } catch {
      // A path parameter that is not valid percent-encoding names nothing.
      return out(400, fail(1001));
    }
    if (!hit) return json(404, { code: -1, msg: `Not found: ${req.path}`, data: null });
    if (contract[hit.name].method !== req.method)
      return json(405, { code: -1, msg: 'Method not allowed', data: null });
    const delay = scenarios.takeDelay(hit.name);
    if (delay.ms > 0 && !delay.after) await sleep(delay.ms);
    const reply = await answer(hit.name, req, hit.params);
    if (delay.ms > 0 && delay.after) await sleep(delay.ms);
    return reply;
  }

  let ticking = opts.ticking ?? true;
  let tickTimer: number | undefined;
  const source = {
    quotes: (now: number) => allQuotes(ctx, now),
    bar: (symbol: string, period: Parameters<PriceEngine['currentBar']>[1], now: number) =>
      prices.currentBar(symbol, period, now),
  };
  const tick = () => {
    tickTimer = undefined;
    if (!ticking) return;
    const now = clock.now();
    // One module's fault must not stop the market: report it and keep ticking.
    for (const m of modules) {
      try {
        m.onTick?.(ctx, now);
      } catch (e) {
        console.error(`simulator: ${m.name} tick failed`, e);
      }
    }
    try {
      hub.tick(now, source);
    } catch (e) {
      console.error('simulator: channel tick failed', e);
    }
    tickTimer = clock.setTimeout(tick, TICK_MS - (now % TICK_MS) || TICK_MS);
  };
  if (ticking) tickTimer = clock.setTimeout(tick, TICK_MS - (clock.now() % TICK_MS) || TICK_MS);

  function stop() {
    ticking = false;
    if (tickTimer !== undefined) clock.clearTimeout(tickTimer);
    cancelSave();
  }

  const backOffice = createBackOffice({
    ctx,
    hub,
    scenarios,
    modules,
    wipe: () => persistence.wipe(),
    tokens,
    replace: (state, blobs) => persistence.replace(state, blobs),
  });

  let done = !late;
  /** Take in the late modules: each one's state section, calls and operations. */
  const addModules = (more: readonly SimModule<SimState>[]) => {
    for (const m of more) {
      modules.push(m);
      m.init?.(ctx);
      Object.assign(handlers, m.handlers(ctx));
    }
    addModuleOps(backOffice, ctx, more, { tokens, hub });
    done = true;
    performance.mark('sim:modules');
    // Their init's additions are saved at once, as startState does for the early ones.
    save().catch(() => {});
  };
  let loading: Promise<void> | undefined;
  const settle = (p: Promise<readonly SimModule<SimState>[]>) =>
    (loading = p.then(addModules, (e: unknown) => {
      // The next call that needs them asks for the chunk again.
      console.error('simulator: loading modules failed', e);
      loading = undefined;
      throw e;
    }));
  const loaded = (): Promise<void> => (done ? Promise.resolve() : (loading ?? settle(loadLate())));
  if (late) settle(late).catch(() => undefined);

  return {
    handle,
    connect: async (name, sink, opts) => {
      if (!opts?.admitted) await hub.faults.admit(name);
      return hub.connect(name, sink, opts);
    },
    admit: (name) => hub.faults.admit(name),
    backOffice,
    loaded,
    ctx,
    flush: save,
    stop,
    async close() {
      stop();
      await persistence.close();
    },
  };
}

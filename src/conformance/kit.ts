/**
 * What every check works with: the server's URLs and test accounts, a call
 * of the contract by name (the very wire request the app sends:
 * src/api/request.ts over the live transport), the exchange recorded for the
 * report, sessions per account and book, and WebSocket helpers. Black box:
 * nothing here knows the server is the simulator.
 */
import WsClient from 'ws';
import { contract, type CallName, type PayloadOf } from '../api/contract.ts';
import { wireRequest } from '../api/request.ts';
import { httpTransport } from '../api/transports/http.ts';
import type { ChannelCommand, Root } from '../api/wire.ts';
import { NO_OPERATOR } from './checks/spec.ts';
import type { OperatorAdapter } from './operator.ts';
import { REPLY_DATA, REPLY_EXTRA, envelope, schemaIssues } from './schemas.ts';

export type Area = 'calls' | 'codes' | 'tokens' | 'channels' | 'time';
export const AREAS: readonly Area[] = ['calls', 'codes', 'tokens', 'channels', 'time'];

export interface Account {
  email: string;
  password: string;
  /** Has money on its real account (orders, balance checks). */
  funded?: boolean;
}

export interface KitOptions {
  /** Base URL of each root, as the app's live config `roots` (e.g. http://host/api). */
  api: string;
  market: string;
  exchange: string;
  /** The channels' URLs, as the app's live config `ws`. */
  wsMarket: string;
  wsExchange: string;
  /** Version prefix, as the app's live config `prefix` (default /v1). */
  prefix?: string;
  accounts: Account[];
  /** A token the server issued that has expired (else the kit re-dates a live one). */
  expiredToken?: string;
  /** How far the server's clock may be from this machine's, ms (default 5 000). */
  clockToleranceMs?: number;
  /** Give up on one call after this, ms (default 10 000). */
  timeoutMs?: number;
  /**
   * Multiplies every wait, time-out and clock tolerance (default 1): for a
   * loaded machine (the kit's own tests scale it like their timeouts).
   */
  slack?: number;
  /** Only the checks whose id starts with one of these. */
  only?: string[];
  /**
   * The server's back office (operator.ts): with it the checks that need an
   * operator run (a deposit approved, a verification reviewed, a market
   * closed); without it they are skipped "not checked without an operator".
   */
  operator?: OperatorAdapter;
  /**
   * How long the kit waits for its demo option to settle, ms (default
   * 35 000): an option whose shortest term is longer is checked only as
   * placed and running.
   */
  settleMs?: number;
}

/** One request and its reply, as the report shows a failure. */
export interface Exchange {
  request: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** A check's failure: what was expected, and the exchange that showed otherwise. */
export class CheckFailure extends Error {
  constructor(
    readonly expected: string,
    readonly exchange?: Exchange,
    readonly got?: string,
  ) {
    super(expected);
  }
}

/** A check that cannot run here, and why. */
export class Skip extends Error {}

export interface Reply<T = unknown> {
  ex: Exchange;
  /** The parsed body, when it is JSON. */
  json: unknown;
  code: number | undefined;
  data: T;
}

const trimBody = (s: string, n = 600) =>
  s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;

export interface Session {
  token: string;
  refreshToken?: string;
}

export interface Books {
  real: string;
  demo: string;
}

/** The payload of a JWT, read without checking it (the app reads virtualStatus and aesKey so). */
export function jwtPayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A token with its last signature byte changed: the server must refuse it. */
export function forge(token: string): string {
  const i = token.lastIndexOf('.');
  if (i < 0) return `${token}x`;
  const sig = Buffer.from(token.slice(i + 1), 'base64url');
  if (sig.length > 0) sig[0] = (sig[0] as number) ^ 0xff;
  return `${token.slice(0, i + 1)}${sig.toString('base64url')}`;
}

/** The same token with its expiry an hour in the past (its signature no longer matches). */
export function redate(token: string): string {
  const [h, p, s] = token.split('.');
  const payload = jwtPayload(token);
  if (!h || !p || s === undefined || !payload) return forge(token);
  const past = { ...payload, exp: Math.floor(Date.now() / 1000) - 3600 };
  return `${h}.${Buffer.from(JSON.stringify(past)).toString('base64url')}.${s}`;
}

export interface Socket {
  ws: WsClient;
  /** Messages so far, parsed, with their local arrival time (ms). */
  got: Array<{ at: number; msg: unknown; raw: string }>;
  send(cmd: ChannelCommand | Record<string, unknown>): void;
  /** Wait until `cond` holds over the messages; fails with `what` after `ms`. */
  until(cond: () => boolean, ms: number, what: string): Promise<void>;
  close(): void;
}

/** One check: where it comes from in the spec, and how it runs. */
export interface Check {
  id: string;
  area: Area;
  /** The spec section (a heading of ../shared/spec/trading.md or user-centre.md), or the extension's source. */
  spec: string;
  title: string;
  run(kit: Kit): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The shared context of one run. */
export class Kit {
  readonly prefix: string;
  readonly toleranceMs: number;
  readonly slack: number;
  private readonly sessions = new Map<string, Session>();
  private readonly books = new Map<string, Books>();
  /** Accounts whose book the kit switched, with the book they were on. */
  private readonly switched = new Map<string, { account: Account; was: string }>();
  private readonly sockets = new Set<WsClient>();
  private cache = new Map<string, unknown>();
  /** What the kit undoes at the end (a card or address it added and a check left behind). */
  private readonly undo: Array<() => Promise<unknown>> = [];
  /** The exchange of the last call, for the report. */
  last: Exchange | undefined;

  constructor(readonly opts: KitOptions) {
    this.prefix = opts.prefix ?? '/v1';
    this.slack = Math.max(1, opts.slack ?? 1);
    this.toleranceMs = (opts.clockToleranceMs ?? 5_000) * this.slack;
  }

  get funded(): Account | undefined {
    return this.opts.accounts.find((a) => a.funded);
  }
  /** An account without money on its real book, if the file gave one. */
  get unfunded(): Account | undefined {
    return this.opts.accounts.find((a) => !a.funded);
  }
  /** The account for calls that need no money: the unfunded one if any, else the first. */
  get anyAccount(): Account {
    const a = this.unfunded ?? this.opts.accounts[0];
    if (!a) throw new Skip('no account in the account file');
    return a;
  }
  /** The account with money, or a skip. */
  needFunded(): Account {
    const a = this.funded;
    if (!a) throw new Skip('no funded account in the account file');
    return a;
  }

  private roots(): Record<Root, string> {
    return { api: this.opts.api, market: this.opts.market, exchange: this.opts.exchange };
  }

  /** Send one call of the contract as the app does; never throws on a reply, only on no reply. */
  async call<K extends CallName>(
    name: K,
    payload?: PayloadOf<K>,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const req = wireRequest(name, payload, token);
    Object.assign(req.headers, headers);
    let seen: { url: string; res: Response } | undefined;
    const timeoutMs = (this.opts.timeoutMs ?? 10_000) * this.slack;
    const transport = httpTransport({
      roots: this.roots(),
      prefix: this.prefix,
      fetch: async (url, init) => {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        seen = { url: String(url), res };
        return res;
      },
    });
    const ep = contract[name];
    const shown =
      req.body === undefined
        ? ''
        : ` ${trimBody(typeof req.body === 'object' && req.body !== null && 'multipart' in req.body ? '(multipart)' : JSON.stringify(req.body), 300)}`;
    const describe = (url: string) =>
      `${ep.method} ${url}${req.headers.Authorization ? ' (with token)' : ''}${shown}`;
    let res;
    try {
      res = await transport.send(req);
    } catch (e) {
      const url = `${this.roots()[ep.root]}${this.prefix}${req.path}`;
      const ex: Exchange = { request: describe(url), status: 0, body: String(e), headers: {} };
      this.last = ex;
      throw new CheckFailure(`a reply to ${name}`, ex, `no reply: ${String(e)}`);
    }
    const hdrs: Record<string, string> = {};
    seen?.res.headers.forEach((value, key) => (hdrs[key] = value));
    const ex: Exchange = {
      request: describe(seen?.url ?? req.path),
      status: res.status,
      body: trimBody(res.body),
      headers: hdrs,
    };
    this.last = ex;
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    const obj = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    return {
      ex,
      json,
      code: typeof obj.code === 'number' ? obj.code : undefined,
      data: obj.data,
    };
  }

  /**
   * A call that must succeed, its reply checked: HTTP 200, the envelope,
   * code 0, and `data` (and any extra field) against the call's reply schema.
   */
  async ok<K extends CallName>(name: K, payload?: PayloadOf<K>, token?: string): Promise<Reply> {
    const r = await this.call(name, payload, token);
    this.expectOk(name, r);
    return r;
  }

  /** Check a reply as {@link ok} does. */
  expectOk(name: CallName, r: Reply): void {
    if (r.ex.status !== 200)
      throw new CheckFailure(`HTTP 200 for ${name}`, r.ex, `HTTP ${r.ex.status}`);
    const env = schemaIssues(envelope, r.json, 'reply');
    if (env) throw new CheckFailure(`the reply envelope { code, msg, data }`, r.ex, env.join('; '));
    if (r.code !== 0) throw new CheckFailure(`code 0 for ${name}`, r.ex, `code ${r.code}`);
    const issues = schemaIssues(REPLY_DATA[name], r.data);
    if (issues)
      throw new CheckFailure(
        `${name}'s reply data as the contract types it`,
        r.ex,
        issues.join('; '),
      );
    const extra = REPLY_EXTRA[name];
    const more = extra && schemaIssues(extra, r.json, 'reply');
    if (more) throw new CheckFailure(`${name}'s reply fields beside data`, r.ex, more.join('; '));
  }

  /** A call that must answer code 0, read without its schema (a check's set-up, not its subject). */
  async loose<K extends CallName>(
    name: K,
    payload?: PayloadOf<K>,
    token?: string,
  ): Promise<unknown> {
    const r = await this.call(name, payload, token);
    if (r.ex.status !== 200 || r.code !== 0)
      throw new CheckFailure(
        `${name} to succeed (set-up of this check)`,
        r.ex,
        `HTTP ${r.ex.status}, code ${r.code}`,
      );
    return r.data;
  }

  /** A call that must be refused with one of `codes` (HTTP 200, the code in the body). */
  async refused<K extends CallName>(
    name: K,
    payload: PayloadOf<K> | undefined,
    token: string | undefined,
    codes: number[],
    why: string,
  ): Promise<Reply> {
    const r = await this.call(name, payload, token);
    const expected = `${why}: HTTP 200 with code ${codes.join(' or ')}`;
    if (r.ex.status !== 200) throw new CheckFailure(expected, r.ex, `HTTP ${r.ex.status}`);
    const env = schemaIssues(envelope, r.json, 'reply');
    if (env) throw new CheckFailure(expected, r.ex, env.join('; '));
    if (!codes.includes(r.code as number)) throw new CheckFailure(expected, r.ex, `code ${r.code}`);
    return r;
  }

  /** A call that must be answered HTTP 401 (the contract's answer to a missing or bad token on /waa/). */
  async unauthorized<K extends CallName>(
    name: K,
    payload: PayloadOf<K> | undefined,
    token: string | undefined,
    why: string,
  ): Promise<void> {
    const r = await this.call(name, payload, token);
    if (r.ex.status !== 401)
      throw new CheckFailure(
        `${why}: HTTP 401`,
        r.ex,
        `HTTP ${r.ex.status}${r.code !== undefined ? `, code ${r.code}` : ''}`,
      );
  }

  /** Sign in (a fresh session every time). */
  async signIn(a: Account): Promise<Session> {
    const data = (await this.loose('login', {
      username: a.email,
      password: a.password,
      type: a.email.includes('@') ? 'E' : 'P',
    })) as { token?: unknown; refreshToken?: unknown; qrcodeStatus?: unknown };
    if (typeof data?.token !== 'string')
      throw new Skip(
        `${a.email} has a second factor (or no token came): the kit needs accounts without one`,
      );
    const s: Session = { token: data.token };
    if (typeof data.refreshToken === 'string') s.refreshToken = data.refreshToken;
    return s;
  }

  /** A session of the account, made once and kept until {@link forget}. */
  async session(a: Account): Promise<Session> {
    let s = this.sessions.get(a.email);
    if (!s) {
      s = await this.signIn(a);
      this.sessions.set(a.email, s);
    }
    return s;
  }

  /** The account's sessions have ended (a password change): sign in again next time. */
  forget(a: Account): void {
    this.sessions.delete(a.email);
    this.books.delete(a.email);
  }

  /** Tokens of the account's real and demo books (switchUser gives the other book's token). */
  async booksOf(a: Account): Promise<Books> {
    const hit = this.books.get(a.email);
    if (hit) return hit;
    const s = await this.session(a);
    const first = String(jwtPayload(s.token)?.virtualStatus ?? '0');
    const other = (await this.loose('switchUser', undefined, s.token)) as { token?: unknown };
    if (typeof other?.token !== 'string')
      throw new CheckFailure('switchUser to give a token', this.last);
    if (!this.switched.has(a.email)) this.switched.set(a.email, { account: a, was: first });
    const b: Books =
      first === '0' ? { real: s.token, demo: other.token } : { real: other.token, demo: s.token };
    this.books.set(a.email, b);
    return b;
  }

  /** The operator adapter, or a skip. */
  needOperator(): OperatorAdapter {
    if (!this.opts.operator) throw new Skip(NO_OPERATOR);
    return this.opts.operator;
  }

  /** An operator's step of a check: its refusal fails the check, naming the step. */
  async operate<T>(what: string, f: (op: OperatorAdapter) => Promise<T>): Promise<T> {
    const op = this.needOperator();
    try {
      return await f(op);
    } catch (e) {
      throw new CheckFailure(`the operator to ${what}`, undefined, String(e));
    }
  }

  /** Undo this at the end of the run, whatever happens (last registered, first run). */
  later(f: () => Promise<unknown>): void {
    this.undo.push(f);
  }

  /** The aesKey of a token (the app reads it from the token's payload): sensitive fields travel encoded with it. */
  aesKeyOf(token: string): string {
    const key = jwtPayload(token)?.aesKey;
    if (typeof key !== 'string' || !key)
      throw new CheckFailure(
        "the token's payload to carry aesKey (the sensitive fields are encoded with it)",
        this.last,
      );
    return key;
  }

  /** Something fetched once per run (product lists). */
  async once<T>(key: string, f: () => Promise<T>): Promise<T> {
    if (!this.cache.has(key)) this.cache.set(key, await f());
    return this.cache.get(key) as T;
  }

  /** Open a channel socket; messages are collected. */
  async open(url: string, ms = 5_000): Promise<Socket> {
    const slack = this.slack;
    const ws = new WsClient(url, { handshakeTimeout: ms * slack });
    this.sockets.add(ws);
    const got: Socket['got'] = [];
    ws.on('message', (raw) => {
      const text = String(raw as Buffer);
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        msg = undefined;
      }
      got.push({ at: Date.now(), msg, raw: text });
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', (e) =>
        reject(new CheckFailure(`the channel ${url} to open`, undefined, String(e))),
      );
    });
    ws.on('error', () => undefined);
    return {
      ws,
      got,
      send: (cmd) => ws.send(JSON.stringify(cmd)),
      async until(cond, ms, what) {
        const waitMs = ms * slack;
        const end = Date.now() + waitMs;
        while (!cond()) {
          if (Date.now() > end)
            throw new CheckFailure(
              what,
              undefined,
              `after ${waitMs} ms: ${got.length} message(s)${got.length ? `, last ${trimBody(got[got.length - 1]?.raw ?? '', 300)}` : ''}`,
            );
          if (ws.readyState === ws.CLOSED)
            throw new CheckFailure(what, undefined, 'the socket closed');
          await sleep(20);
        }
      },
      close: () => {
        ws.terminate();
        this.sockets.delete(ws);
      },
    };
  }

  /** Close every socket and put the accounts back on the book they were on. */
  async finish(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    for (const f of this.undo.splice(0).reverse()) {
      try {
        await f();
      } catch {
        /* the check that left it reported it */
      }
    }
    // Back on the book it was on (a sign-in opens the book the account was last switched to).
    for (const { account, was } of this.switched.values()) {
      try {
        const s = await this.signIn(account);
        if (String(jwtPayload(s.token)?.virtualStatus ?? '0') !== was)
          await this.call('switchUser', undefined, s.token);
      } catch {
        /* reported by the checks already */
      }
    }
    this.switched.clear();
  }
}

/**
 * The API client: one `call(name, payload)` for every call of the contract,
 * owning every generic rule of the error catalogue (trading.md §8 "Transport
 * and generic", user-centre.md §8 "Generic handling").
 */
import {
  contract,
  isSessionPath,
  type CallName,
  type DataOf,
  type ExtraOf,
  type PayloadOf,
} from './contract.ts';
import type { RenewOutcome, Renewer } from './renewal.ts';
import { createRefusals } from './refusals.ts';
import { wireRequest } from './request.ts';
import { NetworkError, type ApiReply, type Transport } from './wire.ts';
import { RT_CODES } from './types/responsible.ts';
import { TIMEOUT_MARGIN_MS, TOAST_MS, UNSURE_LOOK_AGAIN_MS } from '../config/constants.ts';

/** How long an unsure session-ending call's lost reply keeps its 401s from ending the session. */
const UNSURE_WINDOW_MS = UNSURE_LOOK_AGAIN_MS.reduce((a, b) => a + b, 0) + 5000;

/**
 * Why a call failed, when it failed before or beside the server's code.
 * `gateway`: a proxy answered 502 or 504 for an unsure call; the server behind
 * it may have done the work (other calls read it as `http`).
 */
export type Fault =
  'http' | 'unauthorized' | 'timeout' | 'aborted' | 'network' | 'malformed' | 'gateway';

/** The request may have done its work though no reply says so (the reply was lost). */
export const replyLost = (fault: Fault | undefined): boolean =>
  fault === 'network' || fault === 'timeout' || fault === 'gateway';

/**
 * A proxy's bad gateway and gateway timeout: the request may have reached the
 * server and changed something before the answer was lost. Not 503: a
 * service unavailable is the server (or its proxy) declining the request.
 */
const GATEWAY_LOST = new Set([502, 504]);

export interface CallResult<K extends CallName> {
  /** Server code; -1 when no reply could be read. */
  code: number;
  /** Reply data on success; null on any failure. */
  data: DataOf<K> | null;
  /** The full parsed reply, when there was one. */
  reply: (ApiReply<DataOf<K>> & ExtraOf<K>) | null;
  /** The text shown (or that would be shown) for a failure; '' on success. */
  message: string;
  fault?: Fault;
  status?: number;
}

export interface CallOptions {
  /**
   * The spec's noAlert (trading.md §4 "Session"): no toasts, and a 401 on
   * /waa/ is left to the caller (the session is not ended by the client).
   * Only for calls whose caller decides about the session itself.
   */
  noAlert?: boolean;
  /**
   * No toasts (a poll, or a caller that shows its own message). A 401 on
   * /waa/ still ends the session: a poll must not keep a dead session alive.
   */
  quiet?: boolean;
  /**
   * A call whose effect may have happened though no reply came (an order):
   * a network failure or a timeout is not toasted, as "Server error" would
   * say it failed; the caller finds out what happened and says so.
   */
  unsure?: boolean;
  signal?: AbortSignal;
}

export type ToastKind = 'error' | 'success' | 'info';

export interface ClientDeps {
  transport: Transport;
  /** The current session token, if any. */
  token(): string | undefined;
  /** Localise a key; undefined when the key has no translation. */
  t(key: string): string | undefined;
  toast(message: string, kind: ToastKind, durationMs: number): void;
  /**
   * The session is over: clear it and go to sign in. `to` is the path to come
   * back to (401 on /waa/), absent for code 23519 and for 1124 (responsible
   * trading: the session's time limit is reached).
   */
  sessionExpired(reason: '401' | '23519' | '1124'): void;
  /**
   * The values a code's message shows from the reply's `data` (a refusal by
   * a responsible-trading limit: which limit, its period, when it resets),
   * localised and formatted; undefined when the code's message has none.
   */
  values?(code: number, data: unknown): Record<string, string> | undefined;
  /** Configured request timeout in ms; undefined means none (trading.md §9). */
  timeoutMs?: number;
}

export const LOGIN_REQUIRED_CODE = 23519;
/** The literal text of trading.md §8 for a malformed reply. */
export const MALFORMED_TEXT = 'Api constructor error.';

export interface ApiClient {
  call<K extends CallName>(
    name: K,
    payload?: PayloadOf<K>,
    opts?: CallOptions,
  ): Promise<CallResult<K>>;
  /** Fetch an image with the bearer token; cached per path as an object URL. */
  image(path: string): Promise<string | undefined>;
  /**
   * The text of a failure code: a sentence (localised, the server's, or
   * generic; its {{holes}} filled from the reply's `data`), then `(code N)`.
   */
  codeMessage(code: number, serverMsg?: string, data?: unknown): string;
  /** Install how the session is renewed (the session machine does); returns its removal. */
  renewWith(renewer: Renewer): () => void;
  /**
   * Renew the session whose token is `token`, sharing a renewal under way.
   * When it is refused, the session ends (sign in, one message).
   */
  renew(token: string): Promise<RenewOutcome>;
}

function parseReply(text: string): ApiReply | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && typeof (v as ApiReply).code === 'number') {
      return v as ApiReply;
    }
  } catch {
    /* falls through to undefined: malformed */
  }
  return undefined;
}

/**
 * Does a server's msg read as words for a person? Not an identifier such as
 * USER_NOT_FOUND, user.not_found or NotFoundException (no space between words).
 */
export function isSentence(msg: string): boolean {
  const m = msg.trim();
  if (!m || /^[\w.:-]+$/.test(m)) return false;
  return !/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/.test(m);
}

/** Fill {{name}} holes (the client's translate function returns raw texts). */
const fill = (tpl: string, values: Record<string, string>) =>
  tpl.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) => values[k] ?? all);

/** Abort when either the caller aborts or the timeout passes; tells which happened. */
function withTimeout(signal: AbortSignal | undefined, ms: number | undefined) {
  const ctl = new AbortController();
  let timedOut = false;
  const timer =
    ms === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          ctl.abort();
        }, ms + TIMEOUT_MARGIN_MS);
  const onAbort = () => ctl.abort();
  signal?.addEventListener('abort', onAbort);
  if (signal?.aborted) ctl.abort();
  return {
    signal: ctl.signal,
    timedOut: () => timedOut,
    done: () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The one client every machine calls: `call(name, payload)` sends a call of
 * the contract through the transport and applies the error catalogue
 * (status, codes, 401, timeouts, localised messages and toasts).
 */
export function createApiClient(deps: ClientDeps): ApiClient {
  const images = new Map<string, Promise<string | undefined>>();
  const text = (key: string) => deps.t(key) ?? key;

  /**
   * A human sentence, then the code (trading.md §8: "followed by the code in
   * brackets", read as "User not found (code 1050)"): the localised message
   * for the code, else the server's msg when it reads as a sentence, else a
   * generic sentence. A server identifier (USER_NOT_FOUND, a dotted key) is
   * never shown: it says nothing to a person.
   */
  const codeMessage = (code: number, serverMsg?: string, data?: unknown) => {
    const raw = deps.t(`code.${code}`);
    const values = raw !== undefined && data != null ? deps.values?.(code, data) : undefined;
    const filled = raw !== undefined && values ? fill(raw, values) : raw;
    // A message that needs the reply's figures and did not get them is not shown with its holes.
    const own = filled !== undefined && /\{\{\s*\w+\s*\}\}/.test(filled) ? undefined : filled;
    const message =
      own ?? (serverMsg && isSentence(serverMsg) ? serverMsg : text('tips.code_unknown'));
    return fill(deps.t('tips.with_code') ?? '{{message}} (code {{code}})', {
      message,
      code: String(code),
    });
  };

  /**
   * Calls in flight whose success ends every session (contract `endsSession`),
   * by the token they were sent with. The server ends the sessions as it
   * makes the change, so a poll it answers meanwhile gets a 401 that may
   * arrive before the change's own reply (the simulator saves before it
   * replies; a live server's replies can cross on the network): that 401
   * must not end the session as an expiry, with "please sign in" and a
   * redirect that drops the change's success message.
   */
  const ending = new Map<string, number>();

  const refusals = createRefusals({ ...deps, text, ending });

  async function call<K extends CallName>(
    name: K,
    payload?: PayloadOf<K>,
    opts: CallOptions = {},
  ): Promise<CallResult<K>> {
    const ep = contract[name];
    const sent = deps.token();
    if (ep.endsSession && sent !== undefined) {
      ending.set(sent, (ending.get(sent) ?? 0) + 1);
      const release = () => {
        const n = (ending.get(sent) ?? 1) - 1;
        if (n > 0) ending.set(sent, n);
        else ending.delete(sent);
      };
      let r: CallResult<K> | undefined;
      try {
        r = await send(name, ep, payload, opts, false);
        return r;
      } finally {
        // A lost reply may hide a done change: while the caller looks whether it
        // happened (the unsure looks), the 401s it causes are not an expiry either.
        if (opts.unsure && replyLost(r?.fault)) setTimeout(release, UNSURE_WINDOW_MS);
        else release();
      }
    }
    return send(name, ep, payload, opts, false);
  }

  async function send<K extends CallName>(
    name: K,
    ep: (typeof contract)[K],
    payload: PayloadOf<K> | undefined,
    opts: CallOptions,
    replayed: boolean,
  ): Promise<CallResult<K>> {
    const exempt = opts.noAlert ?? ep.noAlert ?? false;
    const quiet = opts.quiet ?? opts.noAlert ?? (ep.noAlert || ep.silent) ?? false;
    const token = deps.token();
    const req = wireRequest(name, payload, token);

    const fail = (fault: Fault, message: string, status?: number): CallResult<K> => {
      const unknown = opts.unsure && replyLost(fault);
      if (!quiet && !unknown) deps.toast(message, 'error', TOAST_MS);
      return { code: -1, data: null, reply: null, message, fault, ...(status ? { status } : {}) };
    };

    const timer = withTimeout(opts.signal, deps.timeoutMs);
    let res;
    try {
      res = await deps.transport.send(req, timer.signal);
    } catch (e) {
      if (timer.timedOut()) return fail('timeout', text('tips.timeout'));
      // A caller's own abort (a screen left, a machine stopped) is not a fault to show.
      if (timer.signal.aborted)
        return { code: -1, data: null, reply: null, message: '', fault: 'aborted' };
      if (!(e instanceof NetworkError)) console.warn('transport failure', e);
      return fail('network', text('tips.server500'));
    } finally {
      timer.done();
    }

    if (res.status === 401 && isSessionPath(ep)) {
      const next = await refusals.after401(ep, token, exempt, quiet, replayed);
      if (next === 'replay') return send(name, ep, payload, opts, true);
      if (next === 'unreachable') return fail('network', text('tips.server500'));
      return {
        code: -1,
        data: null,
        reply: null,
        message: next,
        fault: 'unauthorized',
        status: 401,
      };
    }
    // A rate limit (the Node host's, or a broker's gateway): the user is told to slow down, not of a fault.
    if (res.status === 429) return fail('http', text('tips.too_many_requests'), 429);
    if (opts.unsure && GATEWAY_LOST.has(res.status))
      return fail('gateway', text('tips.server500'), res.status);
    if (res.status !== 200) return fail('http', text('tips.server500'), res.status);

    const reply = parseReply(res.body);
    if (!reply) return fail('malformed', MALFORMED_TEXT, 200);
    const full = reply as CallResult<K>['reply'];
    if (reply.code === 0)
      return { code: 0, data: reply.data as DataOf<K>, reply: full, message: '' };

    const renewed = await refusals.exchange(ep, reply.code, token, quiet);
    if (renewed) return { code: reply.code, data: null, reply: full, message: renewed };
    const message = codeMessage(reply.code, reply.msg ?? reply.message, reply.data);
    // The session is over: 23519, or 1124 (responsible trading: its time limit is reached).
    if (
      !ep.renews &&
      (reply.code === LOGIN_REQUIRED_CODE || reply.code === RT_CODES.sessionEnded)
    ) {
      const expired = reply.code === LOGIN_REQUIRED_CODE;
      // As with a 401: once per session, said even after a quiet poll.
      if (token !== undefined && token !== deps.token())
        return { code: reply.code, data: null, reply: full, message: '' };
      deps.sessionExpired(expired ? '23519' : '1124');
      const said = expired ? text('tips.login_required') : message;
      deps.toast(said, 'error', TOAST_MS);
      return { code: reply.code, data: null, reply: full, message: said };
    }
    if (!quiet) deps.toast(message, 'error', TOAST_MS);
    return { code: reply.code, data: null, reply: full, message };
  }

  function image(path: string): Promise<string | undefined> {
    let hit = images.get(path);
    if (!hit) {
      const token = deps.token();
      const headers: Record<string, string> = { Accept: 'image/*' };
      if (token) headers.Authorization = `Bearer ${token}`;
      hit = deps.transport
        .send({ root: 'api', method: 'GET', path, headers })
        .then((r) => (r.status === 200 && r.blob ? URL.createObjectURL(r.blob) : undefined))
        .catch(() => undefined);
      images.set(path, hit);
      // A failed fetch is not cached, so a later render can retry.
      void hit.then((url) => url ?? images.delete(path));
    }
    return hit;
  }

  return {
    call,
    image,
    codeMessage,
    renewWith: refusals.renewal.install,
    renew: refusals.renewal.renew,
  };
}

/**
 * The wire: what crosses the seam between the client and a server (the live
 * server over HTTP, or the simulator in a worker). Both transports carry these
 * exact shapes, so the client cannot tell them apart.
 */

/** Which server root a call goes to: the API, market data, or the exchange. */
export type Root = 'api' | 'market' | 'exchange';

export type HttpMethod = 'GET' | 'POST';

/** One part of a multipart body: a string field (sent as a JSON blob) or a file. */
export type MultipartPart = [name: string, value: string | Blob];

/**
 * A request body on the wire.
 * - JSON value for `json` calls;
 * - `{ multipart }` for multipart calls (transports turn it into FormData, and
 *   it survives structured clone to a worker, which FormData does not);
 * - `{ form }` for form-encoded calls (already url-encoded).
 */
export type WireBody = unknown | { multipart: MultipartPart[] } | { form: string };

export interface WireRequest {
  root: Root;
  method: HttpMethod;
  /** As the spec writes it, placeholders already filled: '/wa-na/login', '/thumb/BTCUSDT'. */
  path: string;
  /** `Authorization: Bearer <token>` on /waa/ and exchange calls; `Content-Type` when relevant. */
  headers: Record<string, string>;
  /** Query string for GET calls (already filled and encoded, without '?'). */
  query?: string;
  body?: WireBody;
}

/** Raw reply: the client parses `body`, so a malformed reply is the client's to detect. */
export interface WireResponse {
  status: number;
  body: string;
  /** Binary replies (images): a Blob instead of text. */
  blob?: Blob;
}

/** Every API reply: code 0 is success, -1 generic failure. */
export interface ApiReply<T = unknown> {
  code: number;
  msg?: string;
  message?: string;
  data: T;
}

/** A transport sends one request and yields the raw reply; it rejects only on network failure. */
export interface Transport {
  send(req: WireRequest, signal?: AbortSignal): Promise<WireResponse>;
}

/** Whether a wire body is multipart parts (file uploads). */
export const isMultipart = (b: unknown): b is { multipart: MultipartPart[] } =>
  typeof b === 'object' && b !== null && Array.isArray((b as { multipart?: unknown }).multipart);

/** Whether a wire body is a form-encoded string. */
export const isForm = (b: unknown): b is { form: string } =>
  typeof b === 'object' && b !== null && typeof (b as { form?: unknown }).form === 'string';

/** Error a transport throws when the network itself fails (no HTTP reply at all). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

// ---------------------------------------------------------------- realtime

/** The two real-time channels of the spec. */
export type ChannelName = 'market' | 'exchange';

/** Kline periods of the spec (trading.md §9). */
export const PERIODS = ['1min', '5min', '15min', '30min', '1h', '1d'] as const;
export type Period = (typeof PERIODS)[number];

/** What a client sends on a channel. */
export type ChannelCommand =
  /** `delta: true`: this client merges numbered `PricesDeltaMessage`s (types/realtime.ts). */
  | { op: 'sub'; topic: 'prices'; delta?: true }
  | { op: 'sub'; topic: 'price'; symbol: string }
  | { op: 'sub'; topic: 'kline'; symbol: string; period: Period }
  | { op: 'unsub'; topic: 'prices'; delta?: true }
  | { op: 'unsub'; topic: 'price'; symbol: string }
  | { op: 'unsub'; topic: 'kline'; symbol: string; period: Period }
  /** `delta: true`: this client merges `OrdersDeltaMessage`s between full lists (types/realtime.ts). */
  | { op: 'auth'; token: string; delta?: true }
  | { op: 'ping' };

/** A reply the caller stops waiting for when `signal` aborts (the sender cannot be told to stop). */
export function untilAborted<T>(reply: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  if (!signal) return reply;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    reply.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

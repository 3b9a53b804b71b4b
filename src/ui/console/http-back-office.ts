/**
 * The back office over HTTP (live mode): the same {@link RemoteBackOffice}
 * the console uses in simulator mode, each operation a call to the Node
 * host's operator API (`<operatorUrl>/v1/call`, the outbox by GET). The host
 * keeps the allow-list; this side only forwards.
 */
import type { RemoteBackOffice } from './use-back-office.ts';

/** A refusal from the operator API: the HTTP status and the host's reason. */
export class OperatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}

export interface HttpBackOfficeOptions {
  /** The operator root, for example `http://127.0.0.1:8787/operator`. */
  url: string;
  key: string;
  /** The key was refused (401): the console asks for it again. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** A back office whose every operation is an HTTP call to the operator API. */
export function httpBackOffice(o: HttpBackOfficeOptions): RemoteBackOffice {
  const base = o.url.replace(/\/+$/, '');
  const doFetch = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const request = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const res = await doFetch(`${base}/v1/${path}`, {
      ...init,
      headers: {
        'X-Operator-Key': o.key,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
    const body = (await res.json().catch(() => null)) as { data?: unknown; msg?: string } | null;
    if (res.status === 401) o.onUnauthorized?.();
    if (!res.ok) throw new OperatorError(res.status, body?.msg ?? `operator API ${res.status}`);
    return body?.data ?? undefined;
  };
  const ops = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const op = (name: string) => {
    let fn = ops.get(name);
    if (!fn) {
      fn =
        name === 'outbox'
          ? (to?: unknown) =>
              request(`outbox${typeof to === 'string' ? `?to=${encodeURIComponent(to)}` : ''}`)
          : (...args: unknown[]) =>
              request('call', { method: 'POST', body: JSON.stringify({ op: name, args }) });
      ops.set(name, fn);
    }
    return fn;
  };
  return new Proxy({} as RemoteBackOffice, {
    // `then` and symbols stay undefined, so the object is not mistaken for a promise.
    get: (_t, name) => (typeof name === 'string' && name !== 'then' ? op(name) : undefined),
  });
}

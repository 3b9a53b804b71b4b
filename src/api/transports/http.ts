/** The live transport: fetch to the configured roots, with the version prefix. */
import {
  isForm,
  isMultipart,
  NetworkError,
  type Root,
  type Transport,
  type WireRequest,
} from '../wire.ts';

export interface HttpConfig {
  /** Base URL per root, e.g. { api: 'https://api.example.com', market: …, exchange: … }. */
  roots: Record<Root, string>;
  /** Version prefix, '/v1'. */
  prefix: string;
  fetch?: typeof fetch;
}

function toBody(req: WireRequest): BodyInit | undefined {
  const b = req.body;
  if (b === undefined || req.method === 'GET') return undefined;
  if (isMultipart(b)) {
    const fd = new FormData();
    for (const [name, v] of b.multipart) fd.append(name, v);
    return fd;
  }
  if (isForm(b)) return b.form;
  return JSON.stringify(b);
}

/** Image and other binary replies come back as a Blob; everything else as text. */
const isBinary = (type: string | null) => !!type && !/json|text|javascript/.test(type);

/** A transport to a live server over fetch: the wire request as HTTP, the reply as status, type and body. */
export function httpTransport(cfg: HttpConfig): Transport {
  const doFetch = cfg.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    async send(req, signal) {
      // Images are addressed by a full path of their own; API calls get the version prefix.
      const prefix = req.headers.Accept === 'image/*' ? '' : cfg.prefix;
      const url = `${cfg.roots[req.root]}${prefix}${req.path}${req.query ? `?${req.query}` : ''}`;
      let res: Response;
      try {
        const init: RequestInit = { method: req.method, headers: req.headers };
        const body = toBody(req);
        if (body !== undefined) init.body = body;
        if (signal) init.signal = signal;
        res = await doFetch(url, init);
      } catch (e) {
        if (signal?.aborted) throw e;
        throw new NetworkError(e instanceof Error ? e.message : String(e));
      }
      if (isBinary(res.headers.get('content-type'))) {
        return { status: res.status, body: '', blob: await res.blob() };
      }
      return { status: res.status, body: await res.text() };
    },
  };
}

/** Turn a call's payload into a wire request body (the encodings of trading.md §7). */
import type { Encoding } from './contract.ts';
import type { MultipartPart, WireBody } from './wire.ts';

/** Drop undefined values; trim strings (trading.md §5: string values are trimmed before posting). */
export function clean(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || payload instanceof Blob) return payload;
  if (Array.isArray(payload)) return payload.map(clean);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Multipart: files stay files; every other field is sent as a JSON blob. */
export function toMultipart(payload: Record<string, unknown>): { multipart: MultipartPart[] } {
  const parts: MultipartPart[] = [];
  for (const [name, v] of Object.entries(payload)) {
    if (v === undefined) continue;
    if (v instanceof Blob) parts.push([name, v]);
    else {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      parts.push([name, new Blob([text], { type: 'application/json' })]);
    }
  }
  return { multipart: parts };
}

function toParams(payload: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    p.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return p.toString();
}

export interface Encoded {
  body?: WireBody;
  query?: string;
  contentType?: string;
}

/** A payload in the call's encoding: JSON body, form body, multipart parts or query string. */
export function encode(encoding: Encoding, payload: unknown): Encoded {
  const obj = (payload ?? {}) as Record<string, unknown>;
  switch (encoding) {
    case 'json':
      return { body: payload ?? {}, contentType: 'application/json' };
    case 'multipart':
      return { body: toMultipart(obj) };
    case 'form':
      return { body: { form: toParams(obj) }, contentType: 'application/x-www-form-urlencoded' };
    case 'query': {
      const query = toParams(obj);
      return query ? { query } : {};
    }
  }
}

/** Server side: read a multipart body back into fields (JSON blobs parsed as text) and files. */
export async function decodeMultipart(
  parts: MultipartPart[],
): Promise<Record<string, string | Blob>> {
  const out: Record<string, string | Blob> = {};
  for (const [name, v] of parts) {
    if (typeof v === 'string') out[name] = v;
    else if (v.type === 'application/json') out[name] = await v.text();
    else out[name] = v;
  }
  return out;
}

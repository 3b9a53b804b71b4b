/**
 * The wire request of one call, as the client sends it. Its own module so the
 * entry (ui/boot/early.ts) can send the first product-list call before the
 * client's code has loaded, with the very request the client would send.
 */
import { contract, fillPath, needsToken, type CallName, type PayloadOf } from './contract.ts';
import { clean, encode } from './encode.ts';
import type { WireRequest } from './wire.ts';

/** The wire request of a call of the contract: path, method, encoded body or query, token need. */
export function wireRequest<K extends CallName>(
  name: K,
  payload?: PayloadOf<K>,
  token?: string,
): WireRequest {
  const ep = contract[name];
  const { path, rest } = fillPath(ep.path, clean(payload));
  const enc = encode(ep.encoding, rest);
  const headers: Record<string, string> = {};
  if (token && needsToken(ep)) headers.Authorization = `Bearer ${token}`;
  if (enc.contentType) headers['Content-Type'] = enc.contentType;
  const req: WireRequest = { root: ep.root, method: ep.method, path, headers };
  if (enc.query) req.query = enc.query;
  if (enc.body !== undefined) req.body = enc.body;
  return req;
}

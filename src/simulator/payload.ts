/**
 * What a wire request carries, as the server reads it: the payload in every
 * encoding the contract uses, its bearer token, and a JSON reply. Validation against the call's
 * schema comes after this (src/simulator/edge/).
 */
import { decodeMultipart } from '../api/encode.ts';
import { isForm, isMultipart, type WireRequest, type WireResponse } from '../api/wire.ts';

/** A JSON reply with an HTTP status. */
export const json = (status: number, body: unknown): WireResponse => ({
  status,
  body: JSON.stringify(body),
});

function parseQuery(q: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(q ?? ''));
}

/** The request's payload as sent: an object for every encoding but JSON, where it is whatever was posted. */
export async function decodePayload(req: WireRequest): Promise<unknown> {
  const b = req.body;
  if (req.method === 'GET' || b === undefined) return parseQuery(req.query);
  if (isMultipart(b)) return decodeMultipart(b.multipart);
  if (isForm(b)) return parseQuery(b.form);
  if (typeof b === 'string') return JSON.parse(b) as unknown;
  return b;
}

/** The bearer token of a request's headers, if any. */
export const bearer = (headers: Record<string, string>): string | undefined => {
  const h = headers.Authorization ?? headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
};

/**
 * The host-only header naming the caller's network address. The Node host
 * sets it on every request after dropping any copy the client sent; the
 * in-browser worker has no address.
 */
export const PEER_HEADER = 'X-Sim-Peer';

/** The source the in-browser worker's calls come from (the user's own device). */
export const LOCAL_PEER = 'local';

/** Where a request came from: the host's address header, or {@link LOCAL_PEER}. */
export function peerOf(headers: Record<string, string>): string {
  const v = headers[PEER_HEADER] ?? headers[PEER_HEADER.toLowerCase()];
  return v ? v.slice(0, 64) : LOCAL_PEER;
}

/** The text of a 429, from the host or the simulator (the client shows its own localised one). */
export const TOO_MANY_TEXT = 'Too many requests, try again in a moment';

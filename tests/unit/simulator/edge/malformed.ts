/**
 * Malformed requests for every call of the contract, as fast-check
 * arbitraries: what an attacker (not the client) sends. Shared by the
 * in-process fuzz suite and the one against the Node host.
 */
import fc from 'fast-check';
import { contract, fillPath, type CallName } from '../../../../src/api/contract.ts';
import { encode } from '../../../../src/api/encode.ts';
import { PERIODS, type WireRequest, type WireResponse } from '../../../../src/api/wire.ts';
import { CALL_SCHEMAS } from '../../../../src/simulator/edge/index.ts';

export const CALLS = Object.keys(contract) as CallName[];

/** The keys a call's schema names (its payload fields). */
export const fieldsOf = (name: CallName): string[] =>
  Object.keys((CALL_SCHEMAS[name] as unknown as { entries?: object }).entries ?? {});

const key = fc.constantFrom('a', 'x', 'id', 'page', 'token', '__proto__x');
/** Longer than any string field the edge accepts. */
const huge = fc.integer({ min: 17 * 1024, max: 40 * 1024 }).map((n) => 'x'.repeat(n));

/** A value of a kind no field takes: a nested object, an array of objects, a huge string. */
const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ k: fc.object({ maxDepth: 1 }) }),
  fc.array(fc.object({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }),
  huge,
);
/** A top-level body that is not an object. */
const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
);

/** Any of a call's keys (or a key it does not name). */
const anyKey = (name: CallName) => {
  const named = fieldsOf(name);
  return named.length ? fc.oneof(fc.constantFrom(...named), key) : key;
};

/** One malformed payload for a call, as the encoding of its endpoint can carry it. */
export function malformed(name: CallName): fc.Arbitrary<unknown> {
  const ep = contract[name];
  const field = anyKey(name);
  switch (ep.encoding) {
    case 'json':
      return fc.oneof(
        notAnObject,
        fc.tuple(field, wrongJson).map(([k, v]) => ({ [k]: v })),
      );
    case 'query': {
      // A query carries strings only: too long, or a period the spec does not list.
      const bad = fc.tuple(field, huge).map(([k, v]) => ({ [k]: v }));
      return fieldsOf(name).includes('period')
        ? fc.oneof(
            bad,
            fc
              .string({ minLength: 1, maxLength: 8 })
              .filter((p) => !['1min', '5min', '15min', '30min', '1h', '1d'].includes(p))
              .map((period) => ({ symbol: 'BTCUSDT', period })),
          )
        : bad;
    }
    case 'multipart':
    case 'form':
      // A file where text belongs, text where a file belongs, or a huge field.
      return fc.oneof(
        fc.tuple(field, huge).map(([k, v]) => ({ [k]: v })),
        // (only a named field: other keys may carry files.)
        fc
          .constantFrom(...fieldsOf(name))
          .map((k) =>
            /^(avatar|depositProof|cardImg)/.test(k)
              ? { [k]: '{"not":"a file"}' }
              : { [k]: new Blob(['x'], { type: 'application/octet-stream' }) },
          ),
      );
  }
}

/** The wire request the client would send for this payload, signed with the token. */
export function wireOf(name: CallName, payload: unknown, token: string): WireRequest {
  const ep = contract[name];
  // A path placeholder takes the payload's value (malformed or not), else a real symbol.
  const filled =
    ep.path.includes('{') && typeof payload === 'object' && payload !== null
      ? fillPath(ep.path, { symbol: 'BTCUSDT', ...payload })
      : { path: ep.path.replace('{symbol}', 'BTCUSDT'), rest: payload };
  const path = filled.path;
  payload = filled.rest;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (ep.encoding === 'json') {
    // As the client sends it: the host refuses a body in another type than the call's (415).
    headers['Content-Type'] = 'application/json';
    return { root: ep.root, method: ep.method, path, headers, body: payload };
  }
  const obj = payload as Record<string, unknown>;
  // A Blob in a text field goes as a file part (encode would make it one too).
  const e = encode(ep.encoding, obj);
  return {
    root: ep.root,
    method: ep.method,
    path,
    headers,
    ...(e.query ? { query: e.query } : {}),
    ...(e.body !== undefined && ep.method !== 'GET' ? { body: e.body } : {}),
  };
}

/** Refusal codes of the edge: 1001 /api and market, 501 exchange, 23558 illegal characters. */
export const REFUSALS = [1001, 501, 23558];

/**
 * A reply as the spec shapes it: {code, msg, data} with status 200, or 400
 * for a body that is not JSON at all, or 404 for a path that names nothing.
 */
export function spec(res: WireResponse): { code: number; msg: string; data: unknown } {
  if (![200, 400, 404].includes(res.status))
    throw new Error(`status ${res.status}: ${res.body.slice(0, 200)}`);
  const body = JSON.parse(res.body) as { code: unknown; msg: unknown; data: unknown };
  if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body))
    throw new Error(`not a spec reply: ${res.body.slice(0, 200)}`);
  return body as { code: number; msg: string; data: unknown };
}

/** Commands a channel may receive: anything at all, or almost a command. */
export const channelJunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.record(
    {
      op: fc.constantFrom('sub', 'unsub', 'auth', 'ping', 'x'),
      topic: fc.constantFrom('prices', 'price', 'kline', '?'),
      symbol: fc.oneof(fc.constantFrom('BTCUSDT', 'NOPE', ''), fc.string(), fc.integer()),
      period: fc.oneof(fc.constantFrom(...PERIODS, '7min', '0min'), fc.string()),
      token: fc.oneof(fc.string(), fc.anything()),
    },
    { requiredKeys: [] },
  ),
);

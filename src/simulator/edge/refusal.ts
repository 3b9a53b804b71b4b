/**
 * The edge's check of one call's payload (see index.ts for the rules). The
 * calls of the first screen that take no payload (the product list, site
 * config, banners, support link) are checked here at once, without the
 * schema library; every other call's schema, and the library, come from
 * index.ts by a dynamic import, which the late modules' loading has already
 * made (modules/early.ts). So the worker's first chunk holds no schema code.
 */
import type { CallName, Endpoint } from '../../api/contract.ts';
import { plainPayload } from './limits.ts';

/** Calls whose schema is fields.ts's `none`: any object of plain values. */
export const PLAIN_CALLS: ReadonlySet<CallName> = new Set([
  'productList',
  'systemConfig',
  'bannerList',
  'customerLink',
]);

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' &&
  x !== null &&
  !Array.isArray(x) &&
  !(x instanceof Blob) &&
  (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null);

/**
 * Check a decoded payload, with the path's parameters, against its call's
 * schema. Returns the refusal code, or undefined when it fits. A payload
 * that is not an object (JSON null, an array, a number) never fits.
 */
export async function refusal(
  name: CallName,
  ep: Endpoint,
  payload: unknown,
  params: Record<string, string> = {},
): Promise<number | undefined> {
  const bad = ep.root === 'exchange' ? 501 : 1001;
  if (!isPlainObject(payload)) return bad;
  const input = { ...payload, ...params };
  if (PLAIN_CALLS.has(name)) return plainPayload(input) ? undefined : bad;
  return (await import('./index.ts')).schemaRefusal(name, ep, input, bad);
}

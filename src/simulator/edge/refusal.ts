/**
 * The edge's check of one call's payload (see index.ts for the rules). The
 * market calls' schemas are here at once; the others come from index.ts by a
 * dynamic import, which the late modules' loading has already made
 * (modules/early.ts), so they stay out of the worker's first chunk.
 */
import * as v from 'valibot';
import type { CallName, Endpoint } from '../../api/contract.ts';
import { ILLEGAL_MESSAGE } from './fields.ts';
import { marketSchemas } from './market.ts';
import type { CallSchema } from './schema.ts';

const early: Partial<Record<CallName, CallSchema>> = marketSchemas;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' &&
  x !== null &&
  !Array.isArray(x) &&
  !(x instanceof Blob) &&
  (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null);

type Issue = { message: string; issues?: Issue[] | undefined };
const illegal = (issues: readonly Issue[]): boolean =>
  issues.some((i) => i.message === ILLEGAL_MESSAGE || (i.issues ? illegal(i.issues) : false));

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
  const schema = early[name] ?? (await import('./index.ts')).CALL_SCHEMAS[name];
  const r = v.safeParse(schema, { ...payload, ...params });
  if (r.success) return undefined;
  // 23558 is an /api code (sign-in and user-centre catalogues); the trade roots say 501 / 1001.
  return ep.root === 'api' && illegal(r.issues as readonly Issue[]) ? 23558 : bad;
}

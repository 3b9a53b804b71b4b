/**
 * The simulator's one validated edge: every call's payload is checked here,
 * against its call's schema, before any handler runs; a payload that does
 * not fit is refused with the spec's code and changes nothing.
 *
 * - 1001 "Incorrect parameter" for /api and market calls, 501 "Incorrect
 *   parameter" for exchange calls (trading.md §8 lists both; 501 is the trade
 *   catalogue's);
 * - 23558 "Parameter contains special illegal characters" when an /api
 *   call's identifier (id, code, locale) carries markup, quotes or control
 *   characters: the code is in the sign-in and user-centre catalogues, not
 *   the trade one, so market and exchange calls answer 1001 / 501 for it.
 *   Free text is left to the handlers, which answer 23558 where the spec
 *   gives that code.
 *
 * {@link CALL_SCHEMAS} is typed `Record<CallName, CallSchema>`, so a call
 * added to the contract without a schema does not compile, and a unit test
 * checks every contract call against it too.
 */
import * as v from 'valibot';
import type { CallName, Endpoint } from '../../api/contract.ts';
import { accountSchemas } from './account.ts';
import { ILLEGAL_MESSAGE } from './fields.ts';
import { identitySchemas } from './identity.ts';
import type { CallSchema } from './schema.ts';
import { tradingSchemas } from './trading.ts';

export type { CallSchema } from './schema.ts';
export { parseChannelCommand } from './channel.ts';

/** Every call's payload schema. */
export const CALL_SCHEMAS: Record<CallName, CallSchema> = {
  ...identitySchemas,
  ...tradingSchemas,
  ...accountSchemas,
};

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
export function refusal(
  name: CallName,
  ep: Endpoint,
  payload: unknown,
  params: Record<string, string> = {},
): number | undefined {
  const bad = ep.root === 'exchange' ? 501 : 1001;
  if (!isPlainObject(payload)) return bad;
  const r = v.safeParse(CALL_SCHEMAS[name], { ...payload, ...params });
  if (r.success) return undefined;
  // 23558 is an /api code (sign-in and user-centre catalogues); the trade roots say 501 / 1001.
  return ep.root === 'api' && illegal(r.issues as readonly Issue[]) ? 23558 : bad;
}

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
 * checks every contract call against it too. The entry is refusal.ts, in the
 * worker's first chunk: it checks the first screen's payload-less calls
 * itself and loads this module (and the schema library) for the rest,
 * beside the late modules.
 */
import * as v from 'valibot';
import type { CallName, Endpoint } from '../../api/contract.ts';
import { ILLEGAL_MESSAGE } from './fields.ts';
import { accountSchemas } from './account.ts';
import { identitySchemas } from './identity.ts';
import { marketSchemas } from './market.ts';
import type { CallSchema } from './schema.ts';
import { tradingSchemas } from './trading.ts';
import { responsibleSchemas } from './responsible.ts';

export type { CallSchema } from './schema.ts';
export { parseChannelCommand } from './channel.ts';

/** Every call's payload schema. */
export const CALL_SCHEMAS: Record<CallName, CallSchema> = {
  ...marketSchemas,
  ...identitySchemas,
  ...tradingSchemas,
  ...accountSchemas,
  ...responsibleSchemas,
};

type Issue = { message: string; issues?: Issue[] | undefined };
const illegal = (issues: readonly Issue[]): boolean =>
  issues.some((i) => i.message === ILLEGAL_MESSAGE || (i.issues ? illegal(i.issues) : false));

/** The refusal code for a payload (with its path's parameters) against its call's schema; undefined when it fits. */
export function schemaRefusal(
  name: CallName,
  ep: Endpoint,
  input: Record<string, unknown>,
  bad: number,
): number | undefined {
  const r = v.safeParse(CALL_SCHEMAS[name], input);
  if (r.success) return undefined;
  // 23558 is an /api code (sign-in and user-centre catalogues); the trade roots say 501 / 1001.
  return ep.root === 'api' && illegal(r.issues as readonly Issue[]) ? 23558 : bad;
}

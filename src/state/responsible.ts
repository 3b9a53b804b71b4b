/**
 * The signed-in trader's own reality-check interval (responsible trading,
 * api/types/responsible.ts): read from rtLimits where the site offers it,
 * and updated by the responsible screen after a load or save. The reality
 * check (ui/flows/realityCheck) uses it instead of the site's interval.
 */
import { proxy } from 'valtio/vanilla';
import { accountOf } from './token.ts';

export const responsible = proxy<{
  /** The account it was read for (token.ts accountOf): a refreshed token keeps it. */
  account: string | undefined;
  /** Minutes in force; undefined: none of the trader's own. */
  realityCheckMinutes: number | undefined;
}>({ account: undefined, realityCheckMinutes: undefined });

/** The trader's own minutes, when they were read for this token's account. */
export const ownRealityMinutes = (
  own: { account: string | undefined; realityCheckMinutes: number | undefined },
  token: string | undefined,
): number | undefined =>
  token && own.account === accountOf(token) ? own.realityCheckMinutes : undefined;

export function noteRealityMinutes(token: string | undefined, minutes: number | undefined): void {
  responsible.account = accountOf(token);
  responsible.realityCheckMinutes = minutes;
}

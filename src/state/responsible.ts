/**
 * The signed-in trader's own reality-check interval (responsible trading,
 * api/types/responsible.ts): read from rtLimits where the site offers it,
 * and updated by the responsible screen after a load or save. The reality
 * check (ui/flows/realityCheck) uses it instead of the site's interval.
 */
import { proxy } from 'valtio/vanilla';

export const responsible = proxy<{
  /** The session token it was read for. */
  token: string | undefined;
  /** Minutes in force; undefined: none of the trader's own. */
  realityCheckMinutes: number | undefined;
}>({ token: undefined, realityCheckMinutes: undefined });

export function noteRealityMinutes(token: string | undefined, minutes: number | undefined): void {
  responsible.token = token;
  responsible.realityCheckMinutes = minutes;
}

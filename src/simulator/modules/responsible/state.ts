/**
 * The responsible-trading module's section of the state (`state.responsible`):
 * each user's limits in force and pending changes, and the server's settings
 * (cooling-off, the zone periods are counted in). Self-exclusion lives on the
 * user record (users.ts `selfExcludedUntil`), beside `blocked`, as sign-in
 * reads it there.
 */
import type { RtLimits, RtPending } from '../../../api/types/responsible.ts';
import type { SimContext } from '../../module.ts';
import type { UsersSlice } from '../../users.ts';
import type { IdentitySlice } from '../identity/state.ts';

/** The default cooling-off before a raise or removal applies: 24 h. */
export const DEFAULT_COOLING_OFF_MS = 24 * 3_600_000;
/** The default zone periods are counted in. */
export const DEFAULT_TIMEZONE = 'America/New_York';
// One bound for the site file (config/site.ts) and the operator; kept here for the host's import.
export { MAX_COOLING_OFF_HOURS } from '../../../api/types/responsible.ts';

/** One user's limits. */
export interface RtUserRecord {
  limits: RtLimits;
  pending: RtPending[];
}

export interface ResponsibleState {
  users: Record<string, RtUserRecord>;
  coolingOffMs: number;
  timezone: string;
}

export interface ResponsibleSlice {
  responsible: ResponsibleState;
}

/** What the module reads: its own section, users, identity (sessions). */
export type ResponsibleNeeds = ResponsibleSlice & UsersSlice & IdentitySlice;
export type ResponsibleContext = SimContext<ResponsibleNeeds>;

/** No limits at all. */
export const noLimits = (): RtLimits => ({ deposit: {}, loss: {}, turnover: {} });

/** Create (or complete, for an older saved state) the section. */
export function initResponsible(ctx: SimContext<ResponsibleSlice>): void {
  const s = (ctx.state.responsible ??= {} as ResponsibleState);
  s.users ??= {};
  s.coolingOffMs ??= DEFAULT_COOLING_OFF_MS;
  s.timezone ??= DEFAULT_TIMEZONE;
}

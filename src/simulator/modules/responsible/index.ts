/**
 * Responsible trading (issue 28 item 2; the extension of
 * api/types/responsible.ts): each user's money limits, session time limit and
 * reality-check interval, kept and enforced on the server's clock, and
 * self-exclusion.
 *
 * - rtLimits: the caller's {@link RtState}.
 * - rtSetLimits: the limits wanted, whole (limits.ts `setLimits`); answers
 *   the new state. The edge has checked the shape (edge/responsible.ts).
 * - rtSelfExclude: `until` from the start of tomorrow (the server's zone) to five years ahead (else 1001,
 *   nothing changes); every session of the user ends at once, and sign-in
 *   (login, its second step, refresh: identity) answers 1123 `{ until }`
 *   until then, unless the operator lifts it.
 * - A session older than the user's `sessionMinutes` (from its sign-in;
 *   refreshes keep that time) gets 1124 `{ minutes }` on its next call and
 *   ends (its family is revoked).
 *
 * Limits are the user's: the real and demo sessions share them; money
 * limits count the real book only (limits.ts). Trades and deposits are
 * checked where they are made (trading/guards.ts `mayStake`,
 * account/deposit.ts), inside the user's serialised call, so two calls
 * cannot pass a limit together.
 */
import type { RtState } from '../../../api/types/responsible.ts';
import type { TokenPayload } from '../../../api/types/trading.ts';
import { fail, ok, type Reply, type SimModule } from '../../module.ts';
import { familyOf, findUser, signedInAtOf, type UserRecord } from '../../users.ts';
import { excludedUntil } from '../identity/exclusion.ts';
import { endSessions, revokeFamily } from '../identity/sessions.ts';
import { setLimits, stateOf, userLimits, windowsAt } from './limits.ts';
import { isTimeZone } from './periods.ts';
import {
  initResponsible,
  MAX_COOLING_OFF_HOURS,
  type ResponsibleContext,
  type ResponsibleNeeds,
} from './state.ts';

export type { ResponsibleSlice } from './state.ts';

/** The module's back-office operations (back-office.ts composes them). */
export interface ResponsibleBackOffice {
  /** A user's limits, pending changes, usage, and self-exclusion end (null: none). */
  responsibleOf(uid: string): RtState & { selfExcludedUntil: number | null };
  /** End a user's self-exclusion now. */
  liftSelfExclusion(uid: string): void;
  /** The cooling-off before a raised or removed limit applies, in hours (0..a year). */
  setCoolingOff(hours: number): void;
  /** The IANA zone the periods are counted in. */
  setRtTimezone(timezone: string): void;
}

/** Five calendar years after `now`. */
const fiveYearsAfter = (now: number): number => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + 5);
  return d.getTime();
};

/**
 * 1124 for a session older than the user's session limit, which then ends;
 * undefined for a session within it (or without a known sign-in time).
 */
function sessionRefusal(
  ctx: ResponsibleContext,
  session: TokenPayload,
  token: string,
  now: number,
): Reply | undefined {
  const minutes = userLimits(ctx, session.uid, now)?.limits.sessionMinutes;
  const since = signedInAtOf(token);
  if (minutes === undefined || since === undefined || now - since <= minutes * 60_000) return;
  const fam = familyOf(token);
  if (fam !== undefined) revokeFamily(ctx, fam);
  else {
    const u = findUser(ctx, session.uid);
    if (u) endSessions(ctx, u);
  }
  return { code: 1124, data: { minutes } as never };
}

/** Responsible trading: limits, session limit, self-exclusion. */
export const responsibleModule: SimModule<ResponsibleNeeds, ResponsibleBackOffice> = {
  name: 'responsible',
  init: initResponsible,
  sessionRefusal,
  handlers: (ctx) => ({
    rtLimits: (_p, info) =>
      info.session ? ok(stateOf(ctx, info.session.uid, info.now)) : fail(1002),
    rtSetLimits: (p, info) => {
      const s = info.session;
      if (!s || !findUser(ctx, s.uid)) return fail(1002);
      setLimits(ctx, s.uid, p.limits, info.now);
      return ok(stateOf(ctx, s.uid, info.now));
    },
    rtSelfExclude: (p, info) => {
      const u = info.session ? findUser(ctx, info.session.uid) : undefined;
      if (!u) return fail(1002);
      // From the start of tomorrow in the server's zone (the chosen date's midnight).
      const tomorrow = windowsAt(ctx, info.now).day.end;
      if (p.until < tomorrow || p.until > fiveYearsAfter(info.now)) return fail(1001);
      u.selfExcludedUntil = p.until;
      endSessions(ctx, u);
      return ok(null);
    },
  }),
  backOffice: (ctx) => {
    const user = (uid: string): UserRecord => {
      const u = findUser(ctx, uid);
      if (!u) throw new Error(`no user ${uid}`);
      return u;
    };
    return {
      responsibleOf(uid) {
        const u = user(uid);
        const now = ctx.clock.now();
        return { ...stateOf(ctx, uid, now), selfExcludedUntil: excludedUntil(u, now) ?? null };
      },
      liftSelfExclusion(uid) {
        delete user(uid).selfExcludedUntil;
        ctx.persist();
      },
      setCoolingOff(hours) {
        if (!(hours >= 0 && hours <= MAX_COOLING_OFF_HOURS))
          throw new Error(`cooling-off must be 0..${MAX_COOLING_OFF_HOURS} hours`);
        ctx.state.responsible.coolingOffMs = Math.round(hours * 3_600_000);
        ctx.persist();
      },
      setRtTimezone(timezone) {
        if (!isTimeZone(timezone)) throw new Error(`unknown time zone ${timezone}`);
        ctx.state.responsible.timezone = timezone;
        ctx.persist();
      },
    };
  },
};

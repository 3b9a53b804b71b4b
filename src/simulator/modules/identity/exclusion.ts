/** Self-exclusion as sign-in sees it (responsible trading sets it; users.ts `selfExcludedUntil`). */
import type { UserRecord } from '../../users.ts';

/** The end of the user's self-exclusion if it is still on at `now` (sign-in then answers 1123). */
export const excludedUntil = (u: UserRecord, now: number): number | undefined =>
  u.selfExcludedUntil !== undefined && u.selfExcludedUntil > now ? u.selfExcludedUntil : undefined;

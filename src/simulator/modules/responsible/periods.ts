/**
 * The responsible-trading periods (api/types/responsible.ts): a day, a week
 * from Monday and a month, each in an IANA time zone, found with Intl so
 * daylight-saving changes come out right (a day across a change lasts 23 or
 * 25 hours). No date library: the zone's offset at an instant is read off
 * Intl's wall-clock parts.
 */
import type { RtPeriod } from '../../../api/types/responsible.ts';

import { isTimeZone, localMidnight, wallAt } from '../../../api/zoned-time.ts';

export { isTimeZone };

/** When the period around `now` began and when it ends (epoch ms), in `tz`. */
export function periodOf(
  period: RtPeriod,
  now: number,
  tz: string,
): { start: number; end: number } {
  const w = wallAt(now, tz);
  if (period === 'day')
    return { start: localMidnight(w.y, w.m, w.d, tz), end: localMidnight(w.y, w.m, w.d + 1, tz) };
  if (period === 'week') {
    // 0 Sunday … 6 Saturday; a week starts on Monday.
    const dow = new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay();
    const back = (dow + 6) % 7;
    return {
      start: localMidnight(w.y, w.m, w.d - back, tz),
      end: localMidnight(w.y, w.m, w.d - back + 7, tz),
    };
  }
  return { start: localMidnight(w.y, w.m, 1, tz), end: localMidnight(w.y, w.m + 1, 1, tz) };
}

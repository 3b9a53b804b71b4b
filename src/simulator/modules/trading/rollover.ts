/**
 * The daily interest rollover at 17:00 New York time. Built from the New York
 * calendar date with dayjs.tz, so it follows daylight saving (21:00 UTC in
 * summer, 22:00 UTC in winter).
 */
import dayjs from 'dayjs';
import { MARKET_TZ, nyDate } from '../../../api/hours.ts';
import { ROLLOVER_HOUR_NY } from './money.ts';

const at = (date: string) => dayjs.tz(`${date} ${ROLLOVER_HOUR_NY}`, MARKET_TZ).valueOf();
// Plain calendar arithmetic on the date string (never add days in tz mode).
const nextDate = (date: string) => dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');

/** The first rollover strictly after t. */
export function nextRolloverAfter(t: number): number {
  const date = nyDate(t);
  const today = at(date);
  return today > t ? today : at(nextDate(date));
}

/**
 * The daily interest rollover at 17:00 New York time. Built from the New York
 * calendar date (api/hours.ts), so it follows daylight saving (21:00 UTC in
 * summer, 22:00 UTC in winter).
 */
import { nextDate, nyDate, nyWall } from '../../../api/hours.ts';
import { ROLLOVER_HOUR_NY } from './money.ts';

const at = (date: string) => nyWall(date, ROLLOVER_HOUR_NY);

/** The first rollover strictly after t. */
export function nextRolloverAfter(t: number): number {
  const date = nyDate(t);
  const today = at(date);
  return today > t ? today : at(nextDate(date));
}

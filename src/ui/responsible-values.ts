/**
 * The values a responsible-trading reply code's message shows (code.1120 ..
 * code.1124, api/types/responsible.ts), from the reply's `data`: which limit
 * and period, the amounts (USD with 2 decimals, as every balance is shown),
 * and when the period resets or the exclusion ends,
 * in the site's time zone and the app's date format. The API client fills
 * the code's message with them (api/client.ts `values`), so every toast of a
 * refused order, option or deposit carries the figures.
 */
import { RT_CODES, type RtRefusal } from '../api/types/responsible.ts';
import { formatDateTime, money } from './format.ts';

type T = (key: string, values?: Record<string, unknown>) => string | undefined;

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

export function responsibleValues(
  code: number,
  data: unknown,
  t: T,
): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Partial<RtRefusal> & { until?: unknown; minutes?: unknown };
  if (code === RT_CODES.deposit || code === RT_CODES.loss || code === RT_CODES.turnover) {
    const amount = num(d.amount);
    const used = num(d.used);
    const resetsAt = num(d.resetsAt);
    if (!d.limit || !d.period || amount === undefined || used === undefined || !resetsAt)
      return undefined;
    return {
      limitName: t(`responsible.key.${d.limit}.${d.period}`) ?? `${d.limit} ${d.period}`,
      amount: money(amount),
      used: money(used),
      resetsAt: formatDateTime(resetsAt),
    };
  }
  if (code === RT_CODES.excluded) {
    const until = num(d.until);
    return until ? { until: formatDateTime(until) } : undefined;
  }
  if (code === RT_CODES.sessionEnded) {
    const minutes = num(d.minutes);
    return minutes !== undefined ? { minutes: String(minutes) } : undefined;
  }
  return undefined;
}

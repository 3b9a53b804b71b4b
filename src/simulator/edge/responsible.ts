/**
 * Payload schemas of the responsible-trading extension (api/types/responsible.ts):
 * the limits' shape is checked here, whole; what a value means for the user's
 * limits in force (a raise waits, a lower one applies) is the handler's.
 */
import * as v from 'valibot';
import type { CallName } from '../../api/contract.ts';
import { RT_MAX_AMOUNT, RT_MAX_MINUTES } from '../../api/types/responsible.ts';
import { none } from './fields.ts';
import type { CallSchema } from './schema.ts';

/** USD, 0..1,000,000,000, at most 2 decimals. */
const money = v.pipe(
  v.number(),
  v.finite(),
  v.minValue(0),
  v.maxValue(RT_MAX_AMOUNT),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most 2 decimals'),
);
const perPeriod = v.strictObject({
  day: v.optional(money),
  week: v.optional(money),
  month: v.optional(money),
});
/** Whole minutes, 1..1440 (a day). */
const minutes = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(RT_MAX_MINUTES));
const limits = v.strictObject({
  deposit: perPeriod,
  loss: perPeriod,
  turnover: perPeriod,
  sessionMinutes: v.optional(minutes),
  realityCheckMinutes: v.optional(minutes),
});

/**
 * The extension's fields are required (unlike the spec's calls, whose fields
 * `payload` leaves optional for the handlers to answer): a payload without
 * them is refused here. Other keys are let through, as elsewhere.
 */
export const responsibleSchemas = {
  rtLimits: none,
  rtSetLimits: v.object({ limits }),
  rtSelfExclude: v.object({ until: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
} satisfies Partial<Record<CallName, CallSchema>>;

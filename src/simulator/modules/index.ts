/**
 * Every simulator module, early and late (see early.ts), in the order their
 * handlers are registered. No call is answered by two modules, and only the
 * late ones have init, ticks, session checks or back-office operations, so
 * this order does what the former users-first one did.
 */
import type { SimModule } from '../module.ts';
import type { SimState } from '../state.ts';
import { EARLY_MODULES } from './early.ts';
import { LATE_MODULES } from './late.ts';

export const MODULES: readonly SimModule<SimState>[] = [...EARLY_MODULES, ...LATE_MODULES];

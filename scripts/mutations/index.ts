/** Every mutation the audit runs (scripts/mutation-audit.ts), by area. */
import { BOOKS } from './books.ts';
import { CONSTANTS } from './constants.ts';
import { ORDER_FORM } from './order-form.ts';
import type { Mutation } from './shared.ts';
import { USER_CENTRE } from './user-centre.ts';

export type { Mutation } from './shared.ts';
export const MUTATIONS: Mutation[] = [...ORDER_FORM, ...BOOKS, ...USER_CENTRE, ...CONSTANTS];

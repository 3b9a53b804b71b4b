/** The withdraw machine's guards, passed to setup({ guards }). */
import { amountInput, checkFee, checkPaymentAddress } from '../validation/wallet.ts';
import {
  AMOUNT_DECIMALS,
  WITHDRAW_LOCK_CODES,
  inBounds,
  limitsOf,
  outputOf,
  targetOf,
} from './helpers.ts';
import type {
  CalcResult,
  MaxResult,
  SubmitResult,
  TargetsResult,
  WithdrawContext,
  WithdrawEvent,
} from './types.ts';

type Guard = (args: { context: WithdrawContext; event: WithdrawEvent }) => boolean;

export const guards = {
  lockedCode: ({ event }) => WITHDRAW_LOCK_CODES.includes(outputOf<{ code: number }>(event).code),
  otherTab: ({ context, event }) =>
    !context.submitting &&
    event.type === 'tab.select' &&
    event.tab !== context.tab &&
    context.tabs.includes(event.tab),
  /** While a submission is under way the form does not change. */
  notSubmitting: ({ context }) => !context.submitting,
  loadFailed: ({ event }) => !outputOf<TargetsResult>(event).data,
  metaMissing: ({ event }) => !!outputOf<TargetsResult>(event).metaMissing,
  noTargets: ({ event }) => outputOf<TargetsResult>(event).data?.length === 0,
  isAddress: ({ context, event }) =>
    !context.submitting && event.type === 'field.change' && event.field === 'address',
  amountInBounds: ({ context, event }) =>
    !context.submitting &&
    event.type === 'field.change' &&
    inBounds(amountInput(event.value, AMOUNT_DECIMALS), context.limits),
  knownTarget: ({ context, event }) =>
    !context.submitting && event.type === 'target.select' && !!targetOf(context, event.id),
  targetInBounds: ({ context, event }) =>
    !context.submitting &&
    event.type === 'target.select' &&
    inBounds(context.amount, limitsOf(targetOf(context, event.id))),
  /** Max found an amount within the target's bounds: it is calculated as a typed one. */
  maxInBounds: ({ context, event }) => {
    const r = outputOf<MaxResult>(event);
    return !!r.amount && inBounds(r.amount, context.limits);
  },
  maxFound: ({ event }) => !!outputOf<MaxResult>(event).amount,
  hasTarget: ({ context }) => !context.submitting && !!targetOf(context),
  feeAcceptable: ({ event }) => {
    const r = outputOf<CalcResult>(event);
    return r.code === 0 && !!r.data && !checkFee(r.data);
  },
  addressGiven: ({ context }) =>
    targetOf(context)?.kind !== 'coin' || !checkPaymentAddress(context.address),
  withdrawn: ({ event }) => outputOf<SubmitResult>(event).code === 0,
  /** A submit arrived while the check was in flight. */
  submitQueued: ({ context }) => context.submitting,
} satisfies Record<string, Guard>;

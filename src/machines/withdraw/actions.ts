/** The withdraw machine's actions, passed to setup({ actions }). */
import { assign as assignTo, type ActionFunction } from 'xstate';
import {
  amountInput,
  checkFee,
  checkPaymentAddress,
  checkWithdrawAmount,
} from '../validation/wallet.ts';
import { notice } from '../notice.ts';
import { AMOUNT_DECIMALS, cleared, limitsOf, outputOf, targetOf } from './helpers.ts';
import type {
  CalcResult,
  MaxResult,
  SubmitResult,
  TargetsResult,
  WithdrawContext,
  WithdrawEvent,
} from './types.ts';

type Action = ActionFunction<
  WithdrawContext,
  WithdrawEvent,
  WithdrawEvent,
  undefined,
  never,
  never,
  never,
  never,
  never
>;

/** `assign` bound to the machine's context and events (setup infers them only inline). */
const assign = assignTo<WithdrawContext, WithdrawEvent, undefined, WithdrawEvent, never>;

export const actions = {
  lock: assign(({ event }) => ({ lockCode: outputOf<{ code: number }>(event).code })),
  unlock: assign({ lockCode: undefined }),
  switchTab: assign(({ event }) =>
    event.type === 'tab.select'
      ? { ...cleared, tab: event.tab, targets: [], targetId: undefined, limits: undefined }
      : {},
  ),
  applyTargets: assign(({ event }) => ({ targets: outputOf<TargetsResult>(event).data ?? [] })),
  recordFailure: assign(({ event }) => ({ failure: outputOf<{ code: number }>(event).code })),
  select: assign(({ context, event }) => {
    if (event.type !== 'target.select') return {};
    const limits = limitsOf(targetOf(context, event.id));
    return { targetId: event.id, limits, fee: undefined, errors: {} };
  }),
  setAmount: assign(({ context, event }) =>
    event.type === 'field.change'
      ? {
          amount: amountInput(event.value, AMOUNT_DECIMALS),
          fee: undefined,
          errors: { ...context.errors, amount: undefined },
        }
      : {},
  ),
  /** Max's answer, as if typed: the fee of the old amount goes, errors are judged again. */
  setMaxAmount: assign(({ context, event }) => {
    const r = outputOf<MaxResult>(event);
    return r.amount
      ? { amount: r.amount, fee: undefined, errors: { ...context.errors, amount: undefined } }
      : { failure: r.code };
  }),
  setAddress: assign(({ context, event }) =>
    event.type === 'field.change'
      ? { address: event.value, errors: { ...context.errors, address: undefined } }
      : {},
  ),
  /** Only with a target chosen and an amount typed: nothing is validated before. */
  boundsError: assign(({ context }) => ({
    errors: {
      ...context.errors,
      amount:
        context.limits && context.amount
          ? checkWithdrawAmount(context.amount, context.limits)
          : undefined,
    },
  })),
  setFee: assign(({ context, event }) => {
    const r = outputOf<CalcResult>(event);
    return {
      fee: r.data ?? undefined,
      failure: r.code === 0 ? context.failure : r.code,
      errors: { ...context.errors, amount: r.data ? checkFee(r.data) : undefined },
    };
  }),
  showErrors: assign(({ context }) => ({
    errors: {
      amount:
        context.errors.amount ??
        (context.limits ? checkWithdrawAmount(context.amount, context.limits) : undefined),
      address:
        targetOf(context)?.kind === 'coin' ? checkPaymentAddress(context.address) : undefined,
    },
  })),
  startSubmit: assign({ submitting: true, failure: undefined }),
  /** Submit pressed during a check: the repeat-blocking flag is up from now on. */
  queueSubmit: assign({ submitting: true, failure: undefined }),
  /** The check refused the queued submit: the flag drops (§4 "On failure it is cleared"). */
  unqueueSubmit: assign({ submitting: false }),
  failSubmit: assign(({ event }) => ({
    submitting: false,
    failure: outputOf<SubmitResult>(event).code,
  })),
  done: assign({
    ...cleared,
    targetId: undefined,
    limits: undefined,
    notice: notice('submit_success_please_wait'),
  }),
} satisfies Record<string, Action>;

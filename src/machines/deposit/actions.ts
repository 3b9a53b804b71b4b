/** The deposit machine's actions, passed to setup({ actions }): form edits, the proof, the kept form. */
import { assign as assignTo, type ActionFunction } from 'xstate';
import { amountInput, checkImage } from '../validation/wallet.ts';
import { notice } from '../notice.ts';
import {
  AMOUNT_DECIMALS,
  DEPOSIT_FORM_KEY,
  coinOf,
  empty,
  errorsOf,
  formOf,
  outputOf,
} from './helpers.ts';
import type {
  CardsResult,
  CoinsResult,
  DepositContext,
  DepositEvent,
  RechargeResult,
  SubmitResult,
} from './types.ts';

type Action = ActionFunction<
  DepositContext,
  DepositEvent,
  DepositEvent,
  undefined,
  never,
  never,
  never,
  never,
  never
>;

/** `assign` bound to the machine's context and events (setup infers them only inline). */
const assign = assignTo<DepositContext, DepositEvent, undefined, DepositEvent, never>;

export const actions = {
  /** What the recharge status said (a failed read lets the deposit open: the server refuses 23552). */
  takeRecharge: assign(({ event }) => ({
    recharge: { payState: outputOf<RechargeResult>(event).data?.payState ?? null },
  })),
  setTab: assign(({ event }) => (event.type === 'tab.select' ? { tab: event.tab } : {})),
  applyCoins: assign(({ context, event }) => {
    const out = outputOf<CoinsResult>(event);
    const coins = out.data?.dtoList ?? [];
    // The first option is chosen unless the kept form names one still offered.
    const keep = coins.some((n) => n.id === context.coinId);
    return { coins, coinId: keep ? context.coinId : coins[0]?.id, prices: out.prices ?? {} };
  }),
  clearCoins: assign({ coins: [], coinId: undefined }),
  setCards: assign(({ event }) => ({ bankCards: outputOf<CardsResult>(event).data ?? [] })),
  recordFailure: assign(({ event }) => ({ failure: outputOf<{ code: number }>(event).code })),
  selectCoin: assign(({ event }) => (event.type === 'coin.select' ? { coinId: event.id } : {})),
  /** Put the address on the clipboard. Provided by the app where there is one. */
  copyAddress: ({ context }) => {
    const address = coinOf(context)?.address;
    if (address) void globalThis.navigator?.clipboard?.writeText(address).catch(() => {});
  },
  copied: assign({ notice: notice('copy_success') }),
  stepOne: assign({ step: 1 as const }),
  stepTwo: assign({ step: 2 as const }),
  editAmount: assign(({ context, event }) =>
    event.type === 'field.change'
      ? {
          amount: amountInput(event.value, AMOUNT_DECIMALS),
          errors: { ...context.errors, amount: undefined },
        }
      : {},
  ),
  toggleAgreement: assign(({ context }) => ({
    agreed: !context.agreed,
    errors: { ...context.errors, agreement: undefined },
  })),
  rejectProof: assign(({ context, event }) =>
    event.type === 'proof.select'
      ? { errors: { ...context.errors, proof: checkImage(event.file) } }
      : {},
  ),
  markPending: assign(({ event }) =>
    event.type === 'proof.select'
      ? { pending: { name: event.file.name, size: event.file.size, type: event.file.type } }
      : {},
  ),
  setProof: assign(({ context, event }) => ({
    pending: undefined,
    proof: context.pending && { ...context.pending, url: outputOf<string>(event) },
    errors: { ...context.errors, proof: undefined },
  })),
  unreadableProof: assign(({ context }) => ({
    pending: undefined,
    errors: { ...context.errors, proof: 'illegal_extension' },
  })),
  removeProof: assign({ proof: undefined }),
  /** A message already shown is not shown again. */
  clearNotice: assign({ notice: undefined }),
  serviceOpened: assign(({ context }) => ({ serviceRequests: context.serviceRequests + 1 })),
  showErrors: assign(({ context }) => ({ errors: errorsOf(context) })),
  /** The accepted deposit, for the result step (read before the form is reset). */
  keepResult: assign(({ context, event }) => {
    const coin = coinOf(context);
    return {
      result: {
        amount: context.amount,
        currency: coin?.currency ?? '',
        protocol: coin?.protocol ?? '',
        at: outputOf<SubmitResult>(event).at ?? Date.now(),
      },
    };
  }),
  clearResult: assign({ result: undefined }),
  resetForm: assign({
    ...empty,
    step: 1 as const,
    failure: undefined,
    notice: notice('submit_success_please_wait'),
  }),
  /** Keep the form in session storage (no storage: nothing to do). */
  storeForm: ({ context }) => {
    try {
      globalThis.sessionStorage?.setItem(DEPOSIT_FORM_KEY, JSON.stringify(formOf(context)));
    } catch {
      // Full storage: the form is simply not kept.
    }
  },
  clearStoredForm: () => {
    try {
      globalThis.sessionStorage?.removeItem(DEPOSIT_FORM_KEY);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  },
  markStored: assign({ stored: true }),
  markCleared: assign({ stored: false }),
  /** Open online customer service (bank wire). Provided by the app. */
  openService: () => {},
} satisfies Record<string, Action>;

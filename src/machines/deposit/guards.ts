/** The deposit machine's guards, passed to setup({ guards }). */
import { checkImage } from '../validation/wallet.ts';
import { errorsOf, outputOf } from './helpers.ts';
import type {
  CardsResult,
  CoinsResult,
  DepositContext,
  DepositEvent,
  RechargeResult,
  SubmitResult,
} from './types.ts';

type Guard = (args: { context: DepositContext; event: DepositEvent }) => boolean;

export const guards = {
  /** depositBanNewFlow: the recharge status is read before any tab opens. */
  mustCheck: ({ context }) => context.banNewFlow && context.recharge === undefined,
  banNewFlow: ({ context }) => context.banNewFlow,
  /** The latest deposit is waiting for review (payState 0): no new one yet. */
  rechargeInReview: ({ event }) => outputOf<RechargeResult>(event).data?.payState === 0,
  onCrypto: ({ context }) => context.tab === 'crypto' && context.tabs.includes('crypto'),
  onBank: ({ context }) => context.tab === 'bank' && context.tabs.includes('bank'),
  toCrypto: ({ context, event }) =>
    event.type === 'tab.select' &&
    event.tab === 'crypto' &&
    context.tab !== 'crypto' &&
    context.tabs.includes('crypto'),
  toBank: ({ context, event }) =>
    event.type === 'tab.select' &&
    event.tab === 'bank' &&
    context.tab !== 'bank' &&
    context.tabs.includes('bank'),
  coinsLoaded: ({ event }) => {
    const r = outputOf<CoinsResult>(event);
    return r.code === 0 && (r.data?.dtoList.length ?? 0) > 0;
  },
  noCoins: ({ event }) => outputOf<CoinsResult>(event).code === 0,
  cardsLoaded: ({ event }) => !!outputOf<CardsResult>(event).data,
  /** Back from the agreement page on step two, with the coin still offered. */
  resumeStepTwo: ({ context, event }) =>
    context.restored &&
    context.step === 2 &&
    (outputOf<CoinsResult>(event).data?.dtoList ?? []).some((n) => n.id === context.coinId),
  knownCoin: ({ context, event }) =>
    event.type === 'coin.select' && context.coins.some((n) => n.id === event.id),
  proofAcceptable: ({ event }) => event.type === 'proof.select' && !checkImage(event.file),
  imageRead: ({ event }) => typeof outputOf<string | null>(event) === 'string',
  formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  deposited: ({ event }) => outputOf<SubmitResult>(event).code === 0,
} satisfies Record<string, Guard>;

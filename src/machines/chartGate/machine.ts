/**
 * The chart's Buy / Sell gate (trading.md §2 "Chart", §4 "Market open or
 * closed", §5 "General", §8 "Closed product").
 *
 * - While the product's info loads, Buy and Sell are blocked: pressing one
 *   shows `not_trade_for_current_mode` (tag `blocked`).
 * - When the market status is closed or early_trading, only history is shown
 *   on the chart and the buttons are disabled (`historyOnly`).
 * - In market mode a product with tradeStatus 0 disables them (`notTradable`).
 * - In option mode a product whose option is missing or not tradable shows
 *   `index.closed` and the view goes back (`closed`, final).
 * - Otherwise they are enabled (`open`, tag `tradable`): a signed-in user's
 *   press asks the view to open the place route (`go`, with the direction); a
 *   visitor's shows tips.login_required.
 * - The gate is re-checked every 60 s (product info refresh), so a market that
 *   opens or closes while the chart is shown is followed.
 *
 * The product info read is the anonymous one (the price entry's tradeStatus,
 * the market status, the option product), so a visitor's chart never calls
 * an authenticated path.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { MarketStatus, OrderDirection } from '../../api/types/trading.ts';
import type { TradeMode } from '../../config/site.ts';
import { PRODUCT_INFO_REFRESH_MS } from '../../config/constants.ts';
import { historyOnly } from '../../api/market-status.ts';
import { optionProductOf } from '../validation/trading.ts';
import { doneOutput } from '../events.ts';
import { noticeEvent, type NoticeEvent } from '../notice.ts';

export interface ChartGateInput {
  symbol: string;
  mode: TradeMode;
  loggedIn: boolean;
}

/** What one check of the gate read. */
export interface GateLoad {
  symbol: string;
  mode: TradeMode;
  status: CallResult<'marketStatus'>;
  /** Market mode: the price entry (its tradeStatus). */
  quote?: CallResult<'thumb'>;
  /** Option mode: the option product. */
  product?: CallResult<'findOptionsProduct'>;
}

export const NOT_TRADE_MESSAGE = 'not_trade_for_current_mode';

export interface ChartGateContext {
  symbol: string;
  mode: TradeMode;
  loggedIn: boolean;
  status: MarketStatus | null;
  /** Market mode: the product's tradeStatus (1 tradable). */
  tradeStatus: number | null;
  /** Presses refused with a message (each message is emitted as a notice). */
  refusals: number;
  /** Where a press should take the view (the place route of the mode), bumped with `goSeq`. */
  go: { route: 'place' | 'placeOption'; direction: OrderDirection } | undefined;
  goSeq: number;
  failure: number | undefined;
}

export type ChartGateEvent =
  { type: 'trade.request'; direction: OrderDirection } | { type: 'gate.retry' };

export type ChartGateOutput = { kind: 'back' };

/** The first failing code of a gate check, else undefined. */
function gateFailure(l: GateLoad): number | undefined {
  for (const r of [l.status, l.quote, l.product]) if (r && r.code !== 0) return r.code;
  return undefined;
}

export const chartGateMachine = setup({
  types: {
    context: {} as ChartGateContext,
    events: {} as ChartGateEvent,
    input: {} as ChartGateInput,
    output: {} as ChartGateOutput,
    emitted: {} as NoticeEvent,
  },
  actors: {
    loadGate: fromPromise<GateLoad, { symbol: string; mode: TradeMode }>(async () => {
      throw new Error('chartGateMachine: provide loadGate (./actors.ts)');
    }),
  },
  delays: { infoRefresh: PRODUCT_INFO_REFRESH_MS },
  guards: {
    failed: (_, l: GateLoad) => gateFailure(l) !== undefined,
    optionClosed: (_, l: GateLoad) => {
      // Only the option product decides here: a closed market shows history instead.
      if (l.mode !== 'option' || !l.product) return false;
      return optionProductOf({ symbol: l.symbol, product: l.product })?.tradeStatus !== 1;
    },
    historyOnly: (_, l: GateLoad) => {
      const status = l.status.data;
      return status === undefined || status === null || historyOnly(status);
    },
    notTradable: (_, l: GateLoad) => l.mode === 'market' && l.quote?.data?.tradeStatus === 0,
    guest: ({ context }) => !context.loggedIn,
  },
  actions: {
    apply: assign((_, l: GateLoad) => ({
      status: l.status.data ?? null,
      tradeStatus: l.quote?.data?.tradeStatus ?? null,
      failure: undefined,
    })),
    recordFailure: assign((_, l: GateLoad) => ({ failure: gateFailure(l) })),
    notify: enqueueActions(({ context, enqueue }, params: { key: string }) => {
      enqueue.assign({ refusals: context.refusals + 1 });
      enqueue.emit(noticeEvent(params.key, 'info'));
    }),
    go: assign(({ context, event }) =>
      event.type === 'trade.request'
        ? {
            go: {
              route: context.mode === 'market' ? ('place' as const) : ('placeOption' as const),
              direction: event.direction,
            },
            goSeq: context.goSeq + 1,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'chartGate',
  context: ({ input }) => ({
    symbol: input.symbol,
    mode: input.mode,
    loggedIn: input.loggedIn,
    status: null,
    tradeStatus: null,
    refusals: 0,
    go: undefined,
    goSeq: 0,
    failure: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['blocked'],
      on: {
        'trade.request': { actions: { type: 'notify', params: { key: NOT_TRADE_MESSAGE } } },
      },
      invoke: {
        id: 'gate',
        src: 'loadGate',
        input: ({ context }) => ({ symbol: context.symbol, mode: context.mode }),
        onDone: [
          {
            guard: { type: 'failed', params: doneOutput },
            target: 'failed',
            actions: { type: 'recordFailure', params: doneOutput },
          },
          {
            guard: { type: 'optionClosed', params: doneOutput },
            target: 'closed',
            actions: [
              { type: 'apply', params: doneOutput },
              { type: 'notify', params: { key: 'index.closed' } },
            ],
          },
          {
            guard: { type: 'historyOnly', params: doneOutput },
            target: 'historyOnly',
            actions: { type: 'apply', params: doneOutput },
          },
          {
            guard: { type: 'notTradable', params: doneOutput },
            target: 'notTradable',
            actions: { type: 'apply', params: doneOutput },
          },
          { target: 'open', actions: { type: 'apply', params: doneOutput } },
        ],
      },
    },
    open: {
      tags: ['tradable'],
      on: {
        'trade.request': [
          {
            guard: 'guest',
            actions: { type: 'notify', params: { key: 'tips.login_required' } },
          },
          { actions: 'go' },
        ],
      },
      after: { infoRefresh: { target: 'loading' } },
    },
    historyOnly: {
      tags: ['disabled', 'historyOnly'],
      after: { infoRefresh: { target: 'loading' } },
    },
    notTradable: {
      tags: ['disabled'],
      after: { infoRefresh: { target: 'loading' } },
    },
    failed: {
      tags: ['disabled'],
      on: { 'gate.retry': { target: 'loading' } },
    },
    closed: { type: 'final', tags: ['done'] },
  },
  output: () => ({ kind: 'back' as const }),
});

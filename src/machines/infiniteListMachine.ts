/**
 * A paged, infinitely scrolled list (trading.md §2 "History", §4 "Lists";
 * user-centre.md §4 "List loading", §7), for any of the list calls.
 *
 * - Loads page 1 at start; `list.more` (the view reached the end) loads the
 *   next page, `list.reload` starts again from page 1 (the items already shown
 *   stay until page 1 replaces them).
 * - The list ends when the page just loaded is the last (page >= pages) or
 *   came back empty.
 * - A failed response (code -1, or any other failing code) leaves the list
 *   where it was, and `list.more` tries the same page again; more than 5
 *   failed responses stop it (`list.reload` starts afresh).
 * - The payload is the caller's fixed fields (filters, columns) plus the page,
 *   as page/limit, or pageNum/pageSize for the deposit and withdrawal records
 *   (user-centre.md §7). A demo account uses the Mock variant of a call that
 *   has one.
 * - Items are kept in context, with the reply's other fields (totals such as
 *   profitLossToday / profitLossTotal or todayWinLoss / totalWinLoss) in `totals`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient, CallResult } from '../api/client.ts';
import { mockVariant, type PayloadOf } from '../api/contract.ts';
import { LIST_FAILURE_LIMIT, PAGE_SIZE } from '../config/constants.ts';
import { outputOf as readOutput } from './events.ts';

/** The calls that answer a page of a list. */
export type ListCall =
  | 'userOrder'
  | 'userOrderMock'
  | 'userOptionHistory'
  | 'userNotification'
  | 'walletRecord'
  | 'uesrRecharge';

export interface InfiniteListInput {
  call: ListCall;
  /** Fixed payload fields (filters, columns); paging is added. */
  payload?: Record<string, unknown>;
  /** Page size: 10 (trading.md §9) unless given (99999 for running options). */
  limit?: number;
  /** Demo account: the call's Mock variant where it has one. */
  demo?: boolean;
}

export interface InfiniteListContext {
  call: ListCall;
  payload: Record<string, unknown>;
  limit: number;
  /** The last page loaded (0: none yet, or reloading). */
  page: number;
  /** Pages the server reported with the last page. */
  pages: number;
  items: unknown[];
  /** The reply's fields besides the items and pages (totals, summaries). */
  totals: Record<string, unknown>;
  /** Failed responses so far. */
  failures: number;
  /** Last failing code, if any. */
  failure: number | undefined;
}

export type InfiniteListEvent = { type: 'list.more' } | { type: 'list.reload' };

type PageResult = CallResult<ListCall>;
type PageInput = { call: ListCall; payload: Record<string, unknown> };

/** One page of a list. */
export const infiniteListActors = (api: ApiClient) => ({
  fetchPage: fromPromise<PageResult, PageInput>(
    ({ input }) =>
      api.call(input.call, input.payload as PayloadOf<ListCall> as never) as Promise<PageResult>,
  ),
});

/** The call to make: the Mock variant on a demo account, where there is one. */
export const listCall = (call: ListCall, demo = false): ListCall =>
  demo && call in mockVariant ? (mockVariant as unknown as Record<string, ListCall>)[call]! : call;

/** The payload of one page, in the shape the call takes. */
export function pagePayload(c: InfiniteListContext, page: number): Record<string, unknown> {
  const paging =
    c.call === 'uesrRecharge' ? { pageNum: page, pageSize: c.limit } : { page, limit: c.limit };
  return { ...c.payload, ...paging };
}

/** Items, pages and the other fields of a page reply (`list` or `items`). */
export function readPage(data: unknown): {
  items: unknown[];
  pages: number;
  totals: Record<string, unknown>;
} {
  const { list, items, pages, ...totals } = (data ?? {}) as Record<string, unknown>;
  const rows = Array.isArray(list) ? list : Array.isArray(items) ? items : [];
  return { items: rows, pages: Number(pages) || 0, totals };
}

/** This machine's actor outputs are all PageResults. */
const outputOf = (event: unknown) => readOutput<PageResult>(event);

export const infiniteListMachine = setup({
  types: {
    context: {} as InfiniteListContext,
    events: {} as InfiniteListEvent,
    input: {} as InfiniteListInput,
  },
  actors: {
    fetchPage: fromPromise<PageResult, PageInput>(async () => {
      throw new Error('infiniteListMachine: provide fetchPage');
    }),
  },
  guards: {
    failed: ({ event }) => outputOf(event).code !== 0,
    tooManyFailures: ({ context, event }) =>
      outputOf(event).code !== 0 && context.failures + 1 > LIST_FAILURE_LIMIT,
    lastPage: ({ context, event }) => {
      const { items, pages } = readPage(outputOf(event).data);
      return items.length === 0 || context.page + 1 >= pages;
    },
  },
  actions: {
    countFailure: assign(({ context, event }) => ({
      failures: context.failures + 1,
      failure: outputOf(event).code,
    })),
    addPage: assign(({ context, event }) => {
      const { items, pages, totals } = readPage(outputOf(event).data);
      const page = context.page + 1;
      return {
        page,
        pages,
        totals,
        items: page === 1 ? items : [...context.items, ...items],
        failure: undefined,
      };
    }),
    restart: assign({ page: 0, failures: 0, failure: undefined }),
  },
}).createMachine({
  id: 'infiniteList',
  context: ({ input }) => ({
    call: listCall(input.call, input.demo),
    payload: input.payload ?? {},
    limit: input.limit ?? PAGE_SIZE,
    page: 0,
    pages: 0,
    items: [],
    totals: {},
    failures: 0,
    failure: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // A reload asked for while a page loads (an order closed while the next
      // page was on its way) starts over: that page's answer is stale. It
      // was dropped, and the list kept showing the closed order.
      on: { 'list.reload': { target: 'loading', reenter: true, actions: 'restart' } },
      invoke: {
        id: 'page',
        src: 'fetchPage',
        input: ({ context }) => ({
          call: context.call,
          payload: pagePayload(context, context.page + 1),
        }),
        onDone: [
          { guard: 'tooManyFailures', target: 'stopped', actions: 'countFailure' },
          { guard: 'failed', target: 'idle', actions: 'countFailure' },
          { guard: 'lastPage', target: 'ended', actions: 'addPage' },
          { target: 'idle', actions: 'addPage' },
        ],
      },
    },
    idle: {
      on: {
        'list.more': { target: 'loading' },
        'list.reload': { target: 'loading', actions: 'restart' },
      },
    },
    ended: {
      tags: ['done'],
      on: { 'list.reload': { target: 'loading', actions: 'restart' } },
    },
    stopped: {
      tags: ['failed'],
      on: { 'list.reload': { target: 'loading', actions: 'restart' } },
    },
  },
});

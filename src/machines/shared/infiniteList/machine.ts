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
import type { CallResult } from '../../../api/client.ts';
import { mockVariant } from '../../../api/contract.ts';
import { LIST_FAILURE_LIMIT, PAGE_SIZE } from '../../../config/constants.ts';
import { doneOutput } from '../../events.ts';

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

/** One page's reply, as the list call answers it. */
export type PageResult = CallResult<ListCall>;
/** What the page actor is asked for: the call and the page's payload. */
export type PageInput = { call: ListCall; payload: Record<string, unknown> };

/** The list calls that have a Mock variant, for a demo account. */
const LIST_MOCKS: Partial<Record<ListCall, ListCall>> = { userOrder: mockVariant.userOrder };

/** The call to make: the Mock variant on a demo account, where there is one. */
export const listCall = (call: ListCall, demo = false): ListCall =>
  (demo ? LIST_MOCKS[call] : undefined) ?? call;

/** The payload of one page, in the shape the call takes. */
export function pagePayload(
  c: Pick<InfiniteListContext, 'call' | 'payload' | 'limit'>,
  page: number,
): Record<string, unknown> {
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
  const fields = typeof data === 'object' && data !== null ? Object.entries(data) : [];
  const { list, items, pages, ...totals }: Record<string, unknown> = Object.fromEntries(fields);
  const rows = Array.isArray(list) ? list : Array.isArray(items) ? items : [];
  return { items: rows, pages: Number(pages) || 0, totals };
}

export const infiniteListMachine = setup({
  types: {
    context: {} as InfiniteListContext,
    events: {} as InfiniteListEvent,
    input: {} as InfiniteListInput,
  },
  actors: {
    fetchPage: fromPromise<PageResult, PageInput>(async () => {
      throw new Error('infiniteListMachine: provide fetchPage (./actors.ts)');
    }),
  },
  guards: {
    failed: (_, r: PageResult) => r.code !== 0,
    tooManyFailures: ({ context }, r: PageResult) =>
      r.code !== 0 && context.failures + 1 > LIST_FAILURE_LIMIT,
    lastPage: ({ context }, r: PageResult) => {
      const { items, pages } = readPage(r.data);
      return items.length === 0 || context.page + 1 >= pages;
    },
  },
  actions: {
    countFailure: assign(({ context }, r: PageResult) => ({
      failures: context.failures + 1,
      failure: r.code,
    })),
    addPage: assign(({ context }, r: PageResult) => {
      const { items, pages, totals } = readPage(r.data);
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
          {
            guard: { type: 'tooManyFailures', params: doneOutput },
            target: 'stopped',
            actions: { type: 'countFailure', params: doneOutput },
          },
          {
            guard: { type: 'failed', params: doneOutput },
            target: 'idle',
            actions: { type: 'countFailure', params: doneOutput },
          },
          {
            guard: { type: 'lastPage', params: doneOutput },
            target: 'ended',
            actions: { type: 'addPage', params: doneOutput },
          },
          { target: 'idle', actions: { type: 'addPage', params: doneOutput } },
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

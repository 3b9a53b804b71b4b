/**
 * Notifications (user-centre.md §2 "Notifications", §3 "Notification",
 * §4 "Notification" and "List loading", §7 userNotification /
 * userUpdateNotification, §9).
 *
 * Two regions: the infinite list and the detail overlay.
 * - The list loads ten to a page (page, limit 10). Any reply code other than
 *   0 (the client's -1 included) is a failed response; after more than 5 of
 *   them the list stops loading (until a refresh). It ends when page >= pages
 *   or a page comes back empty.
 * - Opening a notification shows the overlay. An unread one (readStatus 0)
 *   is marked read (userUpdateNotification { ids: [id] }); then the list
 *   reloads from page 1 and the unread count's refresh is signalled: the
 *   machine emits `unread.refresh` (the app forwards it to the session) and
 *   counts it in `unreadRefreshes`.
 * - Closing the overlay does not interrupt the marking and reloading.
 */
import { and, assign, emit, fromPromise, setup, stateIn } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { Notification, PageLimitPayload } from '../../api/types/user.ts';
import { LIST_FAILURE_LIMIT, PAGE_SIZE } from '../../config/constants.ts';
import { doneOutput } from '../events.ts';

export interface NotificationsContext {
  items: Notification[];
  /** Pages loaded so far. */
  page: number;
  pages: number;
  /** No more pages. */
  ended: boolean;
  /** Failed responses since the last refresh. */
  failures: number;
  /** The notification shown in the overlay. */
  selected: Notification | undefined;
  /** Last failing reply code. */
  failure: number | undefined;
  /** How many times the unread count's refresh was signalled. */
  unreadRefreshes: number;
}

export type NotificationsEvent =
  | { type: 'list.more' }
  | { type: 'list.refresh' }
  | { type: 'item.open'; id: string }
  | { type: 'detail.close' };

/** Emitted for the app to refresh the unread count. */
export type NotificationsEmitted = { type: 'unread.refresh' };

/** Alarm types whose notification shows the amount (§3: withdrawal and deposit rejected). */
export const PAYMENT_ALARMS: readonly number[] = [629005, 629006];
/** actionType 4: the notification carries its own title and content (§3). */
export const OWN_TEXT_ACTION = 4;

/** What a notification shows: its own text (actionType 4) or its alarm type's, and the amount where it applies. */
export interface NotificationView {
  /** A message key (alarm.<alarmType>) or, with `ownText`, the text itself. */
  title: string;
  content: string;
  ownText: boolean;
  remark: string | undefined;
  paymentPrice: number | undefined;
}

export function presentNotification(n: Notification): NotificationView {
  const own = n.actionType === OWN_TEXT_ACTION;
  return {
    title: own ? n.title : `alarm.${n.alarmType}`,
    content: n.content,
    ownText: own,
    remark: n.remark,
    paymentPrice: PAYMENT_ALARMS.includes(n.alarmType) ? n.paymentPrice : undefined,
  };
}

export type PageResult = CallResult<'userNotification'>;
export type MarkResult = CallResult<'userUpdateNotification'>;

const pageOk = (r: PageResult) => r.code === 0 && !!r.data;

const fresh: Pick<NotificationsContext, 'items' | 'page' | 'pages' | 'ended' | 'failures'> = {
  items: [],
  page: 0,
  pages: 0,
  ended: false,
  failures: 0,
};

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
  },
  actors: {
    fetchPage: fromPromise<PageResult, PageLimitPayload>(async () => {
      throw new Error('notificationsMachine: provide fetchPage');
    }),
    markRead: fromPromise<MarkResult, { ids: string[] }>(async () => {
      throw new Error('notificationsMachine: provide markRead');
    }),
  },
  guards: {
    pageLoaded: (_, p: PageResult) => pageOk(p),
    marked: (_, p: MarkResult) => p.code === 0,
    canLoadMore: ({ context }) => !context.ended && context.failures <= LIST_FAILURE_LIMIT,
    isUnread: ({ context, event }) =>
      event.type === 'item.open' &&
      context.items.some((n) => n.id === event.id && n.readStatus === 0),
    isKnown: ({ context, event }) =>
      event.type === 'item.open' && context.items.some((n) => n.id === event.id),
  },
  actions: {
    reset: assign(fresh),
    append: assign(({ context }, p: PageResult) => {
      const d = p.data!;
      const page = context.page + 1;
      return {
        items: [...context.items, ...d.list],
        page,
        pages: d.pages,
        ended: page >= d.pages || d.list.length === 0,
      };
    }),
    /** The list again from page 1 (after a notification was read). */
    replace: assign((_, p: PageResult) => {
      const d = p.data!;
      return { items: d.list, page: 1, pages: d.pages, ended: 1 >= d.pages || d.list.length === 0 };
    }),
    countFailure: assign(({ context }, p: { code: number }) => ({
      failures: context.failures + 1,
      failure: p.code,
    })),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    select: assign(({ context, event }) =>
      event.type === 'item.open' ? { selected: context.items.find((n) => n.id === event.id) } : {},
    ),
    deselect: assign({ selected: undefined }),
    markSelectedRead: assign(({ context }) => {
      const id = context.selected?.id;
      const read = (n: Notification): Notification => (n.id === id ? { ...n, readStatus: 1 } : n);
      return {
        items: context.items.map(read),
        selected: context.selected && read(context.selected),
        unreadRefreshes: context.unreadRefreshes + 1,
      };
    }),
    signalUnreadRefresh: emit({ type: 'unread.refresh' }),
  },
}).createMachine({
  id: 'notifications',
  type: 'parallel',
  context: { ...fresh, selected: undefined, failure: undefined, unreadRefreshes: 0 },
  states: {
    list: {
      initial: 'loading',
      on: {
        'list.refresh': { target: '.loading', actions: 'reset' },
        // One at a time: only from the closed overlay.
        'item.open': {
          guard: and(['isUnread', stateIn({ overlay: 'closed' })]),
          target: '.marking',
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ page: context.page + 1, limit: PAGE_SIZE }),
            onDone: [
              {
                guard: { type: 'pageLoaded', params: doneOutput },
                target: 'idle',
                actions: { type: 'append', params: doneOutput },
              },
              { target: 'idle', actions: { type: 'countFailure', params: doneOutput } },
            ],
          },
        },
        idle: {
          on: { 'list.more': { guard: 'canLoadMore', target: 'loading' } },
        },
        marking: {
          tags: ['busy'],
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ ids: context.selected ? [context.selected.id] : [] }),
            onDone: [
              {
                guard: { type: 'marked', params: doneOutput },
                target: 'reloading',
                actions: ['markSelectedRead', 'signalUnreadRefresh'],
              },
              { target: 'idle', actions: { type: 'recordFailure', params: doneOutput } },
            ],
          },
        },
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'reloadFirstPage',
            src: 'fetchPage',
            input: { page: 1, limit: PAGE_SIZE },
            onDone: [
              {
                guard: { type: 'pageLoaded', params: doneOutput },
                target: 'idle',
                actions: { type: 'replace', params: doneOutput },
              },
              { target: 'idle', actions: { type: 'countFailure', params: doneOutput } },
            ],
          },
        },
      },
    },
    overlay: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'item.open': { guard: 'isKnown', target: 'open', actions: 'select' } },
        },
        open: {
          tags: ['overlay'],
          on: { 'detail.close': { target: 'closed', actions: 'deselect' } },
        },
      },
    },
  },
});

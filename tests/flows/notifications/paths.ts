/**
 * Notifications against the simulator: twelve real messages from the back
 * office (two pages), the newest already read; opening an unread one marks it
 * read on the server, then page 1 reloads. Failed responses (HTTP 500 from the
 * back office's switch: a user cannot cause one) count towards the stop after
 * more than five.
 *
 * Assertions read the simulator synchronously: an await inside a check would
 * let the running call finish before its step.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { Notification } from '../../../src/api/types/user.ts';
import { notificationsActors } from '../../../src/machines/notifications/actors.ts';
import {
  notificationsMachine,
  presentNotification,
  type NotificationsContext,
} from '../../../src/machines/notifications/machine.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { overNetwork } from '../../paths/specs/network.ts';

type Snap = ReturnType<(typeof notificationsMachine)['resolveState']>;

const TOTAL = 12;
/** What the server holds, as samples: newest first, the newest read. */
const SAMPLE: Notification[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: `n${i}`,
  readStatus: i === 0 ? 1 : 0,
  alarmType: 629012,
  actionType: 4,
  title: `Message ${TOTAL - i}`,
  content: `Content ${TOTAL - i}`,
  timeStamp: 0,
}));

/** A page as the server would send it; the first unread one is read once the path opened it. */
const page = (p: number, c: NotificationsContext) => ({
  code: 0,
  data: {
    list: SAMPLE.slice((p - 1) * 10, p * 10).map((n) =>
      n.id === 'n1' && c.unreadRefreshes > 0 ? { ...n, readStatus: 1 as const } : n,
    ),
    pages: 2,
  },
});
const failed = { code: -1, data: null };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });

const unread = (c: NotificationsContext) => c.items.filter((n) => n.readStatus === 0);
const canLoadMore = (c: NotificationsContext) => !c.ended && c.failures <= 5;

/** The user's notifications on the server, newest first (read synchronously). */
const held = (c: PathContext) =>
  Object.values(c.world.sim.ctx.state.account.notifications)
    .filter((n) => n.uid === c.data.uid)
    .sort((a, b) => b.timeStamp - a.timeStamp || Number(b.id) - Number(a.id));

export const specs: PathSpec[] = [
  {
    name: 'notifications',
    machine: notificationsMachine,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.items.length,
        unread(c).length,
        c.page,
        c.ended,
        c.failures,
        c.selected?.readStatus ?? null,
        c.unreadRefreshes,
        c.failure ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const { list, overlay } = s.value as { list: string; overlay: string };
      if (list === 'loading') {
        return c.failures > 0
          ? [done('fetchPage', failed)]
          : [done('fetchPage', page(c.page + 1, c)), done('fetchPage', failed)];
      }
      if (list === 'marking') {
        return [done('markRead', { code: 0, data: null }), done('markRead', failed)];
      }
      if (list === 'reloading') {
        return [done('reloadFirstPage', page(1, c)), done('reloadFirstPage', failed)];
      }
      if (overlay === 'open') return [{ type: 'detail.close' }];
      if (c.failures > 0) return [{ type: canLoadMore(c) ? 'list.more' : 'list.refresh' }];
      const firstUnread = unread(c)[0];
      const firstRead = c.items.find((n) => n.readStatus === 1);
      return [
        ...(canLoadMore(c) ? [{ type: 'list.more' }] : []),
        { type: 'list.refresh' },
        // One unread opened per path keeps the graph small.
        ...(firstUnread && c.unreadRefreshes === 0
          ? [{ type: 'item.open', id: firstUnread.id }]
          : []),
        ...(firstRead ? [{ type: 'item.open', id: firstRead.id }] : []),
      ];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'inbox@example.com',
        password: 'secret123',
      });
      world.session.token = u.token;
      for (let i = 1; i <= TOTAL; i++) {
        world.sim.backOffice.sendMessage(u.uid, `Message ${i}`, `Content ${i}`);
      }
      const first = (await world.api.call('userNotification', { page: 1, limit: 10 })).data;
      await world.api.call('userUpdateNotification', { ids: [first?.list[0]?.id ?? ''] });
      return { uid: u.uid };
    },
    provide: (c) =>
      notificationsMachine.provide({ actors: notificationsActors(overNetwork(c.world.api)) }),
    // The sample's id stands for the item at the same place in the real list.
    resolve(e: EventObject, _c, snap) {
      if (e.type !== 'item.open') return e;
      const at = SAMPLE.findIndex((n) => n.id === (e as EventObject & { id: string }).id);
      const real = (snap as Snap).context.items[at];
      expect(real, 'the item is in the list').toBeDefined();
      return { ...e, id: real?.id };
    },
    arrange(e: EventObject, c) {
      const out = (e as { output?: { code: number } }).output;
      if (out?.code !== -1) return;
      const call =
        e.type === 'xstate.done.actor.markRead' ? 'userUpdateNotification' : 'userNotification';
      c.world.sim.backOffice.force({ call, status: 500 });
    },
    states: {
      list: (s, c) => {
        const ctx = (s as Snap).context;
        const server = held(c);
        expect(server).toHaveLength(TOTAL);
        // The list shows the server's notifications, in order, with their read state.
        ctx.items.forEach((n, i) => {
          expect(n.id).toBe(server[i]?.id);
          expect(n.readStatus).toBe(server[i]?.readStatus);
        });
        if (ctx.failure === -1) {
          reached('notifications.list: ctx.failure === -1');
          expect(c.world.toasts).toContain('Server error (500)');
        }
      },
      'list.loading': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.ended).toBe(false);
      },
      'list.idle': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.items).toHaveLength(Math.min(ctx.page * 10, TOTAL));
        expect(ctx.ended).toBe(ctx.page > 0 && ctx.page >= ctx.pages);
        expect(s.can({ type: 'list.more' })).toBe(canLoadMore(ctx));
        if (ctx.failures > 5) {
          reached('notifications.list.idle: ctx.failures > 5');
          expect(s.can({ type: 'list.more' })).toBe(false);
        }
      },
      'list.marking': (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx.selected?.readStatus).toBe(0);
        expect(held(c).find((n) => n.id === ctx.selected?.id)?.readStatus).toBe(0);
      },
      'list.reloading': (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.selected?.readStatus).toBe(1);
        expect(ctx.unreadRefreshes).toBe(1);
        // Marked on the server: the unread count to refresh is now two fewer than the total.
        expect(held(c).filter((n) => n.readStatus === 0)).toHaveLength(TOTAL - 2);
      },
      overlay: (s) => expect(s.hasTag('overlay')).toBe(!!(s as Snap).context.selected),
      'overlay.closed': (s) => expect((s as Snap).context.selected).toBeUndefined(),
      'overlay.open': (s, c) => {
        const ctx = (s as Snap).context;
        const server = held(c).find((n) => n.id === ctx.selected?.id);
        expect(ctx.selected?.title).toBe(server?.title);
        expect(ctx.selected?.content).toBe(server?.content);
        // Operator messages carry their own text.
        expect(presentNotification(ctx.selected!)).toMatchObject({
          ownText: true,
          title: server?.title,
          paymentPrice: undefined,
        });
      },
    },
  },
];

/** Notifications: list (newest first, ten a page), read, unread count, operator messages. */
import { describe, expect, it } from 'vitest';
import { seeded, world } from './helpers.ts';

describe('notifications', () => {
  it('lists newest first in pages of 10, marks read by id, and counts unread', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    for (let i = 0; i < 12; i++) {
      w.sim.backOffice.sendMessage(uid, `Note ${i}`, `Body ${i}`);
      w.clock.advance(1000);
    }
    expect((await w.api.call('unreadCount')).data).toEqual({ count: 12 });
    const p1 = await w.api.call('userNotification', { page: 1, limit: 10 });
    expect(p1.data?.pages).toBe(2);
    expect(p1.data?.list).toHaveLength(10);
    expect(p1.data?.list[0]).toMatchObject({
      title: 'Note 11',
      content: 'Body 11',
      alarmType: 629012,
      actionType: 4,
      readStatus: 0,
    });
    expect(
      (await w.api.call('userNotification', { page: 2, limit: 10 })).data?.list.map((n) => n.title),
    ).toEqual(['Note 1', 'Note 0']);
    const first = p1.data?.list[0]?.id ?? '';
    expect((await w.api.call('userUpdateNotification', { ids: [first] })).code).toBe(0);
    expect((await w.api.call('unreadCount')).data).toEqual({ count: 11 });
    expect(
      (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list[0]?.readStatus,
    ).toBe(1);
  });

  it('answers 1008 for an unknown id and 1001 for no ids', async () => {
    const w = await world();
    await seeded(w);
    expect((await w.api.call('userUpdateNotification', { ids: ['999999'] })).code).toBe(1008);
    expect((await w.api.call('userUpdateNotification', { ids: [] })).code).toBe(1001);
  });

  it('answers 1002 for a removed user', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    w.sim.backOffice.deleteUser(uid);
    expect((await w.api.call('unreadCount')).code).toBe(1002);
    expect((await w.api.call('userNotification', { page: 1, limit: 10 })).code).toBe(1002);
  });
});

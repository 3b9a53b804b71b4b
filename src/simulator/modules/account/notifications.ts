/**
 * Notifications: created by events (a rejected withdrawal 629005, deposit
 * 629006, verification 629007 or loan 629021, and operator messages 629012),
 * listed newest first ten to a page, marked read by id. Ids that are not the
 * caller's answer 1008 and nothing changes.
 */
import type { Notification } from '../../../api/types/user.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import { nextId } from '../../core-state.ts';
import { isFailure, me, paginate } from './guard.ts';
import { mine, type Notice, type AccountContext } from './state.ts';

/** Alarm types of the notification catalogue. */
export const ALARM = {
  withdrawalRejected: 629005,
  depositRejected: 629006,
  kycRejected: 629007,
  message: 629012,
  loanRejected: 629021,
} as const;

/** actionType 4: the notification carries its own title and content. */
export const OWN_TEXT = 4;

/** Add a notification for a user. */
export function notify(
  ctx: AccountContext,
  uid: string,
  n: Pick<Notice, 'alarmType' | 'title' | 'content'> &
    Partial<Pick<Notice, 'remark' | 'paymentPrice' | 'actionType'>>,
): Notice {
  const id = nextId(ctx.state);
  const notice: Notice = {
    id,
    uid,
    readStatus: 0,
    actionType: 1,
    timeStamp: ctx.clock.now(),
    ...n,
  };
  ctx.state.account.notifications[id] = notice;
  ctx.persist();
  return notice;
}

const wire = ({ uid: _uid, ...n }: Notice): Notification => n;

const unread = (ctx: AccountContext, uid: string) =>
  mine(ctx.state.account.notifications, uid).filter((n) => n.readStatus === 0).length;

/** The notification calls: list, unread count, mark read. */
export const notificationHandlers = (ctx: AccountContext): Handlers => ({
  userNotification: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const all = mine(ctx.state.account.notifications, u.uid).sort(
      (a, b) => b.timeStamp - a.timeStamp || Number(b.id) - Number(a.id),
    );
    const { list, pages } = paginate(all, p?.page, p?.limit);
    return ok({ list: list.map(wire), pages });
  },
  userUpdateNotification: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const ids = Array.isArray(p?.ids) ? p.ids.map(String) : [];
    if (ids.length === 0) return fail(1001);
    const found = ids.map((id) => ctx.state.account.notifications[id]);
    if (found.some((n) => !n || n.uid !== u.uid)) return fail(1008);
    for (const n of found) if (n) n.readStatus = 1;
    return ok(null);
  },
  unreadCount: (_p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    return ok({ count: unread(ctx, u.uid) });
  },
});

/**
 * Notifications (/user/notification): the notifications machine's view. An
 * infinite list (more loads when its end comes into view) and a detail
 * overlay; opening an unread one marks it read, the list reloads, and the
 * session is told to refresh the unread count.
 */
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Notification } from '../../../api/types/user.ts';
import { notificationsActors } from '../../../machines/notifications/actors.ts';
import {
  notificationsMachine,
  presentNotification,
} from '../../../machines/notifications/machine.ts';
import { useServices } from '../../services-context.tsx';
import { useDesktop } from '../../hooks/use-media.ts';
import { Drawer } from '../../components/drawer.tsx';
import { formatDateTime } from '../../format.ts';
import { Num } from '../../components/num.tsx';
import { ServerText } from '../../components/num-text.tsx';
import { LoadingRows, ProfileHeader } from '../../screens/user/profile-kit.tsx';
import { inspected } from '../../../machines/inspect.ts';
import './notifications.css';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The title as shown: the notification's own (actionType 4), or its alarm type's. */
const titleOf = (n: Notification, t: T) => {
  const v = presentNotification(n);
  return v.ownText ? v.title : t(v.title, { defaultValue: n.title });
};

function useTexts(n: Notification) {
  const { t } = useTranslation();
  return { ...presentNotification(n), title: titleOf(n, t) };
}

function Row({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const v = useTexts(n);
  const unread = n.readStatus === 0;
  return (
    <li>
      <button
        type="button"
        className={`order-card notifications-card${unread ? ' unread' : ''}`}
        onClick={onOpen}
      >
        <span className="order-head">
          {unread && <span className="notifications-unread-dot" aria-hidden="true" />}
          <b className="notifications-title">{v.title}</b>
          {unread && (
            <span className="status red notifications-badge">{t('notifications.unread')}</span>
          )}
        </span>
        <span className="notifications-preview muted">
          <ServerText text={v.content} />
        </span>
        <span className="muted small">{formatDateTime(n.timeStamp)}</span>
      </button>
    </li>
  );
}

function Detail({ n }: { n: Notification }) {
  const { t } = useTranslation();
  const v = useTexts(n);
  return (
    <div className="notifications-detail">
      <p className="muted small">{formatDateTime(n.timeStamp)}</p>
      <p className="notifications-content">
        <ServerText text={v.content} />
      </p>
      {(v.paymentPrice !== undefined || v.remark) && (
        <dl className="kv">
          {v.paymentPrice !== undefined && (
            <>
              <dt>{t('notifications.amount')}</dt>
              <Num as="dd" kind="amount" unit="USD" value={v.paymentPrice} />
            </>
          )}
          {v.remark && (
            <>
              <dt>{t('notifications.reason')}</dt>
              <dd>
                <ServerText text={v.remark} />
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}

export function Notifications() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const desktop = useDesktop();
  const [state, send, actor] = useMachine(
    notificationsMachine.provide({ actors: notificationsActors(api) }),
    inspected,
  );
  const c = state.context;
  const end = useRef<HTMLLIElement>(null);
  const canMore = state.can({ type: 'list.more' });

  // A notification was read: the session's unread count follows.
  useEffect(() => {
    const sub = actor.on('unread.refresh', () => session.send({ type: 'unread.refresh' }));
    return () => sub.unsubscribe();
  }, [actor, session]);

  useEffect(() => {
    const el = end.current;
    if (!el || !canMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && send({ type: 'list.more' }),
    );
    io.observe(el);
    return () => io.disconnect();
  }, [canMore, send, c.items.length]);

  const loading = state.matches({ list: 'loading' });
  const busy = state.hasTag('busy');
  const first = loading && c.items.length === 0;

  return (
    <main className="screen profile-screen">
      <ProfileHeader title={t('my.notifications')} />
      {first ? (
        <LoadingRows rows={4} />
      ) : (
        <ul className="order-list" aria-label={t('my.notifications')} aria-busy={busy}>
          {c.items.map((n) => (
            <Row key={n.id} n={n} onOpen={() => send({ type: 'item.open', id: n.id })} />
          ))}
          <li ref={end} className="list-end">
            {busy ? (
              <span className="spinner small" role="status" aria-label={t('common.loading')} />
            ) : c.ended ? (
              c.items.length ? (
                <span className="muted small">{t('list.end')}</span>
              ) : (
                <div className="empty-state">
                  <span className="notifications-empty-icon" aria-hidden="true">
                    ✉
                  </span>
                  <span>{t('notifications.empty')}</span>
                </div>
              )
            ) : canMore ? (
              <button
                type="button"
                className="btn ghost"
                onClick={() => send({ type: 'list.more' })}
              >
                {t('list.more')}
              </button>
            ) : (
              // More than 5 failed responses: loading stopped until a refresh.
              <div className="empty-state" role="alert">
                <span>{t('notifications.loadFailed')}</span>
                <button
                  type="button"
                  className="btn"
                  onClick={() => send({ type: 'list.refresh' })}
                >
                  {t('common.retry')}
                </button>
              </div>
            )}
          </li>
        </ul>
      )}
      <Drawer
        open={state.hasTag('overlay') && !!c.selected}
        side={desktop}
        title={c.selected ? titleOf(c.selected, t) : ''}
        onClose={() => send({ type: 'detail.close' })}
      >
        {c.selected && <Detail n={c.selected} />}
      </Drawer>
    </main>
  );
}

/**
 * The one place a machine's notices become toasts: each `notice` event the
 * actor emits (src/machines/notice.ts) shows once, in step with the
 * transition that emitted it, not after a render.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { AnyActorRef } from 'xstate';
import { TOAST_MS } from '../../config/constants.ts';
import { showToast } from '../../state/toasts.ts';
import type { NoticeEvent } from '../../machines/notice.ts';

export function useNotices(actor: AnyActorRef | undefined): void {
  const { t } = useTranslation();
  const latest = useRef(t);
  useEffect(() => {
    latest.current = t;
  });
  useEffect(() => {
    if (!actor) return;
    const sub = actor.on('notice', (e: NoticeEvent) =>
      showToast(latest.current(e.key), e.kind, TOAST_MS),
    );
    return () => sub.unsubscribe();
  }, [actor]);
}

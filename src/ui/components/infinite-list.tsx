/** An infinitely scrolled list on the infinite list machine: more loads when the end comes into view. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../i18n/react.tsx';
import { infiniteListActors } from '../../machines/shared/infiniteList/actors.ts';
import {
  infiniteListMachine,
  type InfiniteListContext,
  type InfiniteListInput,
} from '../../machines/shared/infiniteList/machine.ts';
import { useServices } from '../services-context.tsx';
import { inspected } from '../../machines/inspect.ts';

export function InfiniteList<T>({
  input,
  render,
  header,
  label,
  reloadKey,
}: {
  input: InfiniteListInput;
  render: (item: T) => ReactNode;
  header?: (ctx: InfiniteListContext) => ReactNode;
  label: string;
  /** Change it to reload from page 1. */
  reloadKey?: unknown;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send] = useMachine(
    infiniteListMachine.provide({ actors: infiniteListActors(api) }),
    { ...inspected, input },
  );
  const end = useRef<HTMLLIElement>(null);
  const c = state.context;
  const idle = state.matches('idle');

  useEffect(() => {
    const el = end.current;
    if (!el || !idle || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && send({ type: 'list.more' }),
    );
    io.observe(el);
    return () => io.disconnect();
  }, [idle, send, c.items.length]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    send({ type: 'list.reload' });
  }, [reloadKey, send]);

  return (
    <>
      {header?.(c)}
      <ul className="order-list" aria-label={label} aria-busy={state.hasTag('busy')}>
        {(c.items as T[]).map((item) => render(item))}
        <li ref={end} className="list-end">
          {state.hasTag('busy') ? (
            <span className="spinner small" role="status" aria-label={t('common.loading')} />
          ) : state.hasTag('failed') ? (
            <button
              type="button"
              className="btn ghost"
              onClick={() => send({ type: 'list.reload' })}
            >
              {t('common.retry')}
            </button>
          ) : state.hasTag('done') ? (
            <span className="muted small">{c.items.length ? t('list.end') : t('list.empty')}</span>
          ) : (
            <button type="button" className="btn ghost" onClick={() => send({ type: 'list.more' })}>
              {t('list.more')}
            </button>
          )}
        </li>
      </ul>
    </>
  );
}

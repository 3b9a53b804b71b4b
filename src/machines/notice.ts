import { emit, type EventObject, type MachineContext, type ParameterizedObject } from 'xstate';

/**
 * A toast-worthy outcome a machine emits (XState `emit`): the view's one
 * `useNotices(actor)` turns each into a toast, so the same message twice in a
 * row (copy, copy) is still two toasts, and no view watches context or tags
 * to raise one.
 */
export interface Notice {
  key: string;
  kind: 'success' | 'error' | 'info';
}

/** The emitted event; declare it in `setup({ types: { emitted: {} as NoticeEvent } })`. */
export type NoticeEvent = { type: 'notice' } & Notice;

/** The event itself (for a machine that emits from an expression). */
export const noticeEvent = (key: string, kind: Notice['kind'] = 'success'): NoticeEvent => ({
  type: 'notice',
  key,
  kind,
});

/** An action that emits a notice: `actions: { announce: say('tips.add_success') }`. */
export function say<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined,
  TEvent extends EventObject,
>(key: string, kind: Notice['kind'] = 'success') {
  // The machine's own types come from where the action is used (setup's actions).
  return emit<TContext, TExpressionEvent, TParams, TEvent, NoticeEvent>(noticeEvent(key, kind));
}

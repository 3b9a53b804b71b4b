/**
 * A toast-worthy outcome a machine leaves in its context. Views show a notice
 * when its object changes, so each assignment must make a new object: the same
 * message twice in a row (copy, copy) is still two toasts.
 */
export interface Notice {
  key: string;
  kind: 'success' | 'error';
}

/** A property assigner for `assign({ notice: notice('tips.add_success') })`. */
export const notice =
  (key: string, kind: Notice['kind'] = 'success') =>
  (): Notice => ({ key, kind });

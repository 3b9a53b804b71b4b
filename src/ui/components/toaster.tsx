import { useSnapshot } from 'valtio';
import { toasts } from '../../state/toasts.ts';

/** Toasts, announced to screen readers as they appear. */
export function Toaster() {
  const snap = useSnapshot(toasts);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {snap.list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.message}
        </div>
      ))}
    </div>
  );
}

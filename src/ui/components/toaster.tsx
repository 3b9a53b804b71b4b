import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { toastShown, toasts, type Toast } from '../../state/toasts.ts';

/** Toasts, announced to screen readers as they appear. */
export function Toaster() {
  const snap = useSnapshot(toasts);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {snap.list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}

/** One toast; its time starts with the frame that paints it. */
function ToastItem({ toast }: { toast: Readonly<Toast> }) {
  const { id } = toast;
  useEffect(() => {
    const frame = requestAnimationFrame(() => toastShown(id));
    return () => cancelAnimationFrame(frame);
  }, [id]);
  return <div className={`toast toast-${toast.kind}`}>{toast.message}</div>;
}

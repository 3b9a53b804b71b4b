import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { toastShown, toasts, type Toast, type ToastFigure } from '../../state/toasts.ts';
import { withNodes } from './num-text.tsx';
import { Num, Pnl } from './num.tsx';
import './toaster.css';

/** A toast's figure as the page shows every number (marked, at its precision). */
const figure = (f: ToastFigure) =>
  f.kind === 'pnl' ? <Pnl value={f.value} /> : <Num kind={f.kind} unit={f.unit} value={f.value} />;

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
  const { t } = useTranslation();
  const { id, text } = toast;
  useEffect(() => {
    const frame = requestAnimationFrame(() => toastShown(id));
    return () => cancelAnimationFrame(frame);
  }, [id]);
  const body = text
    ? withNodes(
        t,
        text.key,
        Object.fromEntries(
          Object.entries(text.values).map(([k, v]) => [k, typeof v === 'string' ? v : figure(v)]),
        ),
      )
    : toast.message;
  return (
    <div className={`toast toast-${toast.kind}`} data-repeats={toast.repeats}>
      {body}
    </div>
  );
}

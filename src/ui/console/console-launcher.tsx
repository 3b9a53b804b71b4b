/**
 * Simulator mode, and live mode when the site config names the operator API:
 * a small "Back office" handle at the screen's edge, and the spec's secret
 * gesture (more than 5 quick taps within 3 s on the page title or the brand)
 * to open the reviewer's console. The console itself is a lazy chunk. While
 * a session is being recorded the handle says so; while the console's site
 * settings are on, a mark at the top says so (also a lazy chunk).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { OutboxNotice } from './outbox-notice.tsx';
import { hasStoredRecording, recorder } from './record/tap.ts';
import { useConsoleMode } from './use-back-office.ts';
import { siteOverride } from '../../state/site-override.ts';
import { IconGear } from '../components/icons.tsx';
import { withAllTexts } from '../../i18n/index.ts';
import './console-launcher.css';

const SimulatorConsole = lazy(() =>
  withAllTexts(() => import('./simulator-console.tsx'))().then((m) => ({
    default: m.SimulatorConsole,
  })),
);

const SiteMark = lazy(() =>
  withAllTexts(() => import('./site-mark.tsx'))().then((m) => ({ default: m.SiteMark })),
);

const TAPS = 5;
const WINDOW_MS = 3000;

export function ConsoleLauncher() {
  const { t } = useTranslation();
  const mode = useConsoleMode();
  const [open, setOpen] = useState(false);
  const { state: recording } = useSnapshot(recorder);

  // A recording this tab kept goes on after a reload (the recorder loads only then).
  useEffect(() => {
    if (mode && hasStoredRecording())
      void import('./record/recorder.ts').then((m) => m.resumeRecording());
  }, [mode]);

  useEffect(() => {
    let taps: number[] = [];
    const onTap = (e: PointerEvent) => {
      if (!(e.target as Element | null)?.closest?.('.screen-title, .brand')) return;
      const now = performance.now();
      taps = [...taps.filter((x) => now - x < WINDOW_MS), now];
      if (taps.length > TAPS) {
        taps = [];
        setOpen((o) => !o);
      }
    };
    document.addEventListener('pointerdown', onTap);
    return () => document.removeEventListener('pointerdown', onTap);
  }, []);

  if (!mode) return null;
  return (
    <>
      {/* The console's outbox shows the codes while it is open. */}
      <OutboxNotice hidden={open} />
      {siteOverride.keys.length > 0 && (
        <Suspense fallback={null}>
          <SiteMark keys={siteOverride.keys} />
        </Suspense>
      )}
      <button
        type="button"
        className="console-launcher"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <IconGear size={12} />
        <span className="visually-hidden">{t('console.open')}</span>
        {recording === 'on' && (
          <span className="console-recording">
            <span className="visually-hidden">{t('console.recordingBadge')}</span>
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SimulatorConsole onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

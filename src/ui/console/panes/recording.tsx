/**
 * Console ▸ Scenarios ▸ Recording (issue 29 item 3): Record keeps the world
 * now as the start and then what the reviewer does; Stop keeps what the
 * screen shows; Export downloads the recording, its QA plan and the
 * Playwright spec that replays it (record/generate.ts).
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { useConsoleMode } from '../use-back-office.ts';
import { recorder } from '../record/tap.ts';
import {
  currentRecording,
  discardRecording,
  startRecording,
  stopRecording,
} from '../record/recorder.ts';
import { planMarkdown, recordingName, replaySpec } from '../record/generate.ts';
import { MAX_STEPS } from '../record/model.ts';
import { run } from './pane-helpers.ts';

function download(file: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = file;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
}

/** The three files of a recording, named `<name>.recording.json`, `.plan.md`, `.spec.ts`. */
function exportRecording(raw: string): void {
  const rec = currentRecording();
  if (!rec) return;
  const name = recordingName(raw);
  download(`${name}.recording.json`, `${JSON.stringify(rec, null, 2)}\n`, 'application/json');
  download(`${name}.plan.md`, planMarkdown(rec, name), 'text/markdown');
  download(`${name}.spec.ts`, replaySpec(rec, name), 'text/plain');
}

export function Recording({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const mode = useConsoleMode() ?? 'simulator';
  const snap = useSnapshot(recorder);
  const [name, setName] = useState('session');
  return (
    <>
      <h3>{t('console.recording')}</h3>
      <p className="muted" role="status">
        {snap.state === 'on'
          ? t('console.recordingOn', { count: snap.steps })
          : snap.state === 'stopped'
            ? t('console.recordingStopped', { count: snap.steps })
            : t('console.recordingNote')}
      </p>
      {snap.full && <p role="alert">{t('console.recordingFull', { max: MAX_STEPS })}</p>}
      {snap.unsaved && <p role="alert">{t('console.recordingUnsaved')}</p>}
      <div className="console-row">
        {snap.state === 'on' ? (
          <button type="button" className="btn" onClick={stopRecording}>
            {t('console.recordStop')}
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={() =>
              run(
                startRecording(() => bo.saveScenario(), mode),
                t('console.recordingStarted'),
              )
            }
          >
            {t('console.record')}
          </button>
        )}
        {snap.state === 'stopped' && (
          <>
            <label className="field">
              <span className="label">{t('console.recordingName')}</span>
              <input
                className="input"
                value={name}
                maxLength={48}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
            <button type="button" className="btn" onClick={() => exportRecording(name)}>
              {t('console.recordExport')}
            </button>
            <button type="button" className="btn ghost" onClick={discardRecording}>
              {t('console.recordDiscard')}
            </button>
          </>
        )}
      </div>
    </>
  );
}

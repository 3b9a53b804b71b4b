/**
 * Console pane: scenarios (simulator/scenario-file.ts). Save the whole
 * simulator to a file, load one, keep bookmarks of this session and go back
 * to them, load one of the library's (public/scenarios/index.json), and
 * record a session as a regression path (recording.tsx). A
 * load replaces the world the app was showing (its users, sessions and
 * clock), so the app signs out and goes home.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { ScenarioDoc } from '../../../simulator/scenario-file.ts';
import { navigate } from 'wouter/use-browser-location';
import { clearSession } from '../../../state/session.ts';
import { formatDateTime } from '../../format.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run, useLoad } from './pane-helpers.ts';
import { scenarioFile, staticFiles } from '../../../api/static-files.ts';
import { Recording } from './recording.tsx';

interface LibraryItem {
  name: string;
  description: string;
}

const base = import.meta.env.BASE_URL;

/** The library's index (empty when the site serves none). */
async function library(): Promise<LibraryItem[]> {
  const res = await fetch(`${base}${staticFiles.scenarioIndex}`, { cache: 'no-store' });
  return res.ok ? ((await res.json()) as LibraryItem[]) : [];
}

/**
 * The app goes on with the world just loaded: the replaced world's session is
 * forgotten and home is shown (its sockets were closed by the load and
 * connect again). Not a page load: that may restart the page's simulator
 * worker, and this session's bookmarks with it.
 */
const restart = () => {
  clearSession();
  navigate('/');
};

/** Hand a scenario to the browser as a file download. */
function download(doc: ScenarioDoc): void {
  const blob = new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `scenario-${doc.savedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
}

export function Scenarios({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const load = (doc: Promise<unknown>) =>
    run(
      doc.then((d) => bo.loadScenario(d as ScenarioDoc)).then(restart),
      t('console.scenarioLoaded'),
    );
  return (
    <>
      <p className="muted">{t('console.scenarioNote')}</p>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.saveScenario().then(download), t('console.done'))}
        >
          {t('console.scenarioSave')}
        </button>
        <label className="btn ghost">
          {t('console.scenarioLoad')}
          <input
            type="file"
            accept="application/json,.json"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) load(file.text().then((s) => JSON.parse(s) as unknown));
            }}
          />
        </label>
      </div>
      <Recording bo={bo} />
      <Bookmarks bo={bo} />
      <Library load={load} />
    </>
  );
}

/** This session's bookmarks: keep one under a name, go back to one. */
function Bookmarks({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [marks, reload] = useLoad(() => bo.bookmarks(), [bo]);
  const [name, setName] = useState('');
  return (
    <>
      <h3>{t('console.scenarioBookmarks')}</h3>
      <div className="console-row">
        <label className="field">
          <span className="label">{t('console.scenarioBookmarkName')}</span>
          <input
            className="input"
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn"
          disabled={!name.trim()}
          onClick={() =>
            run(bo.bookmark(name), t('console.scenarioBookmarked', { name: name.trim() }), reload)
          }
        >
          {t('console.scenarioBookmark')}
        </button>
      </div>
      <ul className="console-list" aria-label={t('console.scenarioBookmarks')}>
        {(marks ?? []).map((m) => (
          <li key={m.name}>
            <span>
              {m.name} · {formatDateTime(m.now)}
            </span>
            <button
              type="button"
              className="btn ghost"
              aria-label={t('console.scenarioGoBackTo', { name: m.name })}
              onClick={() =>
                run(bo.restoreBookmark(m.name).then(restart), t('console.scenarioLoaded'))
              }
            >
              {t('console.scenarioGoBack')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The site's library (public/scenarios/index.json), each with its Load button. */
function Library({ load }: { load: (doc: Promise<unknown>) => void }) {
  const { t } = useTranslation();
  const [items] = useLoad(() => library().catch(() => []), []);
  return (
    <>
      <h3>{t('console.scenarioLibrary')}</h3>
      <ul className="console-list" aria-label={t('console.scenarioLibrary')}>
        {(items ?? []).map((s) => (
          <li key={s.name}>
            <span>
              <b>{s.name}</b> · {s.description}
            </span>
            <button
              type="button"
              className="btn ghost"
              aria-label={t('console.scenarioLoadNamed', { name: s.name })}
              onClick={() =>
                load(
                  fetch(`${base}${scenarioFile(s.name)}`, {
                    cache: 'no-store',
                  }).then((r) => r.json() as Promise<unknown>),
                )
              }
            >
              {t('console.scenarioLoadOne')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Console pane: start a QA plan path (issue 27). Choose the set-up a plan's
 * path names, see what it makes, press Start; then reload and sign in as the
 * user it names. Works on the worker's simulator and on `sim:server`.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { createApiClient } from '../../../api/client.ts';
import {
  PATH_SETUPS,
  SETUP_IDS,
  type PathSetup,
  type SetupId,
} from '../../../config/path-setups.ts';
import { clearSession } from '../../../state/session.ts';
import { useServices } from '../../services-context.tsx';
import { setupLabel, userParts } from '../setup-label.ts';
import { startPath, type Started } from '../start-path.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { ConsoleField } from './console-field.tsx';

/** Start a set-up and say how it went. */
function useStart(bo: RemoteBackOffice) {
  const { backend } = useServices();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Started>();
  const [error, setError] = useState('');
  // Calls as a set-up's user: the app's transport, that user's token, no toasts.
  const asUser = useMemo(
    () => (token: string) =>
      createApiClient({
        transport: backend.transport,
        token: () => token,
        t: () => undefined,
        toast: () => undefined,
        sessionExpired: () => undefined,
      }),
    [backend],
  );
  const reset = () => {
    setDone(undefined);
    setError('');
  };
  const start = async (setup: PathSetup) => {
    setBusy(true);
    reset();
    try {
      setDone(await startPath(setup, { bo, asUser }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, done, error, start, reset };
}

/** What a set-up makes: its users and the flags it needs. */
function SetupDetails({ setup }: { setup: PathSetup }) {
  const { t } = useTranslation();
  return (
    <ul className="console-list" aria-label={t('console.setupMakes')}>
      {Object.values(setup.users).map((u) => (
        <li key={u.email ?? u.phone}>
          {[u.email ?? `+${u.phone ?? ''}`, `${t('login.password')} ${u.password}`]
            .concat(userParts(t, u))
            .join(', ')}
        </li>
      ))}
      {Object.entries(setup.flags).map(([name, on]) => (
        <li key={name}>{t(on ? 'console.flagOn' : 'console.flagOff', { name })}</li>
      ))}
    </ul>
  );
}

/** After Start: who to sign in as, and each user's UID (a loan's guarantor is named by it). */
function StartedNote({ done }: { done: Started | undefined }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      {done && (
        <>
          <p>{t('console.setupReady', { login: done.login, password: done.password })}</p>
          <ul className="console-list">
            {done.users.map((u) => (
              <li key={u.uid}>
                {u.login}: UID {u.uid}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function Paths({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [id, setId] = useState<SetupId>(SETUP_IDS[0] ?? 'withdraw');
  const { busy, done, error, start, reset } = useStart(bo);
  const setup: PathSetup = PATH_SETUPS[id];
  return (
    <>
      <p className="muted">{t('console.setupNote')}</p>
      <div className="console-row">
        <ConsoleField label={t('console.setup')} wide>
          <select
            className="input wide"
            value={id}
            onChange={(e) => {
              setId(e.target.value as SetupId);
              reset();
            }}
          >
            {SETUP_IDS.map((x) => (
              <option key={x} value={x}>
                {setupLabel(t, PATH_SETUPS[x])}
              </option>
            ))}
          </select>
        </ConsoleField>
      </div>
      <SetupDetails setup={setup} />
      <div className="console-row">
        <button
          type="button"
          className="btn primary"
          disabled={busy}
          aria-disabled={busy}
          onClick={() => void start(setup)}
        >
          {busy ? t('common.loading') : t('console.setupStart')}
        </button>
        {done && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              clearSession();
              location.assign(`${import.meta.env.BASE_URL}login`);
            }}
          >
            {t('console.setupReload')}
          </button>
        )}
      </div>
      <StartedNote done={done} />
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

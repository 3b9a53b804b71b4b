/**
 * Live mode: the reviewer enters the operator key (printed by
 * `npm run sim:server` on its first start) once per browser session. The key
 * is tried with a harmless call before it is kept.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { httpBackOffice, OperatorError } from './http-back-office.ts';
import { setOperatorKey } from './operator-session.ts';

export function OperatorKeyForm({ url }: { url: string }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const k = key.trim();
    if (!k) return;
    setBusy(true);
    setError(undefined);
    try {
      await httpBackOffice({ url, key: k }).now();
      setOperatorKey(k);
    } catch (err) {
      setError(
        err instanceof OperatorError && err.status === 401
          ? t('console.keyWrong')
          : err instanceof OperatorError && err.status === 429
            ? t('console.keyLimited')
            : t('console.keyUnreachable'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="console-key" onSubmit={(e) => void submit(e)}>
      <p className="muted">{t('console.keyNote')}</p>
      <label className="field">
        <span className="label">{t('console.key')}</span>
        <input
          className="input"
          type="password"
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={busy || !key.trim()}>
        {t('console.keySubmit')}
      </button>
    </form>
  );
}

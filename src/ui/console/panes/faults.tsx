/**
 * Console pane: faults for the next call (reply code, HTTP status, malformed
 * body, delay), channel drops and freezes, and clearing them all.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallName } from '../../../api/contract.ts';
import { contract } from '../../../api/contract.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run } from './pane-helpers.ts';

const CALLS = Object.keys(contract).sort() as CallName[];

export function Faults({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [call, setCall] = useState<CallName | ''>('');
  const [code, setCode] = useState('1000');
  const [status, setStatus] = useState('500');
  const [delay, setDelay] = useState('15000');
  const which = call ? { call } : {};
  const done = t('console.armed');
  return (
    <>
      <label className="field">
        <span className="label">{t('console.nextCall')}</span>
        <select
          className="select"
          value={call}
          onChange={(e) => setCall(e.target.value as CallName | '')}
        >
          <option value="">{t('console.anyCall')}</option>
          {CALLS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, code: Number(code) }), done)}
        >
          {t('console.forceCode')}
        </button>
      </div>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, status: Number(status) }), done)}
        >
          {t('console.forceStatus')}
        </button>
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, body: '<html>Bad gateway</html>' }), done)}
        >
          {t('console.malformed')}
        </button>
      </div>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.delayMs')}
          value={delay}
          onChange={(e) => setDelay(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.delay({ ...which, ms: Number(delay) }), done)}
        >
          {t('console.delay')}
        </button>
      </div>
      <div className="console-row">
        {(['market', 'exchange'] as const).map((ch) => (
          <span key={ch} className="console-actions">
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.dropChannel(ch), t('console.dropped', { ch }))}
            >
              {t('console.drop', { ch })}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.freezeChannel(ch, true), t('console.frozen', { ch }))}
            >
              {t('console.freeze', { ch })}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.stallChannel(ch, 1), t('console.stalled', { ch }))}
            >
              {t('console.stall', { ch })}
            </button>
            <button
              type="button"
              className="btn ghost"
              // Back to normal: messages flow and new connections open again.
              onClick={() =>
                run(
                  Promise.all([bo.freezeChannel(ch, false), bo.stallChannel(ch, 0)]),
                  t('console.resumed', { ch }),
                )
              }
            >
              {t('console.resume', { ch })}
            </button>
          </span>
        ))}
      </div>
      <button
        type="button"
        className="btn ghost"
        onClick={() => run(bo.clearScenarios(), t('console.cleared'))}
      >
        {t('console.clear')}
      </button>
    </>
  );
}

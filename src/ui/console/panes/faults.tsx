/**
 * Console pane: faults for the next call (reply code, HTTP status, malformed
 * body, delay), channel drops, freezes and stalls, and clearing them all.
 * What is armed is listed: it stays armed across page loads until used up
 * or lifted, so a reviewer who reloads still sees why calls fail.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { CallName } from '../../../api/contract.ts';
import { contract } from '../../../api/contract.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import type { ArmedFaults } from '../../../simulator/back-office.ts';
import { run, useLoad } from './pane-helpers.ts';
import { ConsoleInput } from './console-field.tsx';
import { callLabel, sortedCalls } from '../call-label.ts';

const CALLS = Object.keys(contract) as CallName[];
const CHANNELS = ['market', 'exchange'] as const;

/** One line per armed fault; the channel lines in the console's words, the call lines as rules. */
function Armed({ armed }: { armed: ArmedFaults | undefined }) {
  const { t } = useTranslation();
  if (!armed) return null;
  // A rule for a call the contract does not know (armed through the operator API) keeps its raw name.
  const which = (call: string | undefined) =>
    !call ? t('console.anyCall') : call in contract ? callLabel(t, call) : call;
  const lines = [
    ...armed.frozen.map((ch) => t('console.frozen', { ch })),
    ...CHANNELS.filter((ch) => armed.stalled[ch]).map(
      (ch) => `${t('console.stalled', { ch })} ×${armed.stalled[ch]}`,
    ),
    ...armed.forced.map(
      (r) =>
        `${which(r.call)} → ${r.code ?? (r.status ? `HTTP ${r.status}` : t('console.malformed'))} ×${r.times ?? 1}`,
    ),
    ...armed.delays.map(
      (r) =>
        `${which(r.call)} +${r.ms} ms${r.after ? ` (${t('console.afterHandling')})` : ''} ×${r.times ?? 1}`,
    ),
  ];
  return (
    <section aria-label={t('console.armed')}>
      {lines.length === 0 ? (
        <p className="muted">{t('console.cleared')}</p>
      ) : (
        <ul className="console-list">
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Faults({ bo }: { bo: RemoteBackOffice }) {
  const { t, i18n } = useTranslation();
  const [call, setCall] = useState<CallName | ''>('');
  const [code, setCode] = useState('1000');
  const [status, setStatus] = useState('500');
  const [delay, setDelay] = useState('15000');
  const which = call ? { call } : {};
  const done = t('console.armed');
  const [armed, reload] = useLoad(() => bo.armedFaults(), [bo]);
  // A call uses up what was armed for it: the list follows while the pane is open.
  useEffect(() => {
    const id = setInterval(reload, 2_000);
    return () => clearInterval(id);
  }, [reload]);
  return (
    <>
      <Armed armed={armed} />
      <label className="field">
        <span className="label">{t('console.nextCall')}</span>
        <select
          className="select"
          value={call}
          onChange={(e) => setCall(e.target.value as CallName | '')}
        >
          <option value="">{t('console.anyCall')}</option>
          {sortedCalls(t, CALLS, i18n.language).map(({ call: c, label }) => (
            <option key={c} value={c}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <div className="console-row">
        <ConsoleInput label={t('console.code')} value={code} onValue={setCode} />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, code: Number(code) }), done, reload)}
        >
          {t('console.forceCode')}
        </button>
      </div>
      <div className="console-row">
        <ConsoleInput label={t('console.status')} value={status} onValue={setStatus} />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, status: Number(status) }), done, reload)}
        >
          {t('console.forceStatus')}
        </button>
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() =>
            run(bo.force({ ...which, body: '<html>Bad gateway</html>' }), done, reload)
          }
        >
          {t('console.malformed')}
        </button>
      </div>
      <div className="console-row">
        <ConsoleInput label={t('console.delayMs')} value={delay} onValue={setDelay} />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.delay({ ...which, ms: Number(delay) }), done, reload)}
        >
          {t('console.delay')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.delay({ ...which, ms: Number(delay), after: true }), done, reload)}
        >
          {t('console.delayAfter')}
        </button>
      </div>
      <div className="console-row">
        {CHANNELS.map((ch) => (
          <span key={ch} className="console-actions">
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.dropChannel(ch), t('console.dropped', { ch }), reload)}
            >
              {t('console.drop', { ch })}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.freezeChannel(ch, true), t('console.frozen', { ch }), reload)}
            >
              {t('console.freeze', { ch })}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.stallChannel(ch, 1), t('console.stalled', { ch }), reload)}
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
                  reload,
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
        // Everything: the next calls' rules, and every channel frozen or stalled.
        onClick={() =>
          run(
            Promise.all([
              bo.clearScenarios(),
              ...CHANNELS.flatMap((ch) => [bo.freezeChannel(ch, false), bo.stallChannel(ch, 0)]),
            ]),
            t('console.cleared'),
            reload,
          )
        }
      >
        {t('console.clear')}
      </button>
    </>
  );
}

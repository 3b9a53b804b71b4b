/**
 * Console section: a user's responsible-trading limits (in force, pending
 * with the time each applies, usage this day / week / month, self-exclusion)
 * and lifting a self-exclusion (the back office's responsibleOf and
 * liftSelfExclusion).
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { RT_MONEY_LIMITS, RT_PERIODS, type RtState } from '../../../api/types/responsible.ts';
import { TOAST_MS } from '../../../config/constants.ts';
import { showToast } from '../../../state/toasts.ts';
import { formatDateTime } from '../../format.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run } from './pane-helpers.ts';
import { ConsoleField } from './console-field.tsx';

type Shown = RtState & { selfExcludedUntil: number | null };

/** The limits in force as `key value` lines (money keys, then the minutes). */
function inForce(s: Shown): string[] {
  const lines: string[] = [];
  for (const l of RT_MONEY_LIMITS)
    for (const p of RT_PERIODS) {
      const v = s.limits[l][p];
      if (v !== undefined) lines.push(`${l}.${p} ${v}`);
    }
  if (s.limits.sessionMinutes !== undefined)
    lines.push(`sessionMinutes ${s.limits.sessionMinutes}`);
  if (s.limits.realityCheckMinutes !== undefined)
    lines.push(`realityCheckMinutes ${s.limits.realityCheckMinutes}`);
  return lines;
}

export function Responsible({ bo, uid: own }: { bo: RemoteBackOffice; uid: string | undefined }) {
  const { t } = useTranslation();
  const [uid, setUid] = useState(own ?? '');
  const [shown, setShown] = useState<Shown>();
  const show = () => {
    const id = uid.trim();
    void bo.responsibleOf(id).then(setShown, (e: unknown) => {
      setShown(undefined);
      showToast(e instanceof Error ? e.message : String(e), 'error', TOAST_MS);
    });
  };
  const limits = shown ? inForce(shown) : [];
  return (
    <section className="console-section" aria-label={t('console.rtTitle')}>
      <h3>{t('console.rtTitle')}</h3>
      <div className="console-row">
        <ConsoleField label="UID">
          <input value={uid} onChange={(e) => setUid(e.target.value)} />
        </ConsoleField>
        <button type="button" className="btn" onClick={show}>
          {t('console.rtShow')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.liftSelfExclusion(uid.trim()), t('console.rtLifted'), show)}
        >
          {t('console.rtLift')}
        </button>
      </div>
      {shown && (
        <dl className="console-rt">
          <dt>{t('console.rtLimits')}</dt>
          <dd>{limits.length > 0 ? limits.join(', ') : t('console.rtNone')}</dd>
          <dt>{t('console.rtPending')}</dt>
          <dd>
            {shown.pending.length > 0
              ? shown.pending
                  .map(
                    (c) =>
                      `${c.key} ${c.value ?? t('console.rtNoLimit')} (${formatDateTime(c.appliesAt)})`,
                  )
                  .join(', ')
              : t('console.rtNone')}
          </dd>
          <dt>{t('console.rtUsage')}</dt>
          <dd>
            {RT_MONEY_LIMITS.map(
              (l) => `${l} ${RT_PERIODS.map((p) => shown.usage[l][p]).join(' / ')}`,
            ).join(', ')}
          </dd>
          <dd>
            {shown.selfExcludedUntil !== null
              ? t('console.rtExcluded', { date: formatDateTime(shown.selfExcludedUntil) })
              : t('console.rtNotExcluded')}
          </dd>
          <dd>
            {t('console.rtSettings', {
              hours: shown.coolingOffMs / 3_600_000,
              zone: shown.timezone,
            })}
          </dd>
        </dl>
      )}
    </section>
  );
}

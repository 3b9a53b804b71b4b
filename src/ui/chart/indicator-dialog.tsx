/**
 * The indicator dialog: main and sub indicators as checkboxes, at most 3 of
 * each kind. A fourth is refused with a message and stays unchecked.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { TOAST_MS } from '../../config/constants.ts';
import { MAIN_INDICATORS, SUB_INDICATORS, type IndicatorKind } from './chart-types.ts';
import type { IndicatorSettings } from './indicator-settings.ts';
import { ICONS } from './icons.tsx';

const KINDS: ReadonlyArray<[IndicatorKind, readonly string[]]> = [
  ['main', MAIN_INDICATORS],
  ['sub', SUB_INDICATORS],
];

export function IndicatorButton({ settings }: { settings: IndicatorSettings }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [refusal, setRefusal] = useState('');

  useEffect(() => {
    if (!refusal) return;
    const id = setTimeout(() => setRefusal(''), TOAST_MS);
    return () => clearTimeout(id);
  }, [refusal]);

  const toggle = (kind: IndicatorKind, name: string) => {
    if (settings.toggle(kind, name)) setRefusal('');
    else setRefusal(t(kind === 'main' ? 'chart.max_main' : 'chart.max_sub'));
  };

  return (
    <>
      <button
        type="button"
        className="chart-btn chart-btn-text"
        onClick={() => dialog.current?.showModal()}
        aria-haspopup="dialog"
      >
        {ICONS.indicators}
        <span>{t('chart.indicators')}</span>
      </button>
      <dialog
        ref={dialog}
        className="chart-dialog"
        aria-labelledby={titleId}
        onClose={() => setRefusal('')}
      >
        <header className="chart-dialog-head">
          <h2 id={titleId}>{t('chart.indicators')}</h2>
          <button
            type="button"
            className="chart-btn"
            aria-label={t('chart.close')}
            onClick={() => dialog.current?.close()}
          >
            ✕
          </button>
        </header>
        {KINDS.map(([kind, names]) => (
          <fieldset key={kind} className="chart-fieldset">
            <legend>{t(kind === 'main' ? 'chart.main_indicators' : 'chart.sub_indicators')}</legend>
            <div className="chart-checks">
              {names.map((n) => (
                <label key={n} className="chart-check">
                  <input
                    type="checkbox"
                    checked={(settings.choice[kind] as readonly string[]).includes(n)}
                    onChange={() => toggle(kind, n)}
                  />
                  <span>{t(`chart.indicator_names.${n}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <p className="chart-refusal" role="alert">
          {refusal}
        </p>
      </dialog>
    </>
  );
}

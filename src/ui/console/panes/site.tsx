/**
 * Console pane (simulator mode only): this tab's site settings over the site
 * file, for a QA plan's set-up or a white-label variant a reviewer wants to
 * see without editing a deployment's file. Apply checks the settings with the
 * file's own validator and reloads; a refused value says why and changes
 * nothing. Reset goes back to the file.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { overSiteFile } from '../../../config/site-override.ts';
import { parseSiteConfig } from '../../../config/site.ts';
import { siteOverride } from '../../../state/site-override.ts';
import { writeSiteOverride } from '../../../state/site-override-kept.ts';
import { useServices } from '../../services-context.tsx';
import { overrideOf, SITE_FIELDS, siteForm, type SiteField, type SiteForm } from '../site-form.ts';
import { ConsoleField } from './console-field.tsx';

/** Keep the override (none: back to the file) and start again with it. */
function keepAndReload(over: object | undefined): boolean {
  if (!writeSiteOverride(over)) return false;
  location.reload();
  return true;
}

export function Site() {
  const { t } = useTranslation();
  const { config } = useServices();
  const [form, setForm] = useState<SiteForm>(() => siteForm(config));
  const [refused, setRefused] = useState('');
  // The load that started this page read the file and checked it: it parses.
  const file = useMemo(() => parseSiteConfig(siteOverride.file), []);
  const active = siteOverride.keys;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const over = overrideOf(form, file);
    try {
      overSiteFile(siteOverride.file, over);
    } catch (err) {
      setRefused(
        t('console.siteRefused', { reason: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    if (!keepAndReload(Object.keys(over).length > 0 ? over : undefined))
      setRefused(t('console.siteNotKept'));
  };
  return (
    <form className="console-site" aria-label={t('console.tab_site')} onSubmit={apply} noValidate>
      <p className="muted">{t('console.siteNote')}</p>
      <p role="status" className={active.length > 0 ? 'console-site-active' : undefined}>
        {active.length > 0
          ? t('console.siteActive', { keys: active.join(', ') })
          : t('console.siteNone')}
      </p>
      {SITE_FIELDS.map((f) => (
        <Field
          key={f.name}
          field={f}
          value={form[f.name] ?? ''}
          overridden={active.includes(f.name.split('.')[0] ?? '')}
          onValue={(v) => {
            setRefused('');
            setForm((x) => ({ ...x, [f.name]: v }));
          }}
        />
      ))}
      <p className="muted">{t('console.siteFlagsNote')}</p>
      {refused && (
        <p role="alert" className="field-error">
          {refused}
        </p>
      )}
      <div className="console-row">
        <button type="submit" className="btn primary">
          {t('console.siteApply')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={active.length === 0}
          onClick={() => keepAndReload(undefined) || setRefused(t('console.siteNotKept'))}
        >
          {t('console.siteReset')}
        </button>
      </div>
    </form>
  );
}

/** One setting: its key as the site file names it, its value, what it takes. */
function Field({
  field,
  value,
  overridden,
  onValue,
}: {
  field: SiteField;
  value: string;
  overridden: boolean;
  onValue: (v: string) => void;
}) {
  const { t } = useTranslation();
  const hint = useId();
  const notes = [
    overridden ? t('console.siteThisTab') : '',
    field.kind === 'list' && field.choices
      ? t('console.siteChoices', { choices: field.choices.join(', ') })
      : '',
  ].filter(Boolean);
  const described = notes.length > 0 ? hint : undefined;
  return (
    <div className="console-site-field">
      {field.kind === 'check' ? (
        <label className="check">
          <input
            type="checkbox"
            checked={value === 'on'}
            aria-describedby={described}
            onChange={(e) => onValue(e.target.checked ? 'on' : '')}
          />
          {field.name}
        </label>
      ) : (
        <ConsoleField label={field.name} wide>
          {field.kind === 'choice' ? (
            <select
              className="input"
              value={value}
              aria-describedby={described}
              onChange={(e) => onValue(e.target.value)}
            >
              {field.choices?.map((c) => (
                <option key={c} value={String(c)}>
                  {c}
                </option>
              ))}
            </select>
          ) : (
            <input
              className="input"
              value={value}
              inputMode={field.kind === 'number' ? 'numeric' : undefined}
              aria-describedby={described}
              onChange={(e) => onValue(e.target.value)}
            />
          )}
        </ConsoleField>
      )}
      {described && (
        <small id={hint} className="muted">
          {notes.join(' · ')}
        </small>
      )}
    </div>
  );
}

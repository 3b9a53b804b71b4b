/**
 * The console Site pane's form (panes/site.tsx) as text, and back: each
 * overridable site setting (config/site-override.ts) as the field shows it,
 * and the override the fields make, holding only what differs from the site
 * file. Typed text is kept as typed where it is no value of its kind ("abc"
 * for a number), so the file's validator names it instead of a guess.
 */
import {
  DEPOSIT_TYPES,
  LANGUAGES,
  responsibleOn,
  TEMPLATES,
  TRADE_MODES,
  TRADE_TYPES,
  VERIFICATIONS,
  WITHDRAW_TYPES,
  type SiteConfig,
} from '../../config/site.ts';
import type { SiteOverride, SiteOverrideKey } from '../../config/site-override.ts';

export type FieldKind = 'check' | 'choice' | 'list' | 'number' | 'text';

export interface SiteField {
  /** The site file's key (a dotted path inside `colors` and `responsibleTrading`). */
  name: string;
  kind: FieldKind;
  /** What a choice or a list takes. */
  choices?: readonly (string | number)[];
}

/** The fields, the plans' set-ups first (responsible trading, reality check, deposit and withdraw). */
export const SITE_FIELDS: readonly SiteField[] = [
  { name: 'responsibleTrading', kind: 'check' },
  { name: 'responsibleTrading.coolingOffHours', kind: 'number' },
  { name: 'realityCheckMinutes', kind: 'number' },
  { name: 'depositTypes', kind: 'list', choices: DEPOSIT_TYPES },
  { name: 'withdrawTypes', kind: 'list', choices: WITHDRAW_TYPES },
  { name: 'verification', kind: 'choice', choices: VERIFICATIONS },
  { name: 'languages', kind: 'list', choices: LANGUAGES },
  { name: 'defaultLanguage', kind: 'choice', choices: LANGUAGES },
  { name: 'template', kind: 'choice', choices: TEMPLATES },
  { name: 'defaultTradeMode', kind: 'choice', choices: TRADE_MODES },
  { name: 'tradeOrder', kind: 'list', choices: TRADE_TYPES },
  { name: 'bannerCount', kind: 'number' },
  { name: 'timezone', kind: 'text' },
  { name: 'colors.up', kind: 'text' },
  { name: 'colors.down', kind: 'text' },
  { name: 'siteName', kind: 'text' },
  { name: 'serviceEmail', kind: 'text' },
];

/** The form: each field's text ('on' or '' for the check). */
export type SiteForm = Record<string, string>;

const COOLING = 'responsibleTrading.coolingOffHours';

/** The settings as the fields show them. */
export function siteForm(cfg: SiteConfig): SiteForm {
  const rt = cfg.responsibleTrading;
  const form: SiteForm = {
    responsibleTrading: responsibleOn(cfg) ? 'on' : '',
    [COOLING]: typeof rt === 'object' ? String(rt.coolingOffHours ?? '') : '',
    realityCheckMinutes: String(cfg.realityCheckMinutes ?? 0),
    'colors.up': cfg.colors.up,
    'colors.down': cfg.colors.down,
  };
  for (const f of SITE_FIELDS)
    if (!(f.name in form)) {
      const v = cfg[f.name as keyof SiteConfig];
      form[f.name] = Array.isArray(v) ? v.join(', ') : String(v);
    }
  return form;
}

/** A number, or the text as typed when it is none. */
const numberOf = (text: string): number | string => {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
};

/** What each setting is when absent from the file: an override equal to it changes nothing. */
const ABSENT: Partial<Record<SiteOverrideKey, unknown>> = {
  realityCheckMinutes: 0,
  responsibleTrading: false,
};

const same = (key: SiteOverrideKey, a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? ABSENT[key]) === JSON.stringify(b ?? ABSENT[key]);

/** The override the form makes over the file: the settings that differ from it. */
export function overrideOf(form: SiteForm, file: SiteConfig): SiteOverride {
  const text = (name: string) => (form[name] ?? '').trim();
  const hours = text(COOLING);
  const values: Record<string, unknown> = {
    responsibleTrading:
      form.responsibleTrading !== 'on'
        ? false
        : hours
          ? { coolingOffHours: numberOf(hours) }
          : true,
    colors: { up: text('colors.up'), down: text('colors.down') },
  };
  for (const f of SITE_FIELDS) {
    if (f.name.includes('.') || f.name in values) continue;
    const t = text(f.name);
    const list = t.split(/[\s,]+/).filter(Boolean);
    values[f.name] =
      f.kind === 'number'
        ? numberOf(t)
        : f.kind !== 'list'
          ? t
          : f.name === 'tradeOrder'
            ? list.map(numberOf)
            : list;
  }
  const over: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values))
    if (!same(key as SiteOverrideKey, v, file[key as keyof SiteConfig])) over[key] = v;
  return over as SiteOverride;
}

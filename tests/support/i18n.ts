/** Lookups for tests, straight from the locale files the app uses. */
import { readFileSync } from 'node:fs';

// Read, not imported: Playwright's Node loader (tests/e2e/ui-paths.spec.ts) takes no JSON modules.
const load = (lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/locales/${lang}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

const en = load('en');

/** Every text of a language by its dotted key (`chart.trades` → "Trades on the chart"). */
export function texts(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (t: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(t)) {
      if (typeof v === 'string') out.set(prefix + k, v);
      else if (typeof v === 'object' && v !== null)
        walk(v as Record<string, unknown>, `${prefix}${k}.`);
    }
  };
  walk(load(lang), '');
  return out;
}

function lookup(dict: Record<string, unknown>, key: string): string | undefined {
  let v: unknown = dict;
  for (const part of key.split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return typeof v === 'string' ? v : undefined;
}

/** English text of a key. */
export function t(key: string): string | undefined {
  return lookup(en, key);
}

/** The languages a test may run the app in. */
export type Lang = 'en' | 'ja';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of one language: `say(key, vars?)` is the text the app shows
 * (i18next's {{name}} filled in); `sayLike(key, vars)` matches it where a value
 * varies, each var given as a regular expression's source, anchored unless
 * `partial`. A key missing from the file throws, so a renamed key fails loudly.
 */
export function words(lang: Lang) {
  const dict = lang === 'en' ? en : load(lang);
  const text = (key: string) => {
    const s = lookup(dict, key);
    if (s === undefined) throw new Error(`no ${lang} text for ${key}`);
    return s;
  };
  const say = (key: string, vars: Record<string, string | number> = {}): string =>
    text(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
  const sayLike = (key: string, vars: Record<string, string> = {}, partial = false): RegExp => {
    const parts = text(key).split(/\{\{(\w+)\}\}/);
    const src = parts.map((p, i) => (i % 2 ? `(${vars[p] ?? '.+?'})` : escape(p))).join('');
    return new RegExp(partial ? src : `^${src}$`);
  };
  return { say, sayLike };
}

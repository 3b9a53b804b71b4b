/** English lookups for tests, straight from the locale file the app uses. */
import en from '../../src/i18n/locales/en.json';

export function t(key: string): string | undefined {
  let v: unknown = en;
  for (const part of key.split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return typeof v === 'string' ? v : undefined;
}

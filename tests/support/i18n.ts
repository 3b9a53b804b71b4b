/** English lookups for tests, straight from the locale file the app uses. */
import { readFileSync } from 'node:fs';

// Read, not imported: Playwright's Node loader (tests/e2e/ui-paths.spec.ts) takes no JSON modules.
const en = JSON.parse(
  readFileSync(new URL('../../src/i18n/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

export function t(key: string): string | undefined {
  let v: unknown = en;
  for (const part of key.split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return typeof v === 'string' ? v : undefined;
}

/**
 * Every literal key the views translate, and every message key the machines'
 * validation returns, has English text: a missing one would show its key.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { t } from '../support/i18n.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('English texts', () => {
  it('cover every t("…") key used by the views', () => {
    const missing = new Set<string>();
    for (const f of files('src/ui')) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) {
        const key = m[1] as string;
        if (!t(key)) missing.add(`${key} (${f})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("cover every message key the machines' rules return", () => {
    const missing = new Set<string>();
    for (const f of files('src/machines/validation')) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(
        /(?:return|\?|:)\s*'([a-z][A-Za-z0-9_.]*_(?:rule|limit|empty|code|email|number|name|card|amount|price|proof|agreement|password|username|guarantor|zero|first|reject|nickname|address|network|account|front|reverse|avatar)|index\.[a-z_]+|[a-z]+_rule)'/g,
      )) {
        const key = m[1] as string;
        if (!t(key)) missing.add(`${key} (${f})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

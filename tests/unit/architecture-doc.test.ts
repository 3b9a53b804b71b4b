/**
 * docs/architecture.md stays a true map: every repository path it names in
 * backticks exists, and every flow folder (src/machines/<flow>/,
 * src/ui/flows/<flow>/, tests/flows/<flow>/) has its row in "Where a flow
 * lives", so a flow added or moved without the map fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOC = readFileSync('docs/architecture.md', 'utf8');
const ROOTS = /^(src|tests|scripts|docs|eslint-rules|bench)\//;

/** Paths written as `src/...` (a trailing slash names a folder). */
function namedPaths(): string[] {
  const out = new Set<string>();
  for (const m of DOC.matchAll(/`([^`\s]+)`/g)) {
    const p = m[1]!;
    if (ROOTS.test(p) && !p.includes('<')) out.add(p);
  }
  return [...out];
}

const dirs = (root: string) =>
  readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory());

/** The flows table: its rows' cells, backticks removed. */
function tableCells(): string {
  const start = DOC.indexOf('## Where a flow lives');
  const end = DOC.indexOf('\n## ', start + 1);
  return DOC.slice(start, end);
}

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter((p) => !existsSync(p.replace(/\/$/, '')));
    expect(missing).toEqual([]);
  });

  it('has a row for every flow folder in every layer', () => {
    const table = tableCells();
    const notFlows = new Set(['shared', 'validation']);
    const folders = [
      ...dirs('src/machines')
        .filter((d) => !notFlows.has(d))
        .map((d) => `src/machines/${d}/`),
      ...dirs('src/machines/shared').map((d) => `src/machines/shared/${d}/`),
      ...dirs('src/ui/flows').map((d) => `src/ui/flows/${d}/`),
      ...dirs('tests/flows').map((d) => `tests/flows/${d}/`),
    ];
    expect(folders.length).toBeGreaterThan(60);
    expect(folders.filter((f) => !table.includes(`\`${f}\``))).toEqual([]);
  });
});

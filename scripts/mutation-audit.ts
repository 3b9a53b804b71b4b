/**
 * `npx tsx scripts/mutation-audit.ts [--only ROW,…] [--list] [--timeout SECONDS] [--copy]`:
 * does each `works` row of docs/conformance.md really name a unit test that
 * fails when its rule breaks? For every mutation of scripts/mutations/ (one
 * small change in src/ that breaks exactly one row's rule) it applies the
 * change, runs only that row's cited unit test files (one vitest run), puts
 * the file back, and prints row / mutation / verdict:
 *
 * - `caught`: a test the row cites failed;
 * - `caught elsewhere`: only a test the row does not cite failed (the row
 *   should cite it);
 * - `SURVIVED`: every test passed.
 *
 * `npm test` runs it (`--copy`, niced beside e2e), so a change that weakens
 * a cited test, or a rule's code that a test no longer pins, fails the suite.
 * About 1.5 s a mutation. The original text is written back in a `finally` and on SIGINT / SIGTERM, so a
 * crash or Ctrl-C never leaves a mutation in the tree. The cited files are
 * first run once unmutated: a failure there would make every mutation look
 * caught, so the audit stops; so it does when a mutation names a row that is
 * not `works` or a file the row does not cite. Exit code 1 unless every
 * mutation is `caught`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readRows } from '../tests/support/conformance-table.ts';
import { MUTATIONS, type Mutation } from './mutations/index.ts';

const repo = path.resolve(import.meta.dirname, '..');
const vitest = path.join(repo, 'node_modules', '.bin', 'vitest');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    list: { type: 'boolean', default: false },
    timeout: { type: 'string', default: '300' },
    copy: { type: 'boolean', default: false },
  },
});

/** What is not copied: installed, built or written by runs. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'test-results', 'bench-results']);

/**
 * `--copy` (npm test): the mutations are made in a copy of the tree, never in
 * the checkout, so the e2e step beside it (its live servers load src/ as they
 * start) never sees one.
 */
function copyTree(): string {
  const to = mkdtempSync(path.join(tmpdir(), 'mutation-audit-tree-'));
  cpSync(repo, to, {
    recursive: true,
    filter: (src) => !NOT_COPIED.has(path.relative(repo, src).split(path.sep)[0] ?? ''),
  });
  symlinkSync(path.join(repo, 'node_modules'), path.join(to, 'node_modules'), 'dir');
  process.on('exit', () => rmSync(to, { recursive: true, force: true }));
  return to;
}
const root = args.copy ? copyTree() : repo;
const timeoutMs = Number(args.timeout) * 1000;
if (!(timeoutMs > 0)) {
  console.error('--timeout takes a number of seconds');
  process.exit(2);
}
const only = args.only?.split(',').map((s) => s.trim());
const chosen = MUTATIONS.filter((m) => !only || only.includes(m.row));
if (chosen.length === 0) {
  console.error(`no mutation for ${args.only}`);
  process.exit(2);
}

/** Each row's cited unit tests: file → the titles cited in it. */
const rows = new Map(
  readRows(readFileSync(path.join(root, 'docs/conformance.md'), 'utf8')).map((r) => {
    const cited = new Map<string, string[]>();
    for (const ref of r.refs) {
      const at = ref.indexOf('::');
      const file = ref.slice(0, at);
      if (file.startsWith('tests/unit/'))
        cited.set(file, [...(cited.get(file) ?? []), ref.slice(at + 2)]);
    }
    return [r.id, { status: r.status, cited }];
  }),
);
for (const m of chosen) {
  const row = rows.get(m.row);
  const stray = m.tests.filter((f) => !row?.cited.has(f));
  if (row?.status !== 'works' || stray.length > 0) {
    console.error(
      `${m.row} (${m.what}): not a works row citing ${stray.join(' ') || m.tests.join(' ')}`,
    );
    process.exit(2);
  }
}

/** A cited title as a pattern: template holes (`${x}`, %s, %i…) match anything. */
const titlePattern = (title: string) =>
  new RegExp(
    `^${title
      .split(/\$\{[^}]*\}|%[sdifjo#%]/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** The file currently mutated and its original text, put back whatever happens. */
let applied: { file: string; text: string } | undefined;
/** The vitest run in progress, ended with the audit. */
let child: ChildProcess | undefined;
const restore = () => {
  if (applied) writeFileSync(applied.file, applied.text);
  applied = undefined;
};
// Every wait below is asynchronous, so a signal is handled at once, mid-run.
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    restore();
    child?.kill('SIGKILL');
    process.exit(130);
  });
}
process.on('exit', restore);

/** A failed test: its file (relative) and its titles, outermost describe first. */
interface Failed {
  file: string;
  titles: string[];
}
type Run = { failed: Failed[] } | 'timed out';

const out = mkdtempSync(path.join(tmpdir(), 'mutation-audit-'));
process.on('exit', () => rmSync(out, { recursive: true, force: true }));

interface JsonReport {
  testResults?: {
    name: string;
    status: string;
    assertionResults?: { status: string; title: string; ancestorTitles: string[] }[];
  }[];
}

/** The failures of a vitest JSON report (a file that failed to load counts as a whole). */
function failures(report: JsonReport): Failed[] {
  return (report.testResults ?? []).flatMap((f) => {
    const file = path.relative(root, f.name);
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failed.length === 0 && f.status === 'failed') return [{ file, titles: [] }];
    return failed.map((a) => ({ file, titles: [...a.ancestorTitles, a.title] }));
  });
}

/** One vitest run of the given files. */
function run(files: readonly string[]): Promise<Run> {
  const report = path.join(out, 'report.json');
  rmSync(report, { force: true });
  return new Promise((resolve) => {
    const c = spawn(vitest, ['run', '--reporter=json', `--outputFile=${report}`, ...files], {
      cwd: root,
      stdio: 'ignore',
    });
    child = c;
    const timer = setTimeout(() => {
      c.kill('SIGKILL');
      resolve('timed out');
    }, timeoutMs);
    const done = (code: number | null) => {
      clearTimeout(timer);
      child = undefined;
      let failed: Failed[];
      try {
        failed = failures(JSON.parse(readFileSync(report, 'utf8')) as JsonReport);
      } catch {
        // No report: vitest itself failed (a syntax error the mutation made, say).
        failed = [{ file: '', titles: [] }];
      }
      resolve({ failed: code === 0 ? [] : failed });
    };
    c.on('error', () => done(1));
    c.on('exit', done);
  });
}

type Verdict = 'caught' | 'caught elsewhere' | 'SURVIVED' | 'search text not found' | 'timed out';

/** Did a test the row cites fail (by its own title or a describe around it)? */
function byCited(m: Mutation, failed: readonly Failed[]): boolean {
  const cited = rows.get(m.row)?.cited;
  return failed.some((f) => {
    const titles = cited?.get(f.file) ?? [];
    return titles.some((t) => f.titles.some((x) => titlePattern(t).test(x)));
  });
}

async function audit(m: Mutation): Promise<Verdict> {
  const file = path.join(root, m.file);
  if (!existsSync(file)) return 'search text not found';
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(m.search);
  if (at < 0 || text.indexOf(m.search, at + 1) >= 0) return 'search text not found';
  applied = { file, text };
  try {
    writeFileSync(file, text.slice(0, at) + m.replace + text.slice(at + m.search.length));
    const r = await run(m.tests);
    if (r === 'timed out') return r;
    if (r.failed.length === 0) return 'SURVIVED';
    return byCited(m, r.failed) ? 'caught' : 'caught elsewhere';
  } finally {
    restore();
  }
}

if (args.list) {
  for (const m of chosen) console.log(`${m.row}\t${m.what}\t${m.file}\t${m.tests.join(' ')}`);
  process.exit(0);
}

const cited = [...new Set(chosen.flatMap((m) => m.tests))];
const base = await run(cited);
if (base === 'timed out' || base.failed.length > 0) {
  console.error(`the cited tests fail without any mutation: ${cited.join(' ')}`);
  process.exit(1);
}

const width = Math.max(...chosen.map((m) => m.what.length));
console.log(`${'row'.padEnd(7)} ${'mutation'.padEnd(width)} caught?`);
let bad = 0;
for (const m of chosen) {
  const v = await audit(m);
  if (v !== 'caught') bad++;
  console.log(`${m.row.padEnd(7)} ${m.what.padEnd(width)} ${v}`);
}
console.log(`\n${chosen.length - bad} of ${chosen.length} mutations caught`);
process.exit(bad ? 1 : 0);

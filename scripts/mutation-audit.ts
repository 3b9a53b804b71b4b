/**
 * `npx tsx scripts/mutation-audit.ts [--only ROW,…] [--list] [--timeout SECONDS]`:
 * does each `works` row of docs/conformance.md really have a unit test that
 * fails when its rule breaks? For every mutation of scripts/mutations/ (one
 * small change in src/ that breaks exactly one row's rule) it applies the
 * change, runs only the cited unit test files (one vitest run), puts the
 * file back, and prints row / mutation / caught. Not part of `npm test`: it
 * is a audit of the tests, about 5 s a mutation.
 *
 * The original text is written back in a `finally` and on SIGINT / SIGTERM,
 * so a crash or Ctrl-C never leaves a mutation in the tree. The cited files
 * are first run once unmutated: a failure there would make every mutation
 * look caught, so the audit stops. Exit code 1 when a mutation survived or
 * its search text is not in its file (the source moved: update the data).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MUTATIONS, type Mutation } from './mutations/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    list: { type: 'boolean', default: false },
    timeout: { type: 'string', default: '300' },
  },
});
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

type Run = 'passed' | 'failed' | 'timed out';

/** One vitest run of the given files. */
function run(files: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    const c = spawn(vitest, ['run', '--reporter=dot', ...files], { cwd: root, stdio: 'ignore' });
    child = c;
    const timer = setTimeout(() => {
      c.kill('SIGKILL');
      resolve('timed out');
    }, timeoutMs);
    c.on('error', () => resolve('failed'));
    c.on('exit', (code) => {
      clearTimeout(timer);
      child = undefined;
      resolve(code === 0 ? 'passed' : 'failed');
    });
  });
}

type Verdict = 'caught' | 'SURVIVED' | 'search text not found' | 'timed out';

async function audit(m: Mutation): Promise<Verdict> {
  const file = path.join(root, m.file);
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(m.search);
  if (at < 0 || text.indexOf(m.search, at + 1) >= 0) return 'search text not found';
  applied = { file, text };
  try {
    writeFileSync(file, text.slice(0, at) + m.replace + text.slice(at + m.search.length));
    const r = await run(m.tests);
    return r === 'timed out' ? r : r === 'passed' ? 'SURVIVED' : 'caught';
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
if (base !== 'passed') {
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

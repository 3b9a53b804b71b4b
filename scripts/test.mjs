/**
 * `npm test`: everything, in order, stopping at the first failure:
 * typecheck, lint, format check, unit + simulator + machine path tests (vitest),
 * then the Playwright e2e suite on a production build.
 * Ends with one line "N passed, N failed" counting every test run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
for (const f of [
  'test-results/vitest.json',
  'test-results/vitest-paths.json',
  'test-results/playwright.json',
])
  rmSync(f, { force: true });
const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  [
    'unit',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=test-results/vitest.json',
    ],
  ],
  ['paths', 'node', ['scripts/paths.mjs']],
  ['e2e', 'node', ['scripts/e2e.mjs']],
];

function counts() {
  let passed = 0;
  let failed = 0;
  for (const f of ['test-results/vitest.json', 'test-results/vitest-paths.json']) {
    if (!existsSync(f)) continue;
    const v = JSON.parse(readFileSync(f, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  }
  if (existsSync('test-results/playwright.json')) {
    const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
    passed += p.stats?.expected ?? 0;
    failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  }
  return { passed, failed };
}

let status = 0;
for (const [name, cmd, args] of steps) {
  if (name === 'paths' && !existsSync('scripts/paths.mjs')) continue;
  console.log(`\n── ${name} ──`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  console.log(
    `── ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) {
    status = r.status ?? 1;
    break;
  }
}
const { passed, failed } = counts();
console.log(`\n${passed} passed, ${failed + (status && !failed ? 1 : 0)} failed`);
process.exit(status);

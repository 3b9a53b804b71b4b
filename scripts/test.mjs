/**
 * `npm test`: everything, stopping at the first failure: the static checks
 * (typecheck, lint, format check) side by side, then unit + simulator + machine
 * path tests (vitest), then the Playwright e2e suite on a production build.
 * Ends with one line "N passed, N failed" counting every test run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
for (const f of [
  'test-results/vitest.json',
  'test-results/vitest-paths.json',
  'test-results/playwright.json',
])
  rmSync(f, { force: true });
// Single-threaded each, so on two cores they take the time of the longest.
const checks = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
];
const steps = [
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

/** Runs the checks at once; each one's output is printed whole when it ends. */
async function staticChecks() {
  const t0 = Date.now();
  const results = await Promise.all(
    checks.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: process.env });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code) => {
            const s = ((Date.now() - t0) / 1000).toFixed(1);
            process.stdout.write(`\n── ${name} ──\n${Buffer.concat(out).toString()}`);
            console.log(`── ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${s} s`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  return results.find((c) => c !== 0) ?? 0;
}

let status = await staticChecks();
for (const [name, cmd, args] of status ? [] : steps) {
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

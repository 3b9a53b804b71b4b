/**
 * `npm run test:paths [-- --plan FILE] [-- --only NAME]`: runs every machine's
 * generated paths against the simulator, prints coverage per machine, and fails
 * when any machine is below 100% of its states or transitions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const env = { ...process.env };
const planAt = args.indexOf('--plan');
if (planAt >= 0) env.PATHS_PLAN = args[planAt + 1];
const onlyAt = args.indexOf('--only');
if (onlyAt >= 0) env.PATHS_ONLY = args[onlyAt + 1];

rmSync('test-results/paths-coverage.json', { force: true });
const r = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.paths.config.ts', '--reporter=dot', '--reporter=json', '--outputFile=test-results/vitest-paths.json'],
  { stdio: 'inherit', env },
);
if (!existsSync('test-results/paths-coverage.json')) {
  console.error('No coverage was recorded.');
  process.exit(r.status || 1);
}
const rows = JSON.parse(readFileSync('test-results/paths-coverage.json', 'utf8'));
const pct = (c) => (c.total ? Math.floor((100 * c.covered) / c.total) : 100);
const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${pad('machine', 28)}${pad('states', 16)}${pad('transitions', 18)}paths run`);
let below = 0;
for (const row of rows) {
  const full = row.states.covered === row.states.total && row.transitions.covered === row.transitions.total;
  if (!full) below++;
  console.log(
    `${pad(row.machine, 28)}${pad(`${row.states.covered}/${row.states.total} (${pct(row.states)}%)`, 16)}${pad(
      `${row.transitions.covered}/${row.transitions.total} (${pct(row.transitions)}%)`,
      18,
    )}${row.paths}${row.failed ? ` (${row.failed} failed)` : ''}`,
  );
  if (!full) {
    for (const s of row.missingStates) console.log(`    missing state: ${s}`);
    for (const t of row.missingTransitions) console.log(`    missing transition: ${t}`);
  }
}
if (env.PATHS_PLAN) console.log(`\nTest plan written to ${env.PATHS_PLAN}`);
if (below && onlyAt < 0) console.error(`\n${below} machine(s) below 100% coverage.`);
process.exit(r.status || (below && onlyAt < 0 ? 1 : 0));

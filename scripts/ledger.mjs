/**
 * `npm run test:ledger -- --runs 100000 [--seed N]`: the ledger property test
 * (tests/unit/simulator/trading/ledger.property.test.ts) with as many random
 * sequences as asked (CI runs 1,000), no per-test time limit, and the time it took.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 100_000);
const seed = arg('--seed');
const t0 = Date.now();
const r = spawnSync(
  'npx',
  ['vitest', 'run', 'tests/unit/simulator/trading/ledger.property.test.ts', '--testTimeout=0'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      PROPERTY_RUNS: String(runs),
      ...(seed !== undefined ? { PROPERTY_SEED: seed } : {}),
    },
  },
);
console.log(`\n${runs} sequences in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(r.status ?? 1);

/**
 * `npm run test:walk -- --minutes N --seed S [--live] [--phone|--desktop] [--steps K]`:
 * the walker (tests/walker/walk.ts) for as long as asked, in one
 * configuration; a failure is shrunk and printed as a QA plan with the
 * values that replay it (`--path P --replay R` with the same seed).
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const has = (name) => args.includes(`--${name}`);
const env = {
  ...process.env,
  WALK_MINUTES: opt('minutes') ?? '5',
  WALK_VIEWPORT: has('phone') ? 'phone' : has('desktop') ? 'desktop' : 'phone,desktop',
};
if (opt('seed')) env.WALK_SEED = opt('seed');
if (opt('steps')) env.WALK_STEPS = opt('steps');
if (opt('path')) env.WALK_PATH = opt('path');
if (opt('replay')) env.WALK_REPLAY = opt('replay');
if (has('verbose')) env.WALK_VERBOSE = '1';

ensureChromium();
if (!process.env.E2E_SKIP_BUILD) {
  const b = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    'tests/e2e/walker.spec.ts',
    `--project=${has('live') ? 'live' : 'chromium'}`,
    '--workers=1',
    '--reporter=line',
  ],
  { stdio: 'inherit', env },
);
process.exit(r.status ?? 1);

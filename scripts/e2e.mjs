/** `npm run test:e2e`: Chromium from Debian, a production build, then Playwright. Extra args go to Playwright. */
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureHeadlessShell, ensureHeifEnc } from './ensure-chromium.mjs';

ensureChromium();
ensureHeadlessShell();
ensureHeifEnc();
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!process.env.E2E_SKIP_BUILD) run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);

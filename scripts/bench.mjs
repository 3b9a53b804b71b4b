/** `npm run bench`: see bench/run.ts. */
import { spawnSync } from 'node:child_process';
const r = spawnSync('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);

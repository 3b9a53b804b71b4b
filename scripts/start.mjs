/** `npm start`: a production build served on localhost, on the built-in simulator. */
import { spawn, spawnSync } from 'node:child_process';

const port = process.env.PORT ?? '4173';
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`\nTrader is running on the built-in simulator: http://127.0.0.1:${port}/\n`);
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', port], {
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));

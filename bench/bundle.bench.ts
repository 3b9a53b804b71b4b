/** The first route's JavaScript, gzipped: the entry script and every chunk it preloads. */
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { BenchResult } from './types.ts';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

export async function run(): Promise<BenchResult[]> {
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  const html = readFileSync('dist/index.html', 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ]
    .map((m) => m[1] as string)
    .map((src) => path.join('dist', src.replace(/^\//, '')));
  const first = scripts.reduce((s, f) => s + gz(f), 0);
  const assets = readdirSync('dist/assets').filter((f) => f.endsWith('.js'));
  const chunk = (re: RegExp) =>
    assets.filter((f) => re.test(f)).reduce((s, f) => s + gz(path.join('dist/assets', f)), 0);
  return [
    {
      name: "first route's JavaScript (gzip)",
      value: first,
      unit: 'KB',
      max: 150,
      note: `${scripts.length} file(s)`,
    },
    { name: 'simulator worker (gzip, separate chunk)', value: chunk(/^worker/), unit: 'KB' },
    { name: 'all JavaScript (gzip)', value: chunk(/./), unit: 'KB' },
  ];
}

/**
 * The first route's JavaScript, gzipped: the entry script, every chunk it
 * preloads, and the simulator worker the first route starts: its entry and
 * every chunk that entry imports statically (the worker evaluates them all
 * before it answers anything). A chunk the page and the worker both load
 * (build/worker-in-app.ts) counts once: the browser fetches it once. The
 * worker's lazy chunks (import() inside it) load beside the first quotes and
 * are reported on their own line.
 */
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { BenchResult } from './types.ts';

const OUT = process.env.BUNDLE_DIST ?? 'dist';
const ASSETS = path.join(OUT, 'assets');
const pageScripts = (out: string): string[] => {
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  return [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ]
    .map((m) => m[1] as string)
    .map((src) => path.join(out, src.replace(/^\//, '')));
};
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(f), 0);

/** Sibling chunks a built chunk imports: statically (`from"./x.js"`, `import"./x.js"`) or with import(). */
function imports(file: string, kind: 'static' | 'dynamic'): string[] {
  const js = readFileSync(file, 'utf8');
  const re =
    kind === 'static'
      ? /(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g
      : /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;
  return [...js.matchAll(re)].map((m) => path.join(path.dirname(file), m[1] as string));
}

/** A chunk and everything it imports statically, transitively. */
function closure(entry: string, into = new Set<string>()): Set<string> {
  if (into.has(entry)) return into;
  into.add(entry);
  for (const f of imports(entry, 'static')) closure(f, into);
  return into;
}

export async function run(): Promise<BenchResult[]> {
  if (!process.env.BUNDLE_DIST) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  const page = pageScripts(OUT);
  // The worker's entry is the one script the page names as a worker's URL.
  const named = page
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\b(worker-[\w-]+\.js)\b/g)])
    .map((m) => path.join(ASSETS, m[1] as string));
  const workerEntry = named[0];
  if (!workerEntry) throw new Error('bundle bench: no worker script named by the first route');
  const worker = closure(workerEntry);
  const lazy = new Set<string>();
  for (const f of worker)
    for (const d of imports(f, 'dynamic')) if (!worker.has(d)) closure(d, lazy);
  for (const f of worker) lazy.delete(f);

  const workerOwn = [...worker].filter((f) => !page.includes(f));
  const first = sum(page) + sum(workerOwn);
  const assets = readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(ASSETS, f));
  return [
    {
      name: "first route's JavaScript (gzip)",
      value: first,
      unit: 'KB',
      max: 150,
      note: `${page.length} page file(s) ${sum(page).toFixed(1)} KB + worker ${workerOwn.length} file(s) of its own ${sum(workerOwn).toFixed(1)} KB (${worker.size - workerOwn.length} shared with the page)`,
    },
    {
      name: "simulator worker's lazy chunks (gzip)",
      value: sum(lazy),
      unit: 'KB',
      note: `${lazy.size} file(s), loaded beside the first quotes`,
    },
    { name: 'all JavaScript (gzip)', value: sum(assets), unit: 'KB' },
  ];
}

/**
 * Bytes per route (issue 31 item 4): the first route's files (what index.html
 * names), then, for each chunk loaded with import() from them or from a chunk
 * so loaded (each lazy screen is one, reached through the screens' loaders
 * chunk, ui/screen-loaders.ts; as are panels, the chart's panel and locales),
 * the JavaScript it adds beyond the first route, gzipped, by chunk name,
 * largest first.
 */
export function routeBytes(out: string): Array<{ name: string; kb: number; files: number }> {
  const first = new Set<string>();
  for (const f of pageScripts(out)) closure(f, first);
  const rows = [{ name: 'first route (index.html)', kb: sum(first), files: first.size }];
  const seen = new Set<string>();
  // Breadth first over import(), bounded by the build's own chunks (each is seen once).
  const todo = [...first];
  while (todo.length) {
    const f = todo.shift() as string;
    for (const d of imports(f, 'dynamic')) {
      if (first.has(d) || seen.has(d)) continue;
      seen.add(d);
      const own = [...closure(d)].filter((x) => !first.has(x));
      rows.push({
        name: path.basename(d).replace(/-[\w-]{8}\.js$/, ''),
        kb: sum(own),
        files: own.length,
      });
      todo.push(...own);
    }
  }
  const [head, ...rest] = rows;
  return [head as (typeof rows)[number], ...rest.sort((a, b) => b.kb - a.kb)];
}

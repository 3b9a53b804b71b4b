/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command
 * line), prints each figure against its budget, and saves bench-results/latest.json.
 * Budgets are reported, not enforced by timed tests.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

const all: Array<BenchResult & { bench: string; ok: boolean }> = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { run: Bench };
  console.log(`\n▶ ${f}`);
  const results = await mod.run();
  for (const r of results) {
    const ok =
      (r.max === undefined || r.value <= r.max) && (r.min === undefined || r.value >= r.min);
    const budget = [
      r.min !== undefined ? `≥ ${r.min}` : '',
      r.max !== undefined ? `≤ ${r.max}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    console.log(
      `  ${ok ? '✓' : '✗'} ${r.name.padEnd(52)} ${String(Number(r.value.toFixed(2))).padStart(10)} ${r.unit.padEnd(8)} ${budget ? `budget ${budget}` : ''}${r.note ? `  (${r.note})` : ''}`,
    );
    all.push({ ...r, bench: f, ok });
  }
}
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify({ at: new Date().toISOString(), results: all }, null, 2),
);
const over = all.filter((r) => !r.ok);
console.log(`\n${all.length - over.length} within budget, ${over.length} over budget`);
// A broken budget fails the run, so CI or a pre-release check can rely on it.
if (over.length) {
  for (const r of over)
    console.error(
      `over budget: ${r.name} ${r.value} ${r.unit} (min ${r.min ?? '-'}, max ${r.max ?? '-'})`,
    );
  process.exitCode = 1;
}

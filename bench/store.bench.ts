/**
 * The simulator's store on the Node host (SQLite, WAL): the cost of one
 * changing call with a large state (1,000 users, 3,000 orders, five 100 kB
 * deposit proofs), in bytes written and milliseconds. The old store wrote
 * the whole state (images included) on every call; the note gives that size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sqliteStore } from '../src/simulator/host/sqlite-store.ts';
import { largeWorld } from '../tests/unit/simulator/store/support.ts';
import type { BenchResult } from './types.ts';

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sim-bench-'));
  try {
    const store = sqliteStore(dir);
    const { w } = await largeWorld(1000, 3, store);
    const whole = JSON.stringify(w.sim.ctx.state).length + 5 * 100_000;
    const N = 200;
    const b0 = store.stats.bytes;
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const r = await w.api.call('infoSubmit', { metaData: JSON.stringify({ nickName: `n${i}` }) });
      if (r.code !== 0) throw new Error(`infoSubmit answered ${r.code}`);
    }
    const ms = (performance.now() - t0) / N;
    const bytes = (store.stats.bytes - b0) / N;
    await w.sim.close();
    const note = `1,000 users, 3,000 orders, 500 kB of proofs; SQLite WAL; the whole state is ${(whole / 1e6).toFixed(1)} MB`;
    return [
      { name: 'store: bytes written by one call (nickname)', value: bytes, unit: 'B', note },
      { name: 'store: one call with its save (nickname)', value: ms, unit: 'ms', note },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

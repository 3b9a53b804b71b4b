/**
 * The cost of one changing call does not grow with the state: a save writes
 * the units the call changed (here one user record), not the whole state, and
 * never clones it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { largeWorld } from './support.ts';

/** Bytes the store writes for one nickname change in a world of `users` users. */
async function nicknameCost(users: number) {
  const { w, store } = await largeWorld(users, 3);
  const stateBytes = JSON.stringify(w.sim.ctx.state).length;
  const clone = vi.spyOn(globalThis, 'structuredClone');
  const before = { ...store.stats };
  const r = await w.api.call('infoSubmit', { metaData: JSON.stringify({ nickName: 'Renamed' }) });
  expect(r.code).toBe(0);
  const bytes = store.stats.bytes - before.bytes;
  const saves = store.stats.saves - before.saves;
  const clones = clone.mock.calls.length;
  clone.mockRestore();
  w.sim.stop();
  return { bytes, saves, clones, stateBytes };
}

afterEach(() => vi.restoreAllMocks());

describe('store: cost of one call', () => {
  it('writes about the same few bytes with 10 users as with 1,000 (orders and proofs included), with no clone of the state', async () => {
    const small = await nicknameCost(10);
    const large = await nicknameCost(1000);
    // The large state is big (users, 3,000 orders, 500 kB of proofs kept aside)…
    expect(large.stateBytes).toBeGreaterThan(1_000_000);
    // …yet the call writes one user record, in one save, either way.
    expect(small.saves).toBe(1);
    expect(large.saves).toBe(1);
    expect(large.bytes).toBeLessThan(2_000);
    expect(Math.abs(large.bytes - small.bytes)).toBeLessThan(100);
    expect(large.clones).toBe(0);
  });
});

/**
 * A call that writes, awaits and writes again (take an id, seal a card, store
 * it) while another call's save fails: the failed save puts back the shared
 * id counter, so the first call must not go on to store its card under an id
 * the next call will be given again. Its next write throws SaveFailed: it
 * answers an error and nothing of it is kept, in memory or in the store.
 */
import { describe, expect, it, vi } from 'vitest';
import { nodeWriteScope } from '../../../../src/simulator/host/write-scope.ts';
import { openPersistence, SaveFailed } from '../../../../src/simulator/persistence.ts';
import { nextId } from '../../../../src/simulator/core-state.ts';
import { newState, type SimState } from '../../../../src/simulator/state.ts';
import { memoryStore, StoreFullError } from '../../../../src/simulator/store.ts';

type Cards = Record<string, { uid: string }>;
const cards = (s: SimState) => ((s as unknown as { cards?: Cards }).cards ??= {});

describe('write, await, write, across a failed save', () => {
  it('stops the call at its next write; the id counter and the store hold nothing of it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const inner = memoryStore();
    let refuse = false;
    const store = {
      ...inner,
      save: async (b: Parameters<typeof inner.save>[0]) => {
        if (refuse) throw new StoreFullError('disk full');
        return inner.save(b);
      },
    };
    const p = await openPersistence(store, {
      fresh: () => newState('k', 0, 's', 'v'),
      now: 0,
      scope: nodeWriteScope(),
    });
    cards(p.state);
    await p.save();
    const start = p.state.nextId;
    let release!: () => void;
    const sealed = new Promise<void>((r) => (release = r));
    // A: takes an id, then waits for its card to be sealed.
    const a = p.bracket(async () => {
      const id = nextId(p.state);
      await sealed;
      cards(p.state)[id] = { uid: 'a' };
      return id;
    });
    // B: takes an id and stores its card; its save fails.
    const b = await p.bracket(() => {
      const id = nextId(p.state);
      cards(p.state)[id] = { uid: 'b' };
      return id;
    });
    refuse = true;
    await expect(p.save(b.writes)).rejects.toBeInstanceOf(SaveFailed);
    refuse = false;
    expect(p.state.nextId).toBe(start);
    release();
    await expect(a).rejects.toBeInstanceOf(SaveFailed);
    // Nothing of either: the next id given is the one both had taken, and no card holds it.
    expect(cards(p.state)).toEqual({});
    const c = await p.bracket(() => nextId(p.state));
    await p.save(c.writes);
    expect(c.value).toBe(String(start + 1));
    const again = await openPersistence(store, { fresh: () => newState('k', 0, 's', 'v'), now: 0 });
    expect(cards(again.state)).toEqual({});
    expect(again.state.nextId).toBe(start + 1);
  });
});

/**
 * The worker's simulator (`early`) draws the first quotes while its store
 * loads, on the guess that the world is new or from today and keeps the
 * catalogue's hours. Whatever the store holds, the product list is the one a
 * simulator without the guess answers on the same state: the guess is used
 * when it holds and dropped when it does not.
 */
import { describe, expect, it } from 'vitest';
import { createVirtualClock } from '../../../src/simulator/clock.ts';
import { allQuotes } from '../../../src/simulator/modules/market.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/server.ts';
import { memoryStore } from '../../../src/simulator/store.ts';
import { T0 } from '../../support/sim.ts';

const DAY = 86_400_000;

async function quotesOf(store: ReturnType<typeof memoryStore>, early: boolean, at = T0) {
  const sim: Simulator = await createSimulator({
    seed: 7,
    clock: createVirtualClock(at),
    store,
    ticking: false,
    early,
  });
  await sim.loaded();
  const q = allQuotes(sim.ctx, at);
  await sim.flush();
  sim.stop();
  return q;
}

/** A store saved by a world created `ago` ms before T0, with `change` made through its back office. */
async function savedWorld(ago: number, change?: (s: Simulator) => void) {
  const store = memoryStore();
  const sim = await createSimulator({
    seed: 7,
    clock: createVirtualClock(T0 - ago),
    store,
    ticking: false,
  });
  change?.(sim);
  sim.ctx.persist();
  await sim.flush();
  sim.stop();
  return store;
}

describe('first quotes drawn while the store loads', () => {
  it('a new world: the same product list as without the guess', async () => {
    expect(await quotesOf(memoryStore(), true)).toEqual(await quotesOf(memoryStore(), false));
  });

  it("a world created days ago: the guess is dropped, the saved world's prices are answered", async () => {
    const store = await savedWorld(3 * DAY);
    const guessed = await quotesOf(store, true);
    expect(guessed).toEqual(await quotesOf(store, false));
    // And they are not the new world's: the guess would have been wrong.
    expect(guessed).not.toEqual(await quotesOf(memoryStore(), false));
  });

  it('a world whose hours the back office changed: the guess is dropped', async () => {
    const store = await savedWorld(60_000, (s) =>
      s.backOffice.setHours('EURUSD', {
        start: {
          '0': '00:00:00',
          '1': '00:00:00',
          '2': '00:00:00',
          '3': '00:00:00',
          '4': '00:00:00',
          '5': '00:00:00',
          '6': '00:00:00',
        },
        close: {
          '0': '00:01:00',
          '1': '00:01:00',
          '2': '00:01:00',
          '3': '00:01:00',
          '4': '00:01:00',
          '5': '00:01:00',
          '6': '00:01:00',
        },
      }),
    );
    const guessed = await quotesOf(store, true);
    expect(guessed).toEqual(await quotesOf(store, false));
    expect(guessed.EURUSD).not.toEqual((await quotesOf(memoryStore(), false)).EURUSD);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { optionSettlementMachine } from '../../../../src/machines/optionSettlement/machine.ts';
import type { CallResult } from '../../../../src/api/client.ts';

/** Ticks delivered late (a background tab fires timers once a second) still show the clock's time left. */
describe('option settlement countdown', () => {
  const machine = optionSettlementMachine.provide({
    actors: {
      checkCompletion: fromPromise(async (): Promise<CallResult<'checkOptionCompletion'>> => ({
        code: 0,
        data: { completed: false },
        message: '',
        reply: null,
      })),
      fetchResult: fromPromise(async (): Promise<CallResult<'userOptionDetail'>> => ({
        code: -1,
        data: null,
        message: '',
        reply: null,
      })),
    },
    delays: { tick: 5, firstPoll: 100_000, poll: 100_000 },
  });
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('recomputes progress from endTime and the clock on every tick', async () => {
    let now = 1_000_000;
    const actor = createActor(machine, {
      input: {
        uid: '1',
        endTime: now + 60_000,
        timeLong: 60,
        now,
        clock: () => now,
        view: 'list',
      },
    }).start();
    expect(actor.getSnapshot().context.progress).toBe(100);
    // 60 s pass while only a few ticks fire.
    now += 48_000;
    await wait(20);
    expect(actor.getSnapshot().context.progress).toBe(20);
    expect(actor.getSnapshot().context.remaining).toBe(12_000);
    now += 12_000;
    await wait(20);
    expect(actor.getSnapshot().hasTag('settling')).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(0);
    actor.stop();
  });

  it('follows a server time skip', async () => {
    let now = 5_000_000;
    const actor = createActor(machine, {
      input: {
        uid: '1',
        endTime: now + 30_000,
        timeLong: 30,
        now,
        clock: () => now,
        view: 'place',
      },
    }).start();
    now += 29_000;
    await wait(20);
    expect(actor.getSnapshot().context.remaining).toBe(1000);
    actor.stop();
  });
});

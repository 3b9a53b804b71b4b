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

describe('option settlement timings (trading.md §9)', () => {
  it('ticks every 200 ms, polls after 1 s then every 1.5 s, 12 tries after placing and 40 in the list', () => {
    const d = optionSettlementMachine.implementations.delays;
    expect({ tick: d.tick, firstPoll: d.firstPoll, poll: d.poll }).toEqual({
      tick: 200,
      firstPoll: 1000,
      poll: 1500,
    });
    const tries = (view: 'place' | 'list') =>
      createActor(optionSettlementMachine, {
        input: { uid: '1', endTime: 60_000, timeLong: 60, now: 0, view },
      }).getSnapshot().context.maxTries;
    expect(tries('place')).toBe(12);
    expect(tries('list')).toBe(40);
  });
});

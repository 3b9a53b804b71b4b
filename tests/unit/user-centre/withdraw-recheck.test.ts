/**
 * Withdraw: a submit pressed while the 1 s validity recheck is in flight is
 * not dropped (user-centre.md §4 "Withdraw": the repeat-blocking flag is up
 * from the moment submit begins).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FeeInfo } from '../../../src/api/types/user.ts';
import { withdrawMachine, type WithdrawTarget } from '../../../src/machines/withdraw/machine.ts';

const TARGET: WithdrawTarget = {
  id: 'W1',
  kind: 'wallet',
  currencyId: '101',
  coin: 'USDT',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  min: 100,
  max: 10_000_000,
};
const fee = (isOver: boolean): FeeInfo => ({
  feeType: 'FIX_AMOUNT',
  feeNum: '25',
  feeUsd: '25',
  practical: '175',
  isOver,
  afterBalance: '4800',
});

function setup(second: FeeInfo) {
  let calls = 0;
  let release: () => void = () => {};
  const submitted: unknown[] = [];
  const machine = withdrawMachine.provide({
    delays: { recheck: 5 },
    actors: {
      checkStatus: fromPromise(async () => ({ code: 0, data: null })) as never,
      loadTargets: fromPromise(async () => ({ code: 0, data: [TARGET] })) as never,
      calculate: fromPromise(async () => {
        calls += 1;
        // The first check answers at once; the recheck waits for the test.
        if (calls > 1) await new Promise<void>((r) => (release = r));
        return { code: 0, data: calls > 1 ? second : fee(false) };
      }) as never,
      submit: fromPromise(async ({ input }) => {
        submitted.push(input);
        return { code: 0, data: null };
      }) as never,
    },
  });
  const actor = createActor(machine, { input: { methods: ['crypto'] } }).start();
  return { actor, submitted, release: () => release(), calls: () => calls };
}

async function toRecheck(a: ReturnType<typeof setup>) {
  await waitFor(a.actor, (s) => s.matches({ ready: { form: 'idle' } }));
  a.actor.send({ type: 'target.select', id: 'W1' });
  a.actor.send({ type: 'field.change', field: 'amount', value: '200' });
  await waitFor(a.actor, (s) => s.matches({ ready: { form: 'valid' } }));
  // The 1 s recheck starts: a calculation is in flight again.
  await waitFor(a.actor, (s) => s.matches({ ready: { form: 'checking' } }) && a.calls() === 2);
}

describe('withdraw: submit during the recheck', () => {
  it('is queued: the flag (busy button) is up at once and the withdrawal follows the check', async () => {
    const a = setup(fee(false));
    await toRecheck(a);
    a.actor.send({ type: 'form.submit' });
    expect(a.actor.getSnapshot().context.submitting).toBe(true);
    a.release();
    await waitFor(a.actor, () => a.submitted.length === 1);
    expect(a.submitted[0]).toMatchObject({ num: '200', practicalNum: '175', currencyId: '101' });
  });

  it('a check that refuses drops the queued submit and shows why', async () => {
    const a = setup(fee(true));
    await toRecheck(a);
    a.actor.send({ type: 'form.submit' });
    a.release();
    const s = await waitFor(a.actor, (x) => x.matches({ ready: { form: 'invalid' } }));
    expect(s.context.submitting).toBe(false);
    expect(s.context.errors.amount).toBe('insufficient_balance');
    expect(a.submitted).toEqual([]);
  });
});

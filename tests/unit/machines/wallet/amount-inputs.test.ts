/**
 * What each wallet amount field keeps of what is typed (user-centre.md §5,
 * §9): digits and one dot, no leading dot, a transfer 4 decimals, a deposit
 * and a withdrawal 5. Driven through the machines, so the precision each
 * form passes to the sanitiser is the one checked.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { depositMachine } from '../../../../src/machines/deposit/machine.ts';
import { transferMachine } from '../../../../src/machines/transfer/machine.ts';
import { withdrawMachine } from '../../../../src/machines/withdraw/machine.ts';

const idle = fromPromise(() => new Promise<never>(() => {}));
/** A leading dot, a second dot, a letter and seven decimals. */
const TYPED = '.12.34x56789';

describe('wallet amount fields', () => {
  it('transfer: 4 decimals', () => {
    const a = createActor(
      transferMachine.provide({
        actors: { calculate: idle as never, submit: idle as never, loadBalance: idle as never },
      }),
      { input: { curr: 'USDT', currId: '2', type: 0 } },
    ).start();
    a.send({ type: 'field.change', field: 'num', value: TYPED });
    expect(a.getSnapshot().context.num).toBe('12.3456');
    a.stop();
  });

  it('deposit: 5 decimals', async () => {
    const net = { id: '101', currency: 'USDT', protocol: 'P', address: 'A', said: '', logoUrl: '' };
    const a = createActor(
      depositMachine.provide({
        actors: {
          loadCoins: fromPromise(async () => ({
            code: 0,
            data: { dtoList: [net] },
            prices: {},
          })) as never,
          prepareImage: idle as never,
          submit: idle as never,
        },
      }),
      { input: { types: ['crypto'] } },
    ).start();
    await waitFor(a, (s) => s.matches({ crypto: 'choosing' }));
    a.send({ type: 'coin.select', id: '101' });
    a.send({ type: 'step.next' });
    a.send({ type: 'field.change', field: 'amount', value: TYPED });
    expect(a.getSnapshot().context.amount).toBe('12.34567');
    a.stop();
  });

  it('withdraw: 5 decimals', async () => {
    const a = createActor(
      withdrawMachine.provide({
        actors: {
          checkStatus: fromPromise(async () => ({ code: 0, data: null })) as never,
          loadTargets: fromPromise(async () => ({
            code: 0,
            data: [
              {
                id: 'W1',
                kind: 'wallet',
                currencyId: '101',
                coin: 'USDT',
                address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
                min: 1,
                max: 10_000_000,
              },
            ],
          })) as never,
          calculate: idle as never,
          submit: idle as never,
        },
      }),
      { input: { methods: ['crypto'] } },
    ).start();
    await waitFor(a, (s) => s.matches({ ready: { form: 'idle' } }));
    a.send({ type: 'target.select', id: 'W1' });
    a.send({ type: 'field.change', field: 'amount', value: TYPED });
    expect(a.getSnapshot().context.amount).toBe('12.34567');
    a.stop();
  });
});

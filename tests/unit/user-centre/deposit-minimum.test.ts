/**
 * The deposit minimum (user-centre.md §9: 1000 USD) is checked by the form
 * before anything is sent, for USD-pegged coins always and for quoted coins
 * at their price.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEPOSIT_MIN_USD } from '../../../src/api/wallet-rules.ts';
import { depositMachine } from '../../../src/machines/deposit/machine.ts';
import {
  checkDepositMinimum,
  depositMinimumIn,
  usdPriceOf,
} from '../../../src/machines/validation/wallet.ts';

const net = (id: string, currency: string) => ({
  id,
  currency,
  protocol: 'P',
  address: 'A',
  said: '',
  logoUrl: '',
});
const PNG_URL = 'data:image/png;base64,iVBORw0KGgo=';

describe('deposit minimum rules', () => {
  it('is 1000 USD', () => expect(DEPOSIT_MIN_USD).toBe(1000));
  it('USDT counts 1:1; a quoted coin at its price; unknown price says nothing', () => {
    expect(usdPriceOf('USDT', {})).toBe(1);
    expect(usdPriceOf('BTC', { BTC: 50_000 })).toBe(50_000);
    expect(usdPriceOf('BTC', {})).toBeUndefined();
    expect(checkDepositMinimum('999.99999', 1, 1000)).toBe('deposit_min_amount');
    expect(checkDepositMinimum('1000', 1, 1000)).toBeUndefined();
    expect(checkDepositMinimum('0.01', 50_000, 1000)).toBe('deposit_min_amount');
    expect(checkDepositMinimum('0.02', 50_000, 1000)).toBeUndefined();
    expect(checkDepositMinimum('0.01', undefined, 1000)).toBeUndefined();
    expect(depositMinimumIn(30_000, 1000)).toBe('0.03334');
  });
});

function start(prices: Record<string, number>) {
  const sent: unknown[] = [];
  const machine = depositMachine.provide({
    actors: {
      loadCoins: fromPromise(async () => ({
        code: 0,
        data: { dtoList: [net('101', 'USDT'), net('103', 'BTC')] },
        prices,
      })) as never,
      prepareImage: fromPromise(async () => PNG_URL) as never,
      submit: fromPromise(async ({ input }) => {
        sent.push(input);
        return { code: 0, data: null };
      }) as never,
    },
  });
  const a = createActor(machine, { input: { types: ['crypto'] } }).start();
  return { a, sent };
}

async function fill(a: ReturnType<typeof start>['a'], coin: string, amount: string) {
  await waitFor(a, (s) => s.matches({ crypto: 'choosing' }));
  a.send({ type: 'coin.select', id: coin });
  a.send({ type: 'step.next' });
  a.send({ type: 'field.change', field: 'amount', value: amount });
  a.send({
    type: 'proof.select',
    file: { name: 'p.png', size: 10, type: 'image/png' },
    blob: new Blob([]),
  });
  await waitFor(a, (s) => s.matches({ crypto: { details: 'idle' } }) && !!s.context.proof);
  a.send({ type: 'agreement.toggle' });
  a.send({ type: 'form.submit' });
}

describe('deposit machine: minimum before sending', () => {
  it('500 USDT is refused by the form and nothing is sent', async () => {
    const { a, sent } = start({});
    await fill(a, '101', '500');
    const s = a.getSnapshot();
    expect(s.matches({ crypto: { details: 'idle' } })).toBe(true);
    expect(s.context.errors.amount).toBe('deposit_min_amount');
    expect(sent).toEqual([]);
  });

  it('a quoted coin is measured at its price; 1000 USDT goes through', async () => {
    const btc = start({ BTC: 50_000 });
    await fill(btc.a, '103', '0.01');
    expect(btc.a.getSnapshot().context.errors.amount).toBe('deposit_min_amount');
    const ok = start({});
    await fill(ok.a, '101', '1000');
    await waitFor(ok.a, () => ok.sent.length === 1);
    expect(JSON.parse((ok.sent[0] as { metaData: string }).metaData)).toMatchObject({
      amt: '1000',
    });
  });
});

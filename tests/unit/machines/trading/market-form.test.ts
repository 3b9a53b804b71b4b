/**
 * The market order machine as its form drives it, key by key: what a trader
 * reads beside the volume after typing and after leaving the field.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { marketOrderMachine } from '../../../../src/machines/marketOrder/machine.ts';
import type { ProductLoad } from '../../../../src/machines/validation/trading.ts';

const ok = <D>(data: D) => ({ code: 0, data, message: '', reply: null });
const LOAD = {
  symbol: 'BTCUSDT',
  info: ok({
    BTCUSDT: {
      productCode: 'BTCUSDT',
      minCount: 0.01,
      maxCount: 10,
      multiple: 20,
      pip: 0.01,
      pricePrecision: 2,
      tradeStatus: 1,
    },
  }),
  status: ok('open'),
  quote: ok({ price: 100, bidPrice: 99.9, askPrice: 100.1, lastUpdate: 1 }),
  balance: ok({ balanceAmount: 100_000, lockMargin: 0 }),
} as unknown as ProductLoad;

function start() {
  const machine = marketOrderMachine.provide({
    actors: {
      loadProduct: fromPromise(async () => LOAD),
      balancePoller: fromCallback<EventObject>(() => () => {}),
    },
  });
  return createActor(machine, {
    input: { symbol: 'BTCUSDT', demo: false, direction: 0, tradeMode: 'market' },
  }).start();
}

const editing = (a: ReturnType<typeof start>) =>
  new Promise<void>((resolve) => {
    const check = () => a.getSnapshot().matches('editing') && resolve();
    a.subscribe(check);
    check();
  });

describe('market order form: the volume field', () => {
  it('a volume clamped to the maximum while typing keeps "Maximum is" after the field is left', async () => {
    const a = start();
    await editing(a);
    a.send({ type: 'field.change', field: 'volume', value: '20' });
    expect(a.getSnapshot().context.volume).toBe('10');
    expect(a.getSnapshot().context.errors.volume).toBe('volume_max_rule');
    // Leaving the field must not hide why 20 became 10.
    a.send({ type: 'field.blur', field: 'volume' });
    expect(a.getSnapshot().context.volume).toBe('10');
    expect(a.getSnapshot().context.errors.volume).toBe('volume_max_rule');
    // The next key is a new value: the message goes with the old one.
    a.send({ type: 'field.change', field: 'volume', value: '5' });
    a.send({ type: 'field.blur', field: 'volume' });
    expect(a.getSnapshot().context.errors.volume).toBeUndefined();
    a.stop();
  });

  it('a volume raised to the minimum on leaving says so, and says it again on a second leave', async () => {
    const a = start();
    await editing(a);
    a.send({ type: 'field.change', field: 'volume', value: '0.001' });
    a.send({ type: 'field.blur', field: 'volume' });
    expect(a.getSnapshot().context.volume).toBe('0.01');
    expect(a.getSnapshot().context.errors.volume).toBe('volume_min_rule');
    a.send({ type: 'field.blur', field: 'volume' });
    expect(a.getSnapshot().context.errors.volume).toBe('volume_min_rule');
    a.stop();
  });
});

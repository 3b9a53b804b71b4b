import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  optionOrderMachine,
  type PlaceResult,
} from '../../../../src/machines/optionOrder/machine.ts';
import type { OptionLoad } from '../../../../src/machines/validation/trading.ts';

const ok = <D>(data: D) => ({ code: 0, data, message: '', reply: null });
const load = (balance: number, tradeStatus = 1) =>
  ({
    symbol: 'BTCUSDT',
    product: ok({
      optionsProducts: [
        {
          id: '1',
          productCode: 'BTCUSDT',
          tradeStatus,
          feeRate: 0,
          timeRatePayload: { '0': '30|80^10,50^10000|10^30s' },
        },
      ],
    }),
    status: ok('open'),
    quote: ok({ price: 100, bidPrice: 99.9, askPrice: 100.1, lastUpdate: 1 }),
    balance: ok({ balanceAmount: balance, lockMargin: 0 }),
  }) as unknown as OptionLoad;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(loads: () => OptionLoad, cash: () => number = () => 1000) {
  let loadsMade = 0;
  const machine = optionOrderMachine.provide({
    actors: {
      loadOption: fromPromise(async () => {
        loadsMade += 1;
        return loads();
      }),
      balancePoller: fromCallback<EventObject>(({ sendBack, receive }) => {
        receive(() =>
          sendBack({ type: 'balance.update', balance: { balanceAmount: cash(), lockMargin: 0 } }),
        );
      }),
      placeOption: fromPromise(async (): Promise<PlaceResult> => ok({ uid: '9', beginTime: 1000 })),
    },
    delays: { balancePoll: 5, infoRefresh: 30, duplicateClick: 5 },
  });
  const actor = createActor(machine, {
    input: { symbol: 'BTCUSDT', demo: false, direction: 0, tradeMode: 'option' },
  }).start();
  return { actor, loads: () => loadsMade };
}

describe('option order form', () => {
  it('re-loads the product every 60 s while editing (§7), and leaves when it closes', async () => {
    let status = 1;
    const f = start(() => load(1000, status));
    await wait(10);
    expect(f.actor.getSnapshot().matches('editing')).toBe(true);
    const before = f.loads();
    await wait(60);
    expect(f.loads()).toBeGreaterThan(before);
    status = 0;
    await wait(60);
    expect(f.actor.getSnapshot().matches('closed')).toBe(true);
    f.actor.stop();
  });

  it('keeps "Available" current after placing (stake out, payout in)', async () => {
    let cash = 1000;
    const f = start(
      () => load(1000),
      () => cash,
    );
    await wait(10);
    f.actor.send({ type: 'delivery.select', index: 0 });
    f.actor.send({ type: 'field.change', field: 'amount', value: '100' });
    f.actor.send({ type: 'form.submit' });
    await wait(5);
    expect(f.actor.getSnapshot().hasTag('placed')).toBe(true);
    cash = 900;
    await wait(20);
    expect(f.actor.getSnapshot().context.balance?.balanceAmount).toBe(900);
    cash = 1080; // settled: the payout is back
    await wait(20);
    expect(f.actor.getSnapshot().context.balance?.balanceAmount).toBe(1080);
    f.actor.stop();
  });

  it('says what is wrong with a typed amount when the field is left, not only on Buy (§5)', async () => {
    const f = start(() => load(1000));
    await wait(10);
    const errorAfter = (value: string) => {
      f.actor.send({ type: 'field.change', field: 'amount', value });
      expect(f.actor.getSnapshot().context.errors.amount).toBeUndefined();
      f.actor.send({ type: 'field.blur', field: 'amount' });
      return f.actor.getSnapshot().context.errors.amount;
    };
    f.actor.send({ type: 'delivery.select', index: 0 });
    // The 30 s term takes 10..10000.
    expect(errorAfter('5')).toBe('amount_range_rule');
    expect(errorAfter('20000')).toBe('amount_range_rule');
    expect(errorAfter('10.5')).toBe('amount_positive_int_rule');
    expect(errorAfter('0')).toBe('amount_positive_int_rule');
    expect(errorAfter('50')).toBeUndefined();
    // Nothing typed yet is no mistake: the empty field waits for Buy.
    expect(errorAfter('')).toBeUndefined();
    expect(f.actor.getSnapshot().matches('editing')).toBe(true);
    f.actor.stop();
  });
});

describe('option balance check', () => {
  it('counts the product fee with the amount', async () => {
    const { stakeOf } = await import('../../../../src/machines/optionOrder/machine.ts');
    const product = { feeRate: 0.015 } as never;
    expect(stakeOf({ amount: '100', product })).toBe('101.50');
    expect(stakeOf({ amount: '100', product: null })).toBe('100.00');
  });
  it('a win pays amount × rate / 100 to the cent, as the server settles it', async () => {
    const { profitIfWon } = await import('../../../../src/machines/validation/options.ts');
    expect(profitIfWon(100, 85)).toBe('85.00');
    expect(profitIfWon(33, 87.5)).toBe('28.88');
  });
});

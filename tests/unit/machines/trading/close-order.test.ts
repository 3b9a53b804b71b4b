import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { closeOrderMachine } from '../../../../src/machines/closeOrder/machine.ts';

const order = (status: 1 | 2) => ({
  id: '7',
  buyPoint: status,
  positionStatus: status,
  orderType: 0 as const,
  orderQuantity: 0.1,
  openingPrice: 100,
  currentPrice: 101,
});

describe('close / cancel confirm', () => {
  it('shows the live closing price, not the one from when the drawer opened', () => {
    const a = createActor(closeOrderMachine, {
      input: { order: order(2), demo: false, now: 0 },
    }).start();
    a.send({ type: 'confirm.open' });
    expect(a.getSnapshot().context.confirm.price).toBe(101);
    a.send({ type: 'price.update', price: 105.5 });
    expect(a.getSnapshot().context.confirm.price).toBe(105.5);
    a.stop();
  });

  it('a cancel keeps the pending price', () => {
    const a = createActor(closeOrderMachine, {
      input: { order: order(1), demo: false, now: 0 },
    }).start();
    a.send({ type: 'confirm.open' });
    a.send({ type: 'price.update', price: 105.5 });
    expect(a.getSnapshot().context.confirm.price).toBe(100);
    a.stop();
  });

  it('a close waits 3 minutes from the fill, counting down on the server clock; a cancel does not', () => {
    const filled = 1_700_000_000_000;
    const a = createActor(closeOrderMachine, {
      input: { order: { ...order(2), transactionTimeTs: filled }, demo: false, now: filled + 1000 },
    }).start();
    expect(a.getSnapshot().hasTag('waiting')).toBe(true);
    expect(a.getSnapshot().context.secondsLeft).toBe(179);
    // No confirm before the server would take it.
    a.send({ type: 'confirm.open' });
    expect(a.getSnapshot().matches('waiting')).toBe(true);
    a.send({ type: 'clock.tick', now: filled + 60_500 });
    expect(a.getSnapshot().context.secondsLeft).toBe(120);
    a.send({ type: 'clock.tick', now: filled + 180_000 });
    expect(a.getSnapshot().matches('idle')).toBe(true);
    a.send({ type: 'confirm.open' });
    expect(a.getSnapshot().matches('confirming')).toBe(true);
    a.stop();
    // Already 3 minutes old when opened: no wait at all.
    const late = createActor(closeOrderMachine, {
      input: {
        order: { ...order(2), transactionTimeTs: filled },
        demo: false,
        now: filled + 200_000,
      },
    }).start();
    expect(late.getSnapshot().matches('idle')).toBe(true);
    late.stop();
    const cancel = createActor(closeOrderMachine, {
      input: { order: { ...order(1), transactionTimeTs: filled }, demo: false, now: filled },
    }).start();
    expect(cancel.getSnapshot().matches('idle')).toBe(true);
    cancel.stop();
  });
});

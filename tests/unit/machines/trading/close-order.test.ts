import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { closeOrderMachine } from '../../../../src/machines/closeOrderMachine.ts';

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
    const a = createActor(closeOrderMachine, { input: { order: order(2), demo: false } }).start();
    a.send({ type: 'confirm.open' });
    expect(a.getSnapshot().context.confirm.price).toBe(101);
    a.send({ type: 'price.update', price: 105.5 });
    expect(a.getSnapshot().context.confirm.price).toBe(105.5);
    a.stop();
  });

  it('a cancel keeps the pending price', () => {
    const a = createActor(closeOrderMachine, { input: { order: order(1), demo: false } }).start();
    a.send({ type: 'confirm.open' });
    a.send({ type: 'price.update', price: 105.5 });
    expect(a.getSnapshot().context.confirm.price).toBe(100);
    a.stop();
  });
});

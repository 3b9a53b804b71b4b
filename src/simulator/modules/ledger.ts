/**
 * The ledger as a module: it puts `ctx.ledger` in place when the late
 * modules load (it is the first of them), so big.js stays out of the
 * worker's first chunk; no early module moves money.
 */
import { Ledger } from '../ledger.ts';
import type { SimModule } from '../module.ts';

export const ledgerModule: SimModule = {
  name: 'ledger',
  init(ctx) {
    Object.defineProperty(ctx, 'ledger', { value: new Ledger(ctx.state.ledger), enumerable: true });
  },
  handlers: () => ({}),
};

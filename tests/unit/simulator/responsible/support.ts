/** Shared set-up for the responsible-trading tests: a trader, limits, the state a caller sees. */
import type { RtLimits, RtState } from '../../../../src/api/types/responsible.ts';
import type { TestWorld } from '../../../support/sim.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Limits with every money section present. */
export const limits = (l: Partial<RtLimits> = {}): RtLimits => ({
  deposit: {},
  loss: {},
  turnover: {},
  ...l,
});

/** rtSetLimits through the client; the reply's state. */
export async function setLimits(w: TestWorld, l: Partial<RtLimits>): Promise<RtState> {
  const r = await w.api.call('rtSetLimits', { limits: limits(l) });
  if (r.code !== 0 || !r.data) throw new Error(`rtSetLimits ${r.code}`);
  return r.data;
}

/** rtLimits through the client. */
export async function rtState(w: TestWorld): Promise<RtState> {
  const r = await w.api.call('rtLimits', {});
  if (r.code !== 0 || !r.data) throw new Error(`rtLimits ${r.code}`);
  return r.data;
}

/** What a caller can see of the user's money: real cash, orders and options, deposit requests. */
export function snapshot(w: TestWorld, uid: string) {
  const t = w.sim.ctx.state.trading;
  return {
    cash: w.sim.ctx.ledger.balance(`u:${uid}:real:USD`).toString(),
    orders: Object.values(t.orders).filter((o) => o.uid === uid).length,
    options: Object.values(t.options).filter((o) => o.uid === uid).length,
    requests: w.sim.backOffice.walletRequests(uid).length,
  };
}

/**
 * The wallet machine's paths, against the simulator: each load is preceded by a real
 * 1 USD deposit credited by the back office, so every refresh (the 8 s timer
 * on the virtual clock, or a reload after a transfer) must show a balance the
 * previous load did not have. The load failure is forced (HTTP 500).
 */
import Big from 'big.js';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { walletActors } from '../../../src/machines/wallet/actors.ts';
import { walletMachine } from '../../../src/machines/wallet/machine.ts';
import { walletRows } from '../../../src/simulator/modules/account/wallet.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { overNetwork } from '../../paths/specs/network.ts';

type Snap = ReturnType<(typeof walletMachine)['resolveState']>;

const FUNDS = '2000';
const loaded = {
  type: 'xstate.done.actor.loadBalance',
  output: { code: 0, data: { list: [{ currency: 'USD' }], totalBalance: FUNDS } },
};
const loadFailed = { type: 'xstate.done.actor.loadBalance', output: { code: -1, data: null } };

/** The rows the server computes now (read synchronously). */
const rows = (c: PathContext) => walletRows(c.world.sim.ctx, c.data.uid as string);

export const specs: PathSpec[] = [
  {
    name: 'wallet balance',
    machine: walletMachine,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([s.value, c.list.length > 0, c.failure ?? null, c.recordType ?? null]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      switch (JSON.stringify(s.value)) {
        case '{"myWallet":"loading"}':
          return c.failure === undefined && c.list.length === 0 ? [loaded, loadFailed] : [loaded];
        case '{"myWallet":"idle"}':
          // A reload is offered after a failure only, so the loaded list's next load is the 8 s refresh.
          return [
            { type: 'tab.select', tab: 'wallet_record' },
            ...(c.failure === -1 ? [{ type: 'balance.reload' }] : []),
          ];
        case '"records"':
          return [
            { type: 'tab.select', tab: 'my_wallet' },
            ...(c.recordType === undefined ? [{ type: 'records.filter', recordType: 1 }] : []),
          ];
        default:
          return [];
      }
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'holder@example.com',
        password: 'secret123',
        deposit: FUNDS,
      });
      world.session.token = u.token;
      return { uid: u.uid, credits: 0 };
    },
    provide: (c) => walletMachine.provide({ actors: walletActors(overNetwork(c.world.api)) }),
    arrange(e: EventObject, c) {
      if (e.type !== 'xstate.done.actor.loadBalance') return;
      const out = (e as { output?: { code: number } }).output;
      if (out?.code === -1) {
        c.world.sim.backOffice.force({ call: 'myWalletBalance', status: 500 });
        return;
      }
      // Money arrives before every load: a load that did not reach the server would show less.
      c.world.sim.backOffice.creditDeposit(c.data.uid as string, 1);
      c.data.credits = (c.data.credits as number) + 1;
    },
    states: {
      myWallet: (s) => expect(s.can({ type: 'balance.reload' })).toBe(true),
      'myWallet.loading': (s) => expect(s.hasTag('busy')).toBe(true),
      'myWallet.idle': (s, c) => {
        const ctx = (s as Snap).context;
        if (ctx.failure === -1) {
          reached('wallet.myWallet.idle: ctx.failure === -1');
          expect(c.world.toasts).toContain('Server error (500)');
          return;
        }
        const server = rows(c);
        expect(ctx.list).toEqual(server?.list);
        expect(ctx.totalBalance).toBe(server?.total.toFixed(2));
        const usd = ctx.list.find((r) => r.currency === 'USD');
        expect(usd?.balance).toBe(new Big(FUNDS).plus(c.data.credits as number).toString());
      },
      records: (s) => {
        const ctx = (s as Snap).context;
        expect(s.can({ type: 'balance.reload' })).toBe(false);
        expect([undefined, 1]).toContain(ctx.recordType);
      },
    },
  },
];

/**
 * The wallet-area specs' shared pieces, and the wallet machine's paths.
 *
 * The wallet screen against the simulator: each load is preceded by a real
 * 1 USD deposit credited by the back office, so every refresh (the 8 s timer
 * on the virtual clock, or a reload after a transfer) must show a balance the
 * previous load did not have. The load failure is forced (HTTP 500).
 */
import Big from 'big.js';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { walletActors, walletMachine } from '../../../src/machines/walletMachine.ts';
import { walletRows } from '../../../src/simulator/modules/account/wallet.ts';
import type { PathContext, PathSpec } from '../framework.ts';

/** The next turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A result on a later turn of the event loop, as over a network. Work that
 * settles in microtasks alone (a reply forced before the token check, reading
 * a small image) would otherwise finish while the previous step is still
 * being checked, and the framework then waits out its 5 s for an event that
 * has already happened.
 */
export const afterTurn = <T>(p: Promise<T>): Promise<T> => p.finally(nextTurn);

/** The real client, each reply arriving on a later turn (see {@link afterTurn}). */
export const overNetwork = (api: ApiClient): ApiClient => ({
  ...api,
  call: ((...args: Parameters<ApiClient['call']>) =>
    afterTurn(api.call(...args))) as ApiClient['call'],
});

/** The smallest valid PNG (1×1). */
export const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (ch) => ch.charCodeAt(0),
);
export const png = (): Blob => new Blob([PNG_BYTES], { type: 'image/png' });
/** The PNG as the machines keep it. */
export const PNG_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;

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

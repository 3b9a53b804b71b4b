/**
 * Wallet transfers against the simulator, with 2000 USD on the real account:
 * BTC bought with USD (1 BTC is more than the account holds: a real 1159),
 * and USDT sold back (more than the 500 USDT held: 1159). Calculation and
 * network failures of the transfer are forced (HTTP 500).
 */
import Big from 'big.js';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { transferActors } from '../../../src/machines/transfer/actors.ts';
import {
  transferMachine,
  type TransferContext,
  type TransferInput,
} from '../../../src/machines/transfer/machine.ts';
import {
  currencyById,
  transferFee,
  usdPrice,
} from '../../../src/simulator/modules/account/coins.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { overNetwork } from '../../paths/specs/network.ts';

type Snap = ReturnType<(typeof transferMachine)['resolveState']>;

const FUNDS = '2000';
const HELD_USDT = '500';

const num = (value: string) => ({ type: 'field.change', field: 'num', value });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const reply = (code: number, data: unknown = null) => ({ code, data });

const errorKeys = (c: TransferContext) =>
  Object.entries(c.errors)
    .filter(([, v]) => v)
    .map(([k]) => k);

function spec(name: string, input: TransferInput, ok: string, tooMuch: string): PathSpec {
  const coin = input.curr;
  const wallet = (c: PathContext) =>
    c.world.sim.ctx.ledger.balance(`u:${c.data.uid as string}:wallet:${coin}`);
  const cash = (c: PathContext) =>
    c.world.sim.ctx.ledger.balance(`u:${c.data.uid as string}:real:USD`);
  /** Transfers the form made (the setup's own excluded), read synchronously. */
  const made = (c: PathContext) =>
    Object.values(c.world.sim.ctx.state.account.transfers).filter(
      (t) => t.uid === c.data.uid && t.orderType === input.type,
    );
  return {
    name,
    machine: transferMachine,
    input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.num,
        !!c.practical,
        errorKeys(c),
        c.failure ?? null,
        c.transferred,
        !!c.balances,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      switch (JSON.stringify(s.value)) {
        case '{"editing":"idle"}':
          if (errorKeys(c).length) return [];
          // 0.00001 keeps 4 decimals: 0.0000, which is zero.
          return [num(ok), num(tooMuch), num('0.00001'), { type: 'form.submit' }];
        case '{"editing":"calculating"}': {
          const quote = done('calculate', reply(0, { fee: '0', practical: c.num }));
          return c.failure === undefined ? [quote, done('calculate', reply(-1))] : [quote];
        }
        case '{"editing":"failed"}':
          return [num(ok), { type: 'form.submit' }];
        case '{"editing":"quoted"}':
          return c.failure === undefined || c.failure === -1 ? [{ type: 'form.submit' }] : [];
        case '"submitting"':
          if (c.num === tooMuch) return [done('submit', reply(1159))];
          return c.failure === undefined
            ? [done('submit', reply(0)), done('submit', reply(-1))]
            : [done('submit', reply(0))];
        case '"reloading"':
          return [done('loadBalance', reply(0, { list: [], totalBalance: '0' }))];
        default:
          return [];
      }
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'fx@example.com',
        password: 'secret123',
        deposit: FUNDS,
      });
      world.session.token = u.token;
      if (input.type === 1) {
        reached('transfer.setup: input.type === 1');
        const r = await world.api.call('transformWallet', {
          curr: coin,
          currId: input.currId,
          type: 0,
          num: HELD_USDT,
        });
        expect(r.code).toBe(0);
      }
      return { uid: u.uid, cashBefore: '', walletBefore: '' };
    },
    provide: (c) => {
      c.data.cashBefore = cash(c).toString();
      c.data.walletBefore = wallet(c).toString();
      return transferMachine.provide({ actors: transferActors(overNetwork(c.world.api)) });
    },
    arrange(e: EventObject, c) {
      const out = (e as { output?: { code: number } }).output;
      if (out?.code !== -1) return;
      const call =
        e.type === 'xstate.done.actor.calculate' ? 'transformWalletCalculate' : 'transformWallet';
      c.world.sim.backOffice.force({ call, status: 500 });
    },
    states: {
      editing: (s) => {
        const ctx = (s as Snap).context;
        expect([ctx.curr, ctx.type]).toEqual([input.curr, input.type]);
        expect(ctx.num).toMatch(/^\d*(\.\d{0,4})?$/);
      },
      'editing.idle': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.practical).toBeUndefined();
        if (ctx.errors.num) {
          reached('transfer.editing.idle: ctx.errors.num');
          expect(ctx.errors.num).toBe(
            ctx.num === '' ? 'p_t_transfer_amount' : 'transfer_amount_no_zero',
          );
        }
      },
      'editing.calculating': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(new Big((s as Snap).context.num).gt(0)).toBe(true);
      },
      'editing.quoted': (s, c) => {
        const ctx = (s as Snap).context;
        // The server's fee for this currency and amount.
        const fee = transferFee(currencyById(input.currId)!, new Big(ctx.num));
        expect(ctx.fee).toBe(fee.toString());
        expect(ctx.practical).toBe(new Big(ctx.num).minus(fee).toString());
        if (ctx.failure === 1159) {
          reached('transfer.editing.quoted: ctx.failure === 1159');
          // Refused for a real reason: nothing moved, the balances shown are the server's.
          expect(made(c)).toHaveLength(0);
          expect(ctx.balances).toEqual({ coin: wallet(c).toString(), usd: cash(c).toString() });
          const price = usdPrice(c.world.sim.ctx, coin)!;
          if (input.type === 0) {
            reached('transfer.editing.quoted: input.type === 0');
            expect(cash(c).lt(price.times(ctx.num))).toBe(true);
          } else {
            reached('transfer.editing.quoted: not (input.type === 0)');
            expect(wallet(c).lt(ctx.num)).toBe(true);
          }
        }
      },
      'editing.failed': (s, c) => {
        expect((s as Snap).context.failure).toBe(-1);
        expect(c.world.toasts).toContain('Server error (500)');
      },
      submitting: (s, c) => {
        expect((s as Snap).context.practical).toBeDefined();
        expect(made(c)).toHaveLength(0);
        expect(cash(c).toString()).toBe(c.data.cashBefore);
      },
      reloading: (s, c) => {
        const ctx = (s as Snap).context;
        expect(made(c)).toHaveLength(ctx.transferred ? 1 : 0);
        // The toast waits for the dialog to close.
        expect(noticesOf(c)).toEqual([]);
        if (!ctx.transferred) {
          reached('transfer.reloading: not (ctx.transferred)');
          expect(ctx.failure).toBe(1159);
        }
      },
      done: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.output).toEqual({ transferred: true });
        expect(noticesOf(c)).toEqual(['currency_conversion_successful']);
        const [t] = made(c);
        expect(t).toMatchObject({ currency: coin, amount: ctx.num, practical: ctx.practical });
        // The row's balance moved by the practical amount, and the dialog shows it.
        const moved = input.type === 0 ? new Big(ctx.practical!) : new Big(ctx.num).neg();
        expect(wallet(c).toString()).toBe(
          new Big(c.data.walletBefore as string).plus(moved).toString(),
        );
        expect(ctx.balances).toEqual({ coin: wallet(c).toString(), usd: cash(c).toString() });
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec('transfer in (BTC)', { curr: 'BTC', currId: '3', type: 0 }, '0.001', '1'),
  spec('transfer out (USDT)', { curr: 'USDT', currId: '2', type: 1 }, '100', '1000'),
];

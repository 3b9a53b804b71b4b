/**
 * Demo / real against the simulator, with the session store shared by the
 * machine and the test client (as in the app): real switches (the stored
 * token changes book), real demo resets (the second answers 701), a switch
 * refused by a server whose virtual trading was turned off meanwhile (501),
 * and a demo session on a site without virtual trading, logged out at once.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { accountModeActors } from '../../../src/machines/accountMode/actors.ts';
import {
  accountModeMachine,
  type AccountModeContext,
  type AccountModeInput,
} from '../../../src/machines/accountMode/machine.ts';
import { decodeToken, session } from '../../../src/state/session.ts';
import { DEMO_BALANCE } from '../../../src/simulator/users.ts';
import type { TestWorld } from '../../support/sim.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const EMAIL = 'ann@example.com';
const PASSWORD = 'secret123';
const SYMBOL = 'BTCUSDT';

type Snap = ReturnType<(typeof accountModeMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as AccountModeContext;

/** A token shaped like the server's, for the graph (runs use the real ones). */
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const graphToken = (virtualStatus: string) =>
  `${b64({ alg: 'HS256' })}.${b64({ uid: '1', virtualStatus, aesKey: 'k', exp: 1800 })}.x`;
const done = (id: string, output: object) => ({ type: `xstate.done.actor.${id}`, output });

const gatesOf = (c: PathContext) => c.data.gates as Gates;
const uidOf = (c: PathContext) => c.data.uid as string;

/** Sign in for real, the client reading the one session store (as in the app). */
async function signIn(world: TestWorld, demo: boolean) {
  Object.defineProperty(world.session, 'token', {
    get: () => session.token,
    set: (v: string | undefined) => void (session.token = v),
  });
  const { uid } = await world.sim.backOffice.seedUser({ email: EMAIL, password: PASSWORD });
  const r = await world.api.call('login', { username: EMAIL, password: PASSWORD, type: 'E' });
  session.refreshToken = r.data?.refreshToken;
  session.token = r.data?.token;
  if (demo) {
    const s = await world.api.call('switchUser');
    session.token = s.data?.token;
  }
  return { uid, reloads: 0 };
}

/** A demo trade, so the reset has something to undo (margin locked, fee paid). */
async function tradeOnDemo(c: PathContext) {
  const api = c.world.api;
  const info = (await api.call('productOrderInfo', { productCode: SYMBOL })).data?.[SYMBOL];
  const r = await api.call('addOrderMock', {
    tradePair: SYMBOL,
    price: 0,
    stopPrice: null,
    takeProfitPprice: null,
    orderQuantity: info?.minCount ?? 1,
    multiple: info?.multiple ?? 100,
    orderType: 0,
    buyPoint: 2,
    token: session.token as string,
  });
  expect(r.code).toBe(0);
  const after = (await api.call('userInfo')).data?.account;
  expect(after?.lockMargin).toBeGreaterThan(0);
}

function spec(name: string, input: AccountModeInput): PathSpec {
  return {
    name: `accountMode (${name})`,
    machine: accountModeMachine,
    input,
    serialize: (s) => {
      const c = ctx(s);
      return JSON.stringify([s.value, c.demo, c.virtualTrading, c.failure ?? 0]);
    },
    events: (s) => {
      const c = ctx(s);
      if (s.matches('switching'))
        return [
          done('switchUser', { code: 0, data: { token: graphToken(c.demo ? '0' : '1') } }),
          // Refused only on the way to demo (the server's virtual trading is off).
          ...(c.demo ? [] : [done('switchUser', { code: 501, data: null })]),
        ];
      if (s.matches('resetting'))
        return [
          done('resetUser', { code: 0, data: null }),
          done('resetUser', { code: 701, data: null }),
        ];
      if (c.failure !== undefined) return [];
      return [
        { type: 'confirm.open' },
        { type: 'confirm.cancel' },
        { type: 'confirm.accept' },
        { type: 'demo.reset' },
        { type: 'flags.change', virtualTrading: !c.virtualTrading },
      ];
    },
    async setup(world) {
      const data = await signIn(world, input.demo);
      if (!input.virtualTrading) world.sim.backOffice.setFlag('virtualTrading', false);
      return data;
    },
    provide: (c) => {
      const real = accountModeActors(c.world.api);
      const gates = createGates();
      c.data.gates = gates;
      return accountModeMachine.provide({
        actors: {
          switchUser: gates.hold('switchUser', real.switchUser),
          resetUser: gates.hold('resetUser', real.resetUser),
        },
      });
    },
    async arrange(e: EventObject, c) {
      const out = (e as EventObject & { output?: { code: number } }).output;
      if (e.type === 'xstate.done.actor.switchUser') {
        if (out?.code === 501) c.world.sim.backOffice.setFlag('virtualTrading', false);
        else c.data.reloads = (c.data.reloads as number) + 1;
      }
      if (e.type === 'xstate.done.actor.resetUser') {
        reached("accountMode.arrange: e.type === 'xstate.done.actor.resetUser'");
        // The one reset was used already.
        if (out?.code === 701) {
          reached('accountMode.arrange: out?.code === 701');
          expect((await c.world.api.call('resetUser')).code).toBe(0);
        } else {
          c.data.reloads = (c.data.reloads as number) + 1;
          await tradeOnDemo(c);
        }
      }
    },
    states: {
      idle: async (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('busy')).toBe(false);
        expect(x.reloaded).toBe(c.data.reloads);
        // The stored token, and the server, are on the book the machine shows.
        expect(decodeToken(session.token)?.virtualStatus !== '0').toBe(x.demo);
        const info = await c.world.api.call('userInfo');
        expect(info.data?.virtualStatus !== '0').toBe(x.demo);
        const u = c.world.sim.ctx.state.users[uidOf(c)];
        if (x.failure === 501) {
          reached('accountMode.idle: x.failure === 501');
          expect(c.world.sim.backOffice.flags().virtualTrading).toBe(false);
        }
        if (x.failure === 701) {
          reached('accountMode.idle: x.failure === 701');
          expect(u?.demoResetUsed).toBe(true);
        }
        if (noticesOf(c).includes('tips.operation_success')) {
          reached("accountMode.idle: noticesOf(c).includes('tips.operation_success')");
          // The reset undid the demo trade: the full demo balance, nothing locked.
          expect(u?.demoResetUsed).toBe(true);
          expect(info.data?.account).toEqual({
            balanceAmount: Number(DEMO_BALANCE),
            lockMargin: 0,
          });
        }
        if (x.failure !== undefined) {
          reached('accountMode.idle: x.failure !== undefined');
          expect(c.world.toasts.at(-1)).toMatch(new RegExp(`\\(code ${x.failure}\\)$`));
        }
      },
      confirming: (s, c) => {
        expect(s.hasTag('confirm')).toBe(true);
        expect(ctx(s).virtualTrading).toBe(true);
        expect(ctx(s).reloaded).toBe(c.data.reloads);
      },
      resetConfirming: (s, c) => {
        expect(s.hasTag('resetConfirm')).toBe(true);
        expect(ctx(s).demo).toBe(true);
        // Asked, nothing done yet.
        expect(ctx(s).reloaded).toBe(c.data.reloads);
      },
      switching: async (s, c) => {
        await gatesOf(c).release('switchUser');
        expect(s.hasTag('busy')).toBe(true);
      },
      resetting: async (s, c) => {
        await gatesOf(c).release('resetUser');
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx(s).demo).toBe(true);
      },
      loggedOut: (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('done')).toBe(true);
        expect(x.demo).toBe(true);
        expect(x.virtualTrading).toBe(false);
        // Signed out: the store is empty.
        expect(session.token).toBeUndefined();
        expect(c.world.session.token).toBeUndefined();
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec('real account, virtual trading on', { virtualTrading: true, demo: false }),
  spec('demo account, virtual trading off', { virtualTrading: false, demo: true }),
];

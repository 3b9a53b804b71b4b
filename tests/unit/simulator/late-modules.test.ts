/**
 * The worker's simulator answers the market from its first chunk and loads
 * the other modules (users, identity, trading, user centre) alongside
 * (`early`). Here their loading is held back by the test: a call or a
 * channel auth made before they are in waits for them (never a 404, never an
 * empty snapshot), and a save made meanwhile leaves their saved sections as
 * they were.
 */
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/api/types/realtime.ts';
import type { SimModule } from '../../../src/simulator/module.ts';
import { LATE_MODULES } from '../../../src/simulator/modules/late.ts';
import { memoryStore } from '../../../src/simulator/store.ts';
import { createWorld, type TestWorld } from '../../support/sim.ts';

const EMAIL = 'early@example.com';
const PASSWORD = 'secret123';
const settle = () => new Promise((r) => setTimeout(r, 30));

/** A store holding one user with 250 USD, saved by a simulator with every module in. */
async function savedWorld() {
  const store = memoryStore();
  const w = await createWorld({ ticking: false, store });
  const seeded = await w.sim.backOffice.seedUser({
    email: EMAIL,
    password: PASSWORD,
    deposit: 250,
  });
  await w.sim.flush();
  w.sim.stop();
  return { store, ...seeded, start: w.clock.now() + 1000 };
}

/** A simulator started `early` whose late modules load only when `release` is called. */
async function heldWorld(
  store: ReturnType<typeof memoryStore>,
  start: number,
): Promise<{ w: TestWorld; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const loadLate = async (): Promise<readonly SimModule[]> => {
    await gate;
    return LATE_MODULES;
  };
  const w = await createWorld({ ticking: false, store, start, early: true, loadLate });
  return { w, release };
}

/** Whether a promise has settled, without waiting for it. */
function watch<T>(p: Promise<T>): { done: () => boolean } {
  let done = false;
  void p.finally(() => (done = true));
  return { done: () => done };
}

describe('late modules', () => {
  it('answers the market at once; a sign-in and an exchange auth made before the rest loads wait for it', async () => {
    const saved = await savedWorld();
    const { w, release } = await heldWorld(saved.store, saved.start);

    const list = await w.api.call('productList');
    expect(list.code).toBe(0);
    expect(Object.keys(list.data ?? {}).length).toBeGreaterThan(10);

    const login = w.api.call('login', { username: EMAIL, password: PASSWORD, type: 'E' });
    const messages: ServerMessage[] = [];
    const conn = await w.sim.connect('exchange', {
      message: (m) => messages.push(m),
      closed: () => {},
    });
    const auth = conn.send({ op: 'auth', token: saved.token });
    const waiting = watch(login);
    await settle();
    expect(waiting.done()).toBe(false);
    expect(messages).toEqual([]);

    release();
    const r = await login;
    expect(r.code).toBe(0);
    w.session.token = r.data?.token;
    const balance = await w.api.call('userBalance');
    expect(balance.code).toBe(0);
    expect(JSON.stringify(balance.data)).toContain('250');
    await auth;
    // The trading module's snapshot: the user's order lists, once it is in.
    expect(messages.length).toBeGreaterThan(0);
    w.sim.stop();
  });

  it('keeps a late module’s saved section through a save made before it loaded', async () => {
    const saved = await savedWorld();
    const lateUnits = () => [...saved.store.units].filter(([k]) => !k.startsWith('["flags"'));
    const before = lateUnits();
    expect(before.some(([k]) => k.startsWith('["users"'))).toBe(true);

    const { w, release } = await heldWorld(saved.store, saved.start);
    // An operator's change saved while the late modules are still held back.
    w.sim.backOffice.setFlag('explore', true);
    await w.sim.flush();
    expect(saved.store.units.get('["flags","explore"]')).toBe('true');
    expect(lateUnits()).toEqual(before);

    release();
    await w.sim.loaded();
    w.sim.stop();
    // A later start, every module in: the user, the money and the flag are all there.
    const again = await createWorld({ ticking: false, store: saved.store, start: saved.start });
    const r = await again.api.call('login', { username: EMAIL, password: PASSWORD, type: 'E' });
    expect(r.code).toBe(0);
    again.session.token = r.data?.token;
    expect(JSON.stringify((await again.api.call('userBalance')).data)).toContain('250');
    expect(again.sim.backOffice.flags().explore).toBe(true);
    again.sim.stop();
  });
});

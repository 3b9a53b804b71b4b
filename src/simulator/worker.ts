/**
 * The simulator's worker: one simulator, shared by every tab through a
 * SharedWorker (or one per tab in a dedicated Worker), exposed with Comlink.
 * State lives in IndexedDB, so a reload loses nothing.
 */
import './eval-mark.ts';
import * as Comlink from 'comlink';
import type { ChannelSink } from '../api/realtime/connectors.ts';
import type { ChannelName, WireRequest } from '../api/wire.ts';
import type { BackOffice } from './back-office.ts';
import { createSimulator } from './server.ts';
import { indexedDbStore } from './store.ts';
import { createShiftableClock, realClock } from './clock.ts';
import { allQuotes } from './modules/market.ts';

/** The seed of the demo world; every install shows the same markets. */
export const DEMO_SEED = 20261122;

/**
 * PBKDF2 cost in the browser: below the Node host's 600,000 so signing in on
 * a phone stays quick; these demo hashes never leave the device.
 */
export const WORKER_PASSWORD_ITERATIONS = 100_000;

performance.mark('sim:worker');
const sim = createSimulator({
  seed: DEMO_SEED,
  passwordIterations: WORKER_PASSWORD_ITERATIONS,
  store: indexedDbStore(),
  clock: createShiftableClock(realClock),
  // Answer the product list and quotes from the first chunk; the rest loads alongside.
  early: true,
});

// The first quotes cost tens of ms (each product's day path so far and hours);
// worked out as soon as the state is in, they are ready when the page asks
// (the page is usually still loading then). Before any call queued on `sim`.
void sim.then((s) => {
  performance.mark('sim:ready');
  allQuotes(s.ctx, s.ctx.clock.now());
  performance.mark('sim:quotes');
});

/** Forwards each back-office call to the simulator once it is ready. */
const backOffice = new Proxy({} as BackOffice, {
  get:
    (_t, key: string) =>
    async (...args: unknown[]) => {
      const s = await sim;
      // Most operations are the late modules' (seedUser, approvals…).
      await s.loaded();
      const bo = s.backOffice as unknown as Record<string, (...a: unknown[]) => unknown>;
      const fn = bo[key];
      if (typeof fn !== 'function') throw new Error(`no back-office operation ${key}`);
      const out = await fn(...args);
      // The operator's change is saved at once, like a call's.
      await s.flush();
      return out;
    },
});

export const workerApi = {
  handle: async (req: WireRequest) => (await sim).handle(req),
  connect: async (name: ChannelName, sink: ChannelSink) =>
    Comlink.proxy(await (await sim).connect(name, sink)),
  backOffice,
  ready: async () => {
    await sim;
    return true;
  },
  /** Stop the market's tick: a page of a live site started this worker on a guess (ui/boot/early.ts). */
  stop: async () => (await sim).stop(),
  /** The worker's start-up marks on the page's clock base (epoch ms), for traces. */
  marks: () =>
    performance
      .getEntriesByType('mark')
      .map((m) => ({ name: m.name, at: performance.timeOrigin + m.startTime })),
};
export type WorkerApi = typeof workerApi;

const scope = self as unknown as {
  onconnect?: ((e: MessageEvent) => void) | null;
  addEventListener(type: string, fn: () => void): void;
};
if ('onconnect' in scope) {
  scope.onconnect = (e: MessageEvent) => {
    const port = e.ports[0];
    if (port) Comlink.expose(workerApi, port);
  };
} else {
  Comlink.expose(workerApi);
}

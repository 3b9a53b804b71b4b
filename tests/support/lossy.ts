/**
 * A real client in front of a test world's simulator whose network can lose
 * a reply after the server did the work (the request arrived, was carried
 * out, and its answer never came back, or a proxy answered 502/504 instead),
 * or be down altogether.
 */
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { matchCall, type CallName } from '../../src/api/contract.ts';
import { simulatorTransport } from '../../src/api/transports/simulator.ts';
import { NetworkError } from '../../src/api/wire.ts';
import { resetServerClock } from '../../src/state/server-clock.ts';
import { t } from './i18n.ts';
import type { TestWorld } from './sim.ts';

export interface LossyClient {
  api: ApiClient;
  /** The next reply of `name` is lost after the server carried the call out. */
  loseReply(name: CallName): void;
  /** The next reply of `name` is a proxy's 502 or 504 after the server carried the call out. */
  gatewayFails(name: CallName, status: 502 | 504): void;
  /** The next request of `name` is lost on its way: the server never sees it. */
  loseRequest(name: CallName): void;
  /** No request reaches the server (true) or every one does again (false). */
  offline(down: boolean): void;
  /** The calls that reached the server, by name, in order. */
  served: CallName[];
}

export function lossyClient(w: TestWorld): LossyClient {
  const inner = simulatorTransport(w.sim);
  const lose = new Set<CallName>();
  const unsent = new Set<CallName>();
  const gateway = new Map<CallName, number>();
  const served: CallName[] = [];
  let down = false;
  // The actors stamp their presses with the server's clock: the world's virtual one.
  resetServerClock(() => w.clock.now());
  const api = createApiClient({
    transport: {
      send: async (req, signal) => {
        if (down) throw new NetworkError('offline');
        const name = matchCall(req.root, req.path)?.name;
        if (name && unsent.delete(name)) throw new NetworkError('request lost');
        const res = await inner.send(req, signal);
        if (name) served.push(name);
        if (name && lose.delete(name)) throw new NetworkError('reply lost');
        const status = name && gateway.get(name);
        if (name && status) {
          gateway.delete(name);
          return { status, body: 'bad gateway' };
        }
        return res;
      },
    },
    token: () => w.session.token,
    t,
    toast: (m) => w.toasts.push(m),
    sessionExpired: (r) => {
      w.expired.push(r);
      w.session.token = undefined;
    },
  });
  return {
    api,
    loseReply: (name) => lose.add(name),
    gatewayFails: (name, status) => gateway.set(name, status),
    loseRequest: (name) => unsent.add(name),
    offline: (d) => (down = d),
    served,
  };
}

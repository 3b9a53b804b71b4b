/**
 * A simulator on a virtual clock with the real API client in front of it:
 * what machine and simulator tests drive. Nothing here mocks the client.
 */
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { simulatorTransport } from '../../src/api/transports/simulator.ts';
import { httpTransport } from '../../src/api/transports/http.ts';
import { createChannel, type Channel } from '../../src/api/realtime/channel.ts';
import { simulatorConnector } from '../../src/api/realtime/connectors.ts';
import { createVirtualClock, type VirtualClock } from '../../src/simulator/clock.ts';
import {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../src/simulator/server.ts';
import type { ChannelName } from '../../src/api/wire.ts';
import { PEER_HEADER } from '../../src/simulator/payload.ts';
import { t } from './i18n.ts';

/** Wednesday 18 Nov 2026, 15:00 UTC (10:00 in New York): every market is open. */
export const T0 = Date.UTC(2026, 10, 18, 15, 0, 0);

export interface TestWorld {
  clock: VirtualClock;
  sim: Simulator;
  api: ApiClient;
  /** The client's session token (set it after a login). */
  session: { token: string | undefined };
  /** Toasts the client showed. */
  toasts: string[];
  /** Session-expired signals the client raised. */
  expired: Array<'401' | '23519' | '1124'>;
  channel(name: ChannelName): Channel;
}

export async function createWorld(
  opts: SimulatorOptions & { start?: number; timeoutMs?: number } = {},
): Promise<TestWorld> {
  const clock = createVirtualClock(opts.start ?? T0);
  // A cheap password hash keeps the suite fast; the Node host uses 600,000 iterations.
  const sim = await createSimulator({ seed: 7, clock, passwordIterations: 1_000, ...opts });
  const session = { token: undefined as string | undefined };
  const toasts: string[] = [];
  const expired: Array<'401' | '23519' | '1124'> = [];
  const api = createApiClient({
    transport: simulatorTransport(sim),
    token: () => session.token,
    t,
    toast: (m) => toasts.push(m),
    sessionExpired: (r) => {
      expired.push(r);
      session.token = undefined;
    },
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
  return {
    clock,
    sim,
    api,
    session,
    toasts,
    expired,
    channel: (name) => createChannel(name, simulatorConnector(sim, name)),
  };
}

/** A client of the same simulator at another network address (the host's `X-Sim-Peer`), with its own session. */
export interface PeerClient {
  api: ApiClient;
  session: { token: string | undefined };
}

/** A second client, as if it called from `peer` (throttles count per source). */
export function clientAt(w: TestWorld, peer: string): PeerClient {
  const session = { token: undefined as string | undefined };
  const inner = simulatorTransport(w.sim);
  const api = createApiClient({
    transport: {
      send: (req, signal) =>
        inner.send({ ...req, headers: { ...req.headers, [PEER_HEADER]: peer } }, signal),
    },
    token: () => session.token,
    t,
    toast: () => undefined,
    sessionExpired: () => {
      session.token = undefined;
    },
  });
  return { api, session };
}

/** The real API client over HTTP to a Node host at `url`, calling with `token()`; no toasts. */
/** The HTTP transport to a Node host at `url`, as the app's live mode makes it. */
export const hostTransport = (url: string) =>
  httpTransport({
    roots: { api: `${url}/api`, market: `${url}/market`, exchange: `${url}/exchange` },
    prefix: '/v1',
  });

export const hostApi = (url: string, token: () => string | undefined): ApiClient =>
  createApiClient({
    transport: hostTransport(url),
    token,
    t,
    toast: () => {},
    sessionExpired: () => {},
  });

/**
 * The two back ends behind one shape: the simulator in a (Shared)Worker, or a
 * live server over HTTP and WebSocket. Chosen by the site config.
 */
import * as Comlink from 'comlink';
import { channelPaths } from '../../api/contract.ts';
import { createChannel, type Channel } from '../../api/realtime/channel.ts';
import { simulatorConnector, webSocketConnector } from '../../api/realtime/connectors.ts';
import { httpTransport } from '../../api/transports/http.ts';
import { simulatorTransport } from '../../api/transports/simulator.ts';
import type { ChannelName, Transport } from '../../api/wire.ts';
import type { SiteConfig } from '../../config/site.ts';
import type { WorkerApi } from '../../simulator/worker.ts';
import { startWorker, takeWorker, type SimulatorWorker } from './early.ts';
import { liveKey, simulatorKey, withEarlyReplies } from './early-replies.ts';
import { withEarlySocket } from './early-socket.ts';

export interface Backend {
  kind: 'simulator' | 'live';
  transport: Transport;
  channels: Record<ChannelName, Channel>;
  /** The simulator's back office (simulator mode only). */
  simulator?: Comlink.Remote<WorkerApi>;
}

export function simulatorBackend(cfg?: SiteConfig): Backend {
  // Usually started by the entry already (early.ts), which sent it the first product-list call.
  const { remote } = takeWorker() ?? startWorker();
  // Responsible trading's cooling-off is the site's (site.ts `responsibleTrading`).
  const rt = cfg?.responsibleTrading;
  if (typeof rt === 'object' && rt.coolingOffHours !== undefined) {
    // Across the worker, every back-office operation answers a promise.
    const bo = remote.backOffice as unknown as { setCoolingOff(h: number): Promise<void> };
    bo.setCoolingOff(rt.coolingOffHours).catch((e: unknown) => {
      console.error('simulator: cooling-off from the site config refused', e);
    });
  }
  const server = { handle: remote.handle, connect: remote.connect };
  const channel = (name: ChannelName) =>
    createChannel(
      name,
      simulatorConnector(server, name, (sink) => Comlink.proxy(sink)),
    );
  return {
    kind: 'simulator',
    transport: withEarlyReplies(simulatorTransport(server), simulatorKey),
    channels: { market: channel('market'), exchange: channel('exchange') },
    simulator: remote,
  };
}

export function liveBackend(cfg: SiteConfig): Backend {
  const live = cfg.live;
  if (!live) throw new Error('live back end needs site config "live"');
  return {
    kind: 'live',
    transport: withEarlyReplies(
      httpTransport({ roots: live.roots, prefix: live.prefix ?? '/v1' }),
      liveKey(live.roots, live.prefix),
    ),
    channels: {
      // The entry's early socket, when it opened one (early-socket.ts).
      market: createChannel(
        'market',
        withEarlySocket(live.ws.market, webSocketConnector(live.ws.market || channelPaths.market)),
      ),
      exchange: createChannel(
        'exchange',
        webSocketConnector(live.ws.exchange || channelPaths.exchange),
      ),
    },
  };
}

/** A worker the entry started on a guess that turned out wrong: stop its simulator and let it go. */
function releaseWorker({ endpoint, remote }: SimulatorWorker): void {
  if (endpoint instanceof Worker) return endpoint.terminate();
  // A SharedWorker cannot be ended from a page: its simulator stops ticking (no tab of a live site uses it).
  void remote.stop().finally(() => endpoint.close());
}

export function createBackend(cfg: SiteConfig): Backend {
  if (cfg.backend !== 'live') return simulatorBackend(cfg);
  const early = takeWorker();
  if (early) releaseWorker(early);
  return liveBackend(cfg);
}

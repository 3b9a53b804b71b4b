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

export interface Backend {
  kind: 'simulator' | 'live';
  transport: Transport;
  channels: Record<ChannelName, Channel>;
  /** The simulator's back office (simulator mode only). */
  simulator?: Comlink.Remote<WorkerApi>;
}

function startWorker(): MessagePort | Worker {
  performance.mark('boot:worker');
  // Both constructors are spelled out so the bundler finds and builds the worker.
  if (typeof SharedWorker !== 'undefined') {
    const w = new SharedWorker(new URL('../../simulator/worker.ts', import.meta.url), {
      type: 'module',
      name: 'trader-simulator',
    });
    w.port.start();
    return w.port;
  }
  return new Worker(new URL('../../simulator/worker.ts', import.meta.url), { type: 'module' });
}

export function simulatorBackend(): Backend {
  const remote = Comlink.wrap<WorkerApi>(startWorker());
  const server = { handle: remote.handle, connect: remote.connect };
  const channel = (name: ChannelName) =>
    createChannel(
      name,
      simulatorConnector(server, name, (sink) => Comlink.proxy(sink)),
    );
  return {
    kind: 'simulator',
    transport: simulatorTransport(server),
    channels: { market: channel('market'), exchange: channel('exchange') },
    simulator: remote,
  };
}

export function liveBackend(cfg: SiteConfig): Backend {
  const live = cfg.live;
  if (!live) throw new Error('live back end needs site config "live"');
  return {
    kind: 'live',
    transport: httpTransport({ roots: live.roots, prefix: live.prefix ?? '/v1' }),
    channels: {
      market: createChannel('market', webSocketConnector(live.ws.market || channelPaths.market)),
      exchange: createChannel(
        'exchange',
        webSocketConnector(live.ws.exchange || channelPaths.exchange),
      ),
    },
  };
}

export const createBackend = (cfg: SiteConfig): Backend =>
  cfg.backend === 'live' ? liveBackend(cfg) : simulatorBackend();

/**
 * The start-up machine's real actors (./machine.ts). The services (transport,
 * channels, i18n) are built by the UI layer (src/ui/boot/), so the app passes
 * how to load the config and start them; what follows (reading the system
 * config into the flags store and the session's demo rule, and the version
 * file) is here.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { staticFiles } from '../../api/contract.ts';
import type { SystemConfigEntry } from '../../api/types/trading.ts';
import type { SiteConfig } from '../../config/site.ts';
import { flag, setFlags, settleFlags } from '../../state/site.ts';
import { ConfigMissing } from './machine.ts';

/** What the flag read needs of the started services. */
export interface StartedBackend {
  api: ApiClient;
  /** The session machine, told the demo rule each time the flags are read. */
  session: { send: (event: { type: 'flags.change'; virtualTrading: boolean }) => void };
}

/** The app's part: where the config comes from and how the services start. */
export interface StartupHost {
  loadConfig: () => Promise<SiteConfig>;
  startBackend: (config: SiteConfig) => Promise<StartedBackend>;
}

/** The system config's entries, applied app-wide; the flags are final for now either way. */
async function loadSystemConfig(backend: StartedBackend | undefined): Promise<SystemConfigEntry[]> {
  try {
    const r = await backend?.api.call('systemConfig');
    if (!r?.data) throw new Error(r?.message ?? 'no services');
    performance.mark('boot:flags');
    setFlags(r.data.systemConfigs);
    // The demo rule holds app-wide, on whatever screen is open.
    backend?.session.send({ type: 'flags.change', virtualTrading: flag('virtualTrading') });
    return r.data.systemConfigs;
  } finally {
    // Read or not, the flags are final for now: what waits on them shows.
    settleFlags();
  }
}

/** The version the deployed version file names; none in development (the dev server has no build). */
async function readServedVersion(): Promise<string | undefined> {
  if (import.meta.env.DEV) return undefined;
  const res = await fetch(`${import.meta.env.BASE_URL}${staticFiles.version}`, {
    cache: 'no-store',
  });
  if (!res.ok) return undefined;
  const body: unknown = await res.json();
  return typeof body === 'object' &&
    body !== null &&
    'version' in body &&
    typeof body.version === 'string'
    ? body.version
    : undefined;
}

/** The real actors; the started services stay here for the flag reads that follow. */
export const startupActors = (host: StartupHost) => {
  let backend: StartedBackend | undefined;
  return {
    loadConfig: fromPromise<SiteConfig>(() => host.loadConfig()),
    startBackend: fromPromise<void, { config: SiteConfig | undefined }>(async ({ input }) => {
      if (!input.config) throw new ConfigMissing('no config to start with');
      backend = await host.startBackend(input.config);
    }),
    loadSystemConfig: fromPromise<SystemConfigEntry[]>(() => loadSystemConfig(backend)),
    checkVersion: fromPromise<string | undefined>(readServedVersion),
  };
};

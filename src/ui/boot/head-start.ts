/**
 * The site config read and the services started as the app mounts, while
 * React renders its first tree, instead of after it (issue 14: at 4x CPU
 * the first render took 250 ms before the config was even parsed). The
 * start-up machine's actors take them (once): `loadConfig` the config,
 * `startBackend` the services for that same config. Whatever fails is
 * reported when an actor takes it, as before.
 */
import type { SiteConfig } from '../../config/site.ts';
import { currentDevice, walletOnlyTarget } from '../../config/wallet-only.ts';
import { createServices, loadSiteConfig, type Services } from './services.ts';

/** The config, or, on a wallet-only site (trading.md §1), leaving before anything starts. */
export async function readConfig(): Promise<SiteConfig> {
  const config = await loadSiteConfig();
  const away = walletOnlyTarget(config.walletOnly, currentDevice());
  if (!away) return config;
  window.location.replace(away);
  return new Promise<never>(() => {});
}

let config: Promise<SiteConfig> | undefined;
let services: { config: SiteConfig; started: Promise<Services> } | undefined;

export function headStart(): void {
  config = readConfig();
  config.then(
    (c) => {
      services = { config: c, started: createServices(c) };
      services.started.catch(() => {});
    },
    () => {},
  );
}

export function takeConfig(): Promise<SiteConfig> {
  const c = config;
  config = undefined;
  return c ?? readConfig();
}

/** The services begun for this config, or new ones. */
export function takeServices(c: SiteConfig): Promise<Services> {
  const s = services;
  services = undefined;
  return s?.config === c ? s.started : createServices(c);
}

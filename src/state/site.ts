/** The loaded site configuration and the live feature flags (config file, then system config). */
import { proxy } from 'valtio/vanilla';
import { flagOn, type SiteConfig } from '../config/site.ts';

export interface SiteState {
  config: SiteConfig | undefined;
  flags: Record<string, boolean>;
  /** Offline: every active real-time channel is stale. */
  offline: boolean;
  /**
   * The market channel has sent nothing for the stale time (10 s) and is
   * being reconnected: the prices on screen are the last ones it sent, not
   * live, and say so (trading.md §4).
   */
  marketStale: boolean;
  /** The first read of the system config has settled (read, or failed and the site's flags stand). */
  flagsReady: boolean;
}

export const site = proxy<SiteState>({
  config: undefined,
  flags: {},
  offline: false,
  marketStale: false,
  flagsReady: false,
});

let settle = () => {};
/** Resolves once the flags are final for this start (ui/hooks/use-flags.ts waits on it). */
export const flagsSettled = new Promise<void>((r) => (settle = r));

export function settleFlags(): void {
  site.flagsReady = true;
  settle();
}

export function setFlags(entries: Array<{ name: string; enable: boolean }>): void {
  for (const { name, enable } of entries) site.flags[name] = enable;
}

/** A flag's value, or its spec default when the site does not set it. */
export const flag = (name: string): boolean => flagOn(site.flags, name);

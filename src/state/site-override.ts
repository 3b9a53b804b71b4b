/**
 * This tab's override of the site file (config/site-override.ts), kept in
 * sessionStorage so it lives as long as the tab and no other tab sees it; and
 * what this start applied, for the console's Site pane and the marker that
 * says so on every screen.
 */
import { overSiteFile } from '../config/site-override.ts';
import { parseSiteConfig, type SiteConfig } from '../config/site.ts';

export const SITE_OVERRIDE_KEY = 'trader.siteOverride';

/** The site file as this start read it, and the keys an override changed (none: the file alone). */
export const siteOverride: { file: unknown; keys: string[] } = { file: undefined, keys: [] };

/** The config to start with: the file, and over it this tab's override when one applies. */
export function withSiteOverride(raw: unknown): SiteConfig {
  siteOverride.file = raw;
  try {
    const kept = globalThis.sessionStorage?.getItem(SITE_OVERRIDE_KEY);
    if (kept) {
      const over = JSON.parse(kept) as object;
      const cfg = overSiteFile(raw, over);
      siteOverride.keys = Object.keys(over);
      return cfg;
    }
  } catch (e) {
    // A live file, or a file changed under a kept override: the file stands, and the override goes.
    console.warn('site override not applied:', e);
    writeSiteOverride(undefined);
  }
  return parseSiteConfig(raw);
}

/** Keep (or, with undefined, drop) this tab's override for the next start; false when storage refused it. */
export function writeSiteOverride(over: object | undefined): boolean {
  try {
    if (over) sessionStorage.setItem(SITE_OVERRIDE_KEY, JSON.stringify(over));
    else sessionStorage.removeItem(SITE_OVERRIDE_KEY);
    return true;
  } catch {
    return false;
  }
}
